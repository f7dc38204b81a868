import { foldText } from '../text/fold';
import { isStopword } from '../text/language';

/** A search as Folio reads it: literal phrases (in double quotes) and the words to rank by. */
export interface ParsedQuery {
  /** Phrases that must appear literally: lower-cased, whitespace collapsed, accents kept. */
  phrases: string[];
  /** Distinct accent-folded words of the whole query, phrases included, without stopwords. */
  terms: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case and single spaces: how a literal phrase is compared with a passage. */
export function foldPhrase(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * How a query word matches a passage's words: by its first letters (a word of more than five letters
 * loses its last two, so 'salinas' finds 'salina' and 'cenotes' finds 'cenote').
 */
export const queryStem = (w: string) => (w.length > 5 ? w.slice(0, Math.max(5, w.length - 2)) : w);

export function parseQuery(q: string): ParsedQuery {
  const phrases = [...q.matchAll(/"([^"]+)"/g)].map((m) => foldPhrase(m[1]!)).filter(Boolean);
  const words = foldText(q.replace(/"/g, ' ')).match(WORD) ?? [];
  const terms = [...new Set(words.filter((w) => !isStopword(w) && (w.length > 1 || /\d/.test(w))))];
  return { phrases, terms };
}
