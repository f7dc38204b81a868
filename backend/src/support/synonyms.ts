import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the synonym pairs are (written by backend/scripts/make-synonyms.ts from WordNet and LibreOffice's thesaurus). */
const FILE = path.join(import.meta.dirname, 'synonyms.txt');

let table: Map<string, Set<string>> | undefined;

function load(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    let set = out.get(a);
    if (!set) out.set(a, (set = new Set()));
    set.add(b);
  };
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
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

/** The stems (tagged 'es:…'/'en:…', see stems.ts) that mean what `stem` means, per the lexical resources. */
export function synonymsOf(stem: string): ReadonlySet<string> | undefined {
  table ??= load();
  return table.get(stem);
}
