/**
 * Metadata read from PDFs against labelled sets: `npm run eval:metadata [-- --floor] [--quiet]`.
 *
 * 1. The outside material's `metadata-dev/` (89 real PDFs other people wrote, labelled from their title pages,
 *    `metadata-dev-set.ts`): title, authors (the whole list in order), year and DOI, exact after folding, for
 *    the whole set and by language and kind, and the precision of authors (of the documents given authors, how
 *    many have the right list). With `--floor`, exits non-zero when a whole-set figure falls below `FLOORS`
 *    (CI runs it so). Skips with a message where the material is absent.
 * 2. `backend/bench/metadata-labels.json`, the expected title, authors ('Surname, Given') and year of the real
 *    PDFs with a title page in the outside material's other folders (paths relative to it).
 * Each file goes through the real PDF converter, with no look-up. Every miss is printed, expected against found,
 * with where the found value came from (`origen`).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { convertPdf } from '../src/ingest/pdf/pdf';
import type { FoundMetadata } from '../src/ingest/converter';
import { foldText } from '../src/ingest/pdf/pdf-metadata-choice';
import { fixtureAbsent, fixturePath, hasFixture } from '../src/testing/fixtures';
import {
  DEV_FIELDS,
  judge,
  rate,
  rates,
  readDevMetadata,
  readGold,
  type DevField,
  type DevResult,
  type Rates,
} from './metadata-dev-set';

/**
 * The accepted whole-set figures on metadata-dev (raise them as the reading improves; lower only with a reason
 * in the commit). `precision` is the share of right author lists among the documents given authors.
 */
const FLOORS: Record<DevField | 'precision', number> = {
  title: 0.92,
  authors: 0.93,
  year: 0.91,
  doi: 1,
  precision: 0.95,
};

interface Label {
  file: string;
  titulo?: string;
  autores?: string[];
  anio?: number;
}

type Field = 'titulo' | 'autores' | 'anio';
const FIELDS: Field[] = ['titulo', 'autores', 'anio'];

function matches(field: Field, expected: Label[Field], found: FoundMetadata): boolean {
  if (field === 'titulo') return foldText(String(expected)) === foldText(found.titulo ?? '');
  if (field === 'anio') return expected === found.anio;
  const want = (expected as string[]).map(foldText);
  const got = (found.autores ?? []).map(foldText);
  return want.length === got.length && want.every((w, i) => w === got[i]);
}

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

async function labelled(): Promise<void> {
  const labelsFile = path.join(import.meta.dirname, 'metadata-labels.json');
  const { documents } = JSON.parse(await readFile(labelsFile, 'utf8')) as { documents: Label[] };
  const present = documents.filter((d) => hasFixture(d.file));
  if (present.length === 0) {
    console.log(`eval:metadata skipped: ${fixtureAbsent(documents[0]?.file ?? '')}`);
    return;
  }
  const scored = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, total: 0 }])) as Record<
    Field,
    { right: number; total: number }
  >;
  const failures: string[] = [];
  for (const label of present) {
    const file = fixturePath(label.file);
    const { size } = await stat(file);
    const { metadatos } = await convertPdf({ path: file, size }, { progress: async () => {} });
    for (const field of FIELDS) {
      if (label[field] === undefined) continue;
      scored[field].total += 1;
      if (matches(field, label[field], metadatos)) scored[field].right += 1;
      else {
        const origin = metadatos.origen?.[field];
        failures.push(
          `  ${label.file} ${field}: expected ${show(label[field])}, found ${show(metadatos[field])}` +
            (origin ? ` (${origin})` : ''),
        );
      }
    }
  }
  const missing = documents.length - present.length;
  console.log(`eval:metadata: ${present.length} labelled PDFs${missing ? ` (${missing} absent)` : ''}`);
  for (const field of FIELDS) {
    const { right, total } = scored[field];
    console.log(`  ${field.padEnd(8)} ${total ? (right / total).toFixed(2) : '—'}  (${right}/${total})`);
  }
  if (failures.length) console.log(`failures:\n${failures.join('\n')}`);
}

