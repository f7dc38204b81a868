/** Letters, with the combining marks of accents written apart. */
const LETTERS = '[\\p{L}\\p{M}]+';
/** A hyphen inside a word: ASCII, U+2010 and the non-breaking U+2011. */
const INNER_HYPHEN = '[-\\u2010\\u2011]';
const WORD_CHAIN = new RegExp(`${LETTERS}(?:${INNER_HYPHEN}${LETTERS})*`, 'gu');
const INNER_HYPHENS = new RegExp(INNER_HYPHEN, 'gu');

/** The form words are compared in: composed, lower case, one kind of hyphen. */
export const foldWord = (word: string): string => word.normalize('NFC').toLowerCase().replace(INNER_HYPHENS, '-');

/** What a document writes, folded (`foldWord`). */
export interface Vocabulary {
  /** How often each word is written whole, alone or as a part of a hyphenated compound. */
  words: ReadonlyMap<string, number>;
  /** How often each hyphenated compound ('self-evident', 'c-est-à-dire' without the apostrophe) is written. */
  compounds: ReadonlyMap<string, number>;
  /** For the first and the last part of compounds: how many different compounds begin or end with it. */
  heads: ReadonlyMap<string, number>;
  tails: ReadonlyMap<string, number>;
  /** `words`' keys in order, to find the words that begin a certain way. */
  sorted: readonly string[];
}

/** A line of a document, and whether a line-end hyphen cuts the word at its start or its end. */
export interface VocabularyLine {
  text: string;
  cutBefore: boolean;
  cutAfter: boolean;
}

/**
 * The vocabulary of a document's lines, without the two halves of each word cut at a line end: they are what
 * is to be decided, not evidence.
 */
export function documentVocabulary(lines: Iterable<VocabularyLine>): Vocabulary {
  const words = new Map<string, number>();
  const compounds = new Map<string, number>();
  const heads = new Map<string, number>();
  const tails = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const { text, cutBefore, cutAfter } of lines) {
    let whole = text;
    if (cutBefore) whole = whole.replace(/^\S*/u, '');
    if (cutAfter) whole = whole.replace(/\S*$/u, '');
    for (const [chain] of whole.matchAll(WORD_CHAIN)) {
      const folded = foldWord(chain);
      const parts = folded.split('-');
      for (const part of parts) count(words, part);
      if (parts.length === 1) continue;
      if (!compounds.has(folded)) {
        count(heads, parts[0]!);
        count(tails, parts[parts.length - 1]!);
      }
      count(compounds, folded);
    }
  }
  return { words, compounds, heads, tails, sorted: [...words.keys()].sort() };
}

/** Whether some word of the vocabulary begins with `prefix` (or is it). */
export function hasWordStartingWith(vocabulary: Vocabulary, prefix: string): boolean {
  const { sorted } = vocabulary;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}
