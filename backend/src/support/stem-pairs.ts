import { readFileSync } from 'node:fs';
import { idleValue, type IdleValue } from '../ai/idle-engine';

/**
 * Reads a file of stem pairs written by backend/scripts/make-synonyms.ts (lines 'language stem other…',
 * '#' lines are comments) into a symmetric relation over language-tagged stems ('es:aument' → 'es:crec').
 */
export function readStemPairs(file: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    let set = out.get(a);
    if (!set) out.set(a, (set = new Set()));
    set.add(b);
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    const [language, stem, ...others] = line.split(' ');
    if (!language || !stem) continue;
    for (const other of others) {
      link(`${language}:${stem}`, `${language}:${other}`);
      link(`${language}:${other}`, `${language}:${stem}`);
    }
  }
  return out;
}

let idleMs = 5 * 60_000;

/** How long a table of stem pairs is kept without use (FOLIO_ENGINE_IDLE_MINUTES); 0 keeps them for good. */
export function keepStemPairsFor(ms: number): void {
  idleMs = ms;
}

/**
 * The stem pairs of `file`, read on first use and dropped after `keepStemPairsFor`'s time without a look-up,
 * as the models are: the synonym table, a 900 KB file, is ~18 MB in memory (41,000 stems, each with a Set),
 * which a server kept for good after its first answer (issue 35). Reading it again takes ~150 ms.
 */
export function heldStemPairs(file: string): IdleValue<Map<string, Set<string>>> {
  return idleValue(
    () => readStemPairs(file),
    () => idleMs,
  );
}
