/**
 * Metadata read from PDFs against a hand-labelled set: `npm run eval:metadata`.
 * `backend/bench/metadata-labels.json` holds the expected title, authors ('Surname, Given') and year of the real
 * PDFs with a title page in the outside test material (paths relative to it). Each file goes through the real
 * PDF converter; printed are the exact-match rates per field — title and authors after folding case, accents
 * and punctuation, the author list in order, the year exact — and every failure, expected against found, with
 * where the found value came from (`origen`). A field a label leaves out is not scored.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { convertPdf } from '../src/ingest/pdf';
import type { FoundMetadata } from '../src/ingest/converter';
import { foldText } from '../src/ingest/pdf-title-page';
import { fixtureAbsent, fixturePath, hasFixture } from '../src/testing/fixtures';

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

async function main(): Promise<void> {
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

await main();
