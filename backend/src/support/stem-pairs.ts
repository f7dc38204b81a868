import { readFileSync } from 'node:fs';

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
