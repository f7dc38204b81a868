/** Superscript and subscript characters: a note call ('here¹') or an exponent, never part of a word. */
const SCRIPTS = /[\u00b2\u00b3\u00b9\u2070-\u209f]/gu;

/**
 * Lower-case text without diacritics, for accent- and case-insensitive matching; superscript and subscript
 * characters become spaces, so 'here¹' is found as 'here'.
 */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SCRIPTS, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
