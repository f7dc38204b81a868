import path from 'node:path';
import { readStemPairs } from './stem-pairs';

/** Where the synonym pairs are (written by backend/scripts/make-synonyms.ts from WordNet and LibreOffice's thesaurus). */
const FILE = path.join(import.meta.dirname, 'synonyms.txt');

let table: Map<string, Set<string>> | undefined;

/** The stems (tagged 'es:…'/'en:…', see stems.ts) that mean what `stem` means, per the lexical resources. */
export function synonymsOf(stem: string): ReadonlySet<string> | undefined {
  table ??= readStemPairs(FILE);
  return table.get(stem);
}
