/** Superscript and subscript characters: a note call ('here¹') or an exponent, never part of a word. */
const SCRIPTS = /[\u00b2\u00b3\u00b9\u2070-\u209f]/gu;

// eslint-disable-next-line no-control-regex -- every ASCII character, controls included
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Lower-case text without diacritics, for accent- and case-insensitive matching; superscript and subscript
 * characters become spaces, so 'here¹' is found as 'here'.
 */
export function foldText(s: string): string {
  // ASCII has nothing to decompose, no marks and no scripts: the same result without the Unicode
  // normalization, which was most of the feature reranker's time (100 candidates per search).
  if (ASCII.test(s)) return s.toLowerCase().replace(/\s+/g, ' ').trim();
  // Only the non-ASCII runs are decomposed: canonical decomposition and reordering never cross an ASCII
  // character, so the result is the whole text's, at a fraction of the cost on mostly-ASCII text.
  return s.replace(NON_ASCII, foldRun).toLowerCase().replace(/\s+/g, ' ').trim();
}

// eslint-disable-next-line no-control-regex -- the complement of every ASCII character, controls included
const NON_ASCII = /[^\x00-\x7f]+/g;

const foldRun = (run: string) =>
  run
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SCRIPTS, ' ');
