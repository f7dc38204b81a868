#!/usr/bin/env bash
# Copies the bundled CSL styles and locales (backend/src/cite/csl/) from Debian's packages of the CSL
# project's repositories. Run as root from the repository root: bash backend/scripts/update-csl.sh
set -euo pipefail
dest=backend/src/cite/csl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download citation-style-language-styles citation-style-language-locales)
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/x"; done
src="$work/x/usr/share/citation-style-language"
for style in modern-language-association chicago-author-date chicago-note-bibliography \
  chicago-fullnote-bibliography ieee iso690-author-date-es iso690-author-date-en iso690-numeric-en; do
  cp "$src/styles/$style.csl" "$dest/styles/"
done
for locale in es-MX es-CL en-GB pt-BR pt-PT fr-CA it-IT ca-AD eu; do
  cp "$src/locales/locales-$locale.xml" "$dest/locales/"
done
ls -l "$dest/styles" "$dest/locales"
