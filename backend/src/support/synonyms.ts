import path from 'node:path';
import { heldStemPairs } from './stem-pairs';

/** Where the synonym pairs are (written by backend/scripts/make-synonyms.ts from WordNet and LibreOffice's thesaurus). */
const FILE = path.join(import.meta.dirname, 'synonyms.txt');

const table = heldStemPairs(FILE);

/** The stems (tagged 'es:…'/'en:…', see stems.ts) that mean what `stem` means, per the lexical resources. */
export function synonymsOf(stem: string): ReadonlySet<string> | undefined {
  return table.get().get(stem);
}

/** Whether the synonym table is in memory now (it is read on first use and dropped when idle). */
export const synonymsHeld = (): boolean => table.loaded();
