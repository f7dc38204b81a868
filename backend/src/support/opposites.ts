import path from 'node:path';
import { heldStemPairs } from './stem-pairs';
import { stemsOf } from './stems';
import { contentWords } from './text';

/** Antonym pairs of stems (written by backend/scripts/make-synonyms.ts from WordNet and a Spanish list). */
const FILE = path.join(import.meta.dirname, 'antonyms.txt');

const table = heldStemPairs(FILE);

/** Whether the antonym table is in memory now (it is read on first use and dropped when idle). */
export const antonymsHeld = (): boolean => table.loaded();

/**
 * A word of the claim whose opposite stands in `text` in its place ('lejanos' where the text says
 * 'cercanos', 'shrank' where it says 'grew'): the claim's word is not in the text, and the opposite is not in
 * the claim. Undefined when there is none.
 */
export function opposedWords(claim: string, text: string): { claim: string; text: string } | undefined {
  const antonyms = table.get();
  const claimWords = contentWords(claim);
  const textWords = contentWords(text);
  const claimStems = new Set(claimWords.flatMap((w) => stemsOf(w.word)));
  const textStems = new Set(textWords.flatMap((w) => stemsOf(w.word)));
  for (const w of claimWords) {
    const stems = stemsOf(w.word);
    if (stems.some((s) => textStems.has(s))) continue;
    const opposites = new Set(stems.flatMap((s) => [...(antonyms.get(s) ?? [])]));
    if (opposites.size === 0) continue;
    const other = textWords.find((t) => {
      const ts = stemsOf(t.word);
      return ts.some((s) => opposites.has(s)) && !ts.some((s) => claimStems.has(s));
    });
    if (other) return { claim: w.word, text: other.word };
  }
  return undefined;
}