const quiet = process.argv.includes('--quiet');

function row(label: string, r: Rates): string {
  const cell = (f: DevField) => (r.scored[f] ? rate(r.hits[f], r.scored[f]).toFixed(2) : '  - ').padStart(7);
  const precision = r.named ? rate(r.namedRight, r.named).toFixed(2) : '  - ';
  return `  ${label.padEnd(16)} ${String(r.n).padStart(3)} ${DEV_FIELDS.map(cell).join('')}   ${precision.padStart(9)} (${r.namedRight}/${r.named})   ${String(r.doiExtra).padStart(3)}`;
}

async function devSet(): Promise<Rates | undefined> {
  if (!hasFixture('metadata-dev/gold.json')) {
    console.log(`eval:metadata metadata-dev skipped: ${fixtureAbsent('metadata-dev/gold.json')}`);
    return undefined;
  }
  const gold = await readGold();
  const results: DevResult[] = [];
  for (const entry of gold) results.push(judge(entry, await readDevMetadata(entry)));
  const all = rates(results);
  console.log(`eval:metadata metadata-dev: ${gold.length} real PDFs, read from the file alone (no look-up)`);
  console.log(
    `  ${'group'.padEnd(16)} ${'n'.padStart(3)}   title authors   year    doi   precision of authors   doi extra`,
  );
  console.log(row('all', all));
  for (const key of ['lang', 'kind'] as const) {
    for (const value of [...new Set(gold.map((g) => g[key]))].sort()) {
      console.log(row(`${key} ${value}`, rates(results.filter((r) => r.entry[key] === value))));
    }
  }
  if (!quiet) {
    const cut = (t: unknown, n = 110) => {
      const s = typeof t === 'string' ? t : JSON.stringify(t ?? null);
      return s.length > n ? `${s.slice(0, n - 1)}…` : s;
    };
    const got: Record<DevField, (r: DevResult) => unknown> = {
      title: (r) => r.found.titulo,
      authors: (r) => r.found.autores ?? [],
      year: (r) => r.found.anio,
      doi: (r) => r.found.doi,
    };
    const want: Record<DevField, (r: DevResult) => unknown> = {
      title: (r) => r.entry.title,
      authors: (r) => r.entry.authors,
      year: (r) => r.entry.year,
      doi: (r) => r.entry.doi,
    };
    const origin = { title: 'titulo', authors: 'autores', year: 'anio', doi: 'doi' } as const;
    console.log('misses:');
    for (const r of results) {
      for (const f of DEV_FIELDS) {
        if (r.ok[f] !== false) continue;
        const from = r.found.origen?.[origin[f]];
        console.log(
          `  ${r.entry.file} ${r.entry.lang}/${r.entry.kind} ${f}: got ${cut(got[f](r))}${from ? ` (${from})` : ''} want ${cut(want[f](r))}`,
        );
      }
    }
  }
  return all;
}

function belowFloors(all: Rates): string[] {
  const figures: Record<DevField | 'precision', number> = {
    title: rate(all.hits.title, all.scored.title),
    authors: rate(all.hits.authors, all.scored.authors),
    year: rate(all.hits.year, all.scored.year),
    doi: rate(all.hits.doi, all.scored.doi),
    precision: rate(all.namedRight, all.named),
  };
  return (Object.keys(FLOORS) as (keyof typeof FLOORS)[])
    .filter((k) => figures[k] + 1e-9 < FLOORS[k])
    .map((k) => `${k} ${figures[k].toFixed(3)} is below its floor ${FLOORS[k]}`);
}

const all = await devSet();
await labelled();
if (process.argv.includes('--floor') && all) {
  const below = belowFloors(all);
  for (const line of below) console.log(`eval:metadata: ${line}`);
  if (below.length) process.exit(1);
}
