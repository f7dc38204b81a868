/**
 * A hard line break inside running text (HTML `<br>`, RTF `\line`, ODF `text:line-break`), held as a
 * private-use character while the text's whitespace is collapsed, since that collapse would eat a '\n'.
 */
export const BREAK = '\uE000';

const HELD_BREAK = new RegExp(` ?${BREAK} ?`, 'g');

/** Whitespace collapsed as HTML and ODF do (runs of it, no-break spaces too, become one space), held breaks turned into '\n' (never two in a row), both ends trimmed. */
export function collapseWithBreaks(text: string): string {
  return text
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(HELD_BREAK, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
