import { decideHyphen, type HyphenDecision } from './hyphen-decision';
import { documentVocabulary, type VocabularyLine } from './hyphen-vocabulary';

/** A letter, then a hyphen that may cut it from the next line: U+2011, the non-breaking hyphen, never does. */
const LINE_END_HYPHEN = /[\p{L}\p{M}][-\u2010\u00ad]$/u;
/** A soft hyphen inside a word: invisible, a place the word may be cut, never a character of it. */
const INNER_SOFT_HYPHEN = /(?<=[\p{L}\p{M}])\u00ad(?=[\p{L}\p{M}])/gu;

/** A decision on one line-end hyphen, with the words on either side of it. */
export interface MendedHyphen extends HyphenDecision {
  before: string;
  after: string;
}

/** Whether line i ends in a hyphen that may cut a word the next line goes on with (a blank line ends a paragraph). */
function endsCut(lines: readonly string[], i: number): boolean {
  const next = lines[i + 1];
  return next !== undefined && next !== '' && LINE_END_HYPHEN.test(lines[i]!);
}

function* vocabularyLines(pages: readonly (readonly string[])[]): Generator<VocabularyLine> {
  for (const lines of pages) {
    for (const [i, text] of lines.entries()) {
      yield { text, cutBefore: i > 0 && endsCut(lines, i - 1), cutAfter: endsCut(lines, i) };
    }
  }
}

/**
 * The texts of a document's pages with line-end hyphenation undone, and every decision taken. A word cut at a
 * line end ('discov-' / 'ers the truth') is mended on the first line ('discovers' / 'the truth'), its hyphen
 * dropped or, in a compound, kept ('self-evident'), as `decideHyphen` says against the vocabulary of the whole
 * document. The lines stay as many as they were, so nothing else moves, but for a line that held nothing but
 * the word's end. A word is never mended across a blank line or a page: that would move text to another
 * paragraph or another page's anchor.
 */
export function mendLineEndHyphens(pages: readonly string[]): { pages: string[]; decisions: MendedHyphen[] } {
  const split = pages.map((texto) => texto.replace(INNER_SOFT_HYPHEN, '').split('\n'));
  const vocabulary = documentVocabulary(vocabularyLines(split));
  const decisions: MendedHyphen[] = [];
  const mended = split.map((lines) => {
    let i = 0;
    while (i < lines.length - 1) {
      if (!endsCut(lines, i)) {
        i++;
        continue;
      }
      const line = lines[i]!;
      const before = line.slice(0, -1).split(/\s/).pop()!;
      const [after = '', rest = ''] = lines[i + 1]!.split(/\s+(.*)/su, 2);
      const decision = decideHyphen(before, line.slice(-1), after, vocabulary);
      decisions.push({ ...decision, before, after });
      if (decision.action === 'leave') {
        i++;
        continue;
      }
      lines[i] = (decision.action === 'join' ? line.slice(0, -1) : line) + after;
      if (rest) {
        lines[i + 1] = rest;
        i++;
      } else {
        // The next line held only the word's end: the mended line may now end in a cut word itself.
        lines.splice(i + 1, 1);
      }
    }
    return lines.join('\n');
  });
  return { pages: mended, decisions };
}

/** The texts of a document's pages with line-end hyphenation undone (`mendLineEndHyphens`). */
export function undoLineEndHyphens(pages: readonly string[]): string[] {
  return mendLineEndHyphens(pages).pages;
}
