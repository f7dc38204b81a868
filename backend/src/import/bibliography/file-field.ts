/** A file an entry names, as written in the export: not yet resolved against a folder nor looked for. */
export interface FileLink {
  path: string;
  title?: string;
  contentType?: string;
}

/** Content types for the file types JabRef and Mendeley write ('PDF', 'pdf', 'ePUB'). */
const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  html: 'text/html',
  djvu: 'image/vnd.djvu',
  ps: 'application/postscript',
};

/** A LaTeX accent as Mendeley writes one in a path: `{\\"{u}}`, `{\\'e}`, `{\\c{c}}`, `{\\~n}`. */
const ACCENT = /\{\\(?:[`'^"~=.]|[A-Za-z]\s?)(?:\{[A-Za-z]?\}|[A-Za-z])\}/g;

/** Splits `text` at each `sep` no backslash escapes, keeping the escapes for `unescape`. */
function splitUnescaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** JabRef's and Better BibTeX's escapes (`\:`, `\;`, `\\`) as the characters they stand for. */
const unescape = (text: string): string => text.replace(/\\([\\:;])/g, '$1');

const contentType = (type: string | undefined): string | undefined => {
  const t = type?.trim();
  if (!t) return undefined;
  return t.includes('/') ? t : TYPES[t.toLowerCase()];
};

/** A file-type word as JabRef, Mendeley and Zotero write it last: 'PDF', 'pdf', 'application/pdf'. */
const looksLikeType = (text: string): boolean => /^[A-Za-z][\w.+-]*(?:\/[\w.+-]+)?$/.test(text.trim());

/** One link of a `file` field: `description:path:type`, `:path:type`, `path:type` or a bare path. */
function fileLink(segment: string): FileLink | undefined {
  const parts = splitUnescaped(segment, ':');
  let title: string | undefined;
  let path = segment;
  let type: string | undefined;
  if (parts.length >= 3) {
    // An unescaped drive letter (`:C:\x.pdf:PDF`, older JabRef) leaves its colon inside the path.
    title = parts[0];
    path = parts.slice(1, -1).join(':');
    type = parts.at(-1);
  } else if (parts.length === 2) {
    const [first, second] = parts as [string, string];
    if (/^[A-Za-z]$/.test(first) || /^\/\//.test(second)) path = segment;
    else if (first === '') path = second;
    else if (looksLikeType(second)) [path, type] = [first, second];
    else [title, path] = [first, second];
  }
  path = unescape(path).trim();
  if (!path) return undefined;
  const link: FileLink = { path };
  const t = title && unescape(title).trim();
  if (t) link.title = t;
  const ct = contentType(type && unescape(type));
  if (ct) link.contentType = ct;
  return link;
}

/**
 * The files a BibTeX `file` (or BibLaTeX `pdf`) field names, in the syntaxes that programs write:
 * JabRef's `Description:path:PDF;…` with `\:` `\;` `\\` escapes (Windows paths `C\:\\Users\\…`), Zotero's
 * `Full Text:files/12/x.pdf:application/pdf`, Better BibTeX's `/a.pdf;/b.pdf`, and Mendeley's
 * `:C$\backslash$:/Users/…/a.pdf:pdf` with LaTeX escapes (`\_`, `\&`) and accents (`{\"{u}}`, read by
 * `latexText`). Paths as written, URLs included; `locateFile` tells them apart.
 */
export function fileFieldLinks(raw: string, latexText: (text: string) => string): FileLink[] {
  const value = raw
    .replace(ACCENT, (accent) => latexText(accent))
    .replace(/\$\\backslash\$/g, '\\')
    // Mendeley escapes LaTeX's special characters in paths; a doubled backslash is an escaped backslash.
    .replace(/(?<!\\)\\([_&%#$])/g, '$1')
    .replace(/(?<!\\)\\([{}])/g, '$1');
  return splitUnescaped(value, ';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(fileLink)
    .filter((l): l is FileLink => !!l);
}
