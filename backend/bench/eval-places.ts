/**
 * Exact places: `npm run eval:places` (or `npx tsx backend/bench/eval-places.ts`).
 *
 * Real files with finer anchors than their passages (captions muxed in a video, podcast transcripts in
 * WebVTT and SRT, a DOCX with headings, a captured web page, a CSV and an XLSX) are uploaded through the
 * API (`fixture-library.ts`). For every stored block (cue, paragraph, row) of at least six words, the six
 * words in its middle are searched for in its document, and the first result is checked against the block:
 * - exact: the result's anchor is the block's place (a time anchor starting within 0.5 s of the cue, the
 *   same section path and paragraph, the block's rows and no other);
 * - holds: the result's `texto` holds the searched words;
 * - words and seconds: the size of what a reader is given.
 * Beside each figure, the same measure taken in the same run on the whole passage the result was narrowed
 * from, with the passage's own anchor: what every result was before results were narrowed.
 * `--fallos` prints every block whose first result is somewhere else.
 */
import type { Ancla } from '@folio/shared';
import { foldText } from '../src/text/fold';
import { auth } from '../src/testing/harness';
import { openFixtureLibrary, type LibraryFile } from './fixture-library';

const FILES: LibraryFile[] = [
  { file: 'repo:test/fixtures/media/video-subtitulos.mkv' },
  { file: 'shared:podcast/transcript-example.vtt', titulo: 'Podcasting Q&A (WebVTT)' },
  { file: 'shared:podcast/transcript-example.srt', titulo: 'Podcasting Q&A (SRT)' },
  { file: 'repo:test/fixtures/office/aguas-paramo.docx' },
  { file: 'repo:test/fixtures/capture/articulo-revista.capturado.html' },
  { file: 'repo:test/fixtures/office/calidad-agua.csv' },
  { file: 'repo:test/fixtures/office/calidad-agua.xlsx' },
];

const QUERY_WORDS = 6;
/** `--fallos`: also print each block whose first result is elsewhere. */
const SHOW_MISSES = process.argv.includes('--fallos');
const misses: string[] = [];

interface Block {
  texto: string;
  ancla: Ancla;
}

interface Measure {
  exact: number;
  holds: number;
  words: number;
  seconds: number;
  timed: number;
}

const empty = (): Measure => ({ exact: 0, holds: 0, words: 0, seconds: 0, timed: 0 });

/** The block's place holds the anchor exactly: same cue start (±0.5 s), paragraph or rows. */
function exactPlace(got: Ancla, block: Ancla): boolean {
  if (got.tipo === 'tiempo' && block.tipo === 'tiempo') return Math.abs(got.t0 - block.t0) <= 0.5;
  if ((got.tipo === 'seccion' || got.tipo === 'web') && got.tipo === block.tipo) {
    return got.parrafo === block.parrafo && JSON.stringify(got.ruta ?? []) === JSON.stringify(block.ruta ?? []);
  }
  if (got.tipo === 'hoja' && block.tipo === 'hoja') {
    return got.filaDesde === block.filaDesde && got.filaHasta === (block.filaHasta ?? block.filaDesde);
  }
  return JSON.stringify(got) === JSON.stringify(block);
}

const normal = (s: string) =>
  foldText(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function add(m: Measure, texto: string, ancla: Ancla, block: Block, query: string): void {
  if (exactPlace(ancla, block.ancla)) m.exact++;
  if (normal(texto).includes(normal(query))) m.holds++;
  m.words += texto.split(/\s+/).filter(Boolean).length;
  if (ancla.tipo === 'tiempo') {
    m.seconds += ancla.t1 - ancla.t0;
    m.timed++;
  }
}

async function main(): Promise<void> {
  const lib = await openFixtureLibrary(FILES, 'places@example.org', { lexicalOnly: true });
  try {
    const db = lib.server.runtime.deps.db;
    const rows: string[] = [];
    const totals = { n: 0, narrowed: empty(), passage: empty() };
    for (const [file, id] of lib.ids) {
      const units = await db.query<{ bloques: Block[] | null }>(
        'SELECT bloques FROM units WHERE document_id = $1 ORDER BY posicion',
        [id],
      );
      const blocks = units.flatMap((u) => u.bloques ?? []);
      const narrowed = empty();
      const passage = empty();
      let n = 0;
      for (const block of blocks) {
        const words = block.texto.split(/\s+/).filter(Boolean);
        if (words.length < QUERY_WORDS) continue;
        const from = Math.floor((words.length - QUERY_WORDS) / 2);
        const query = words.slice(from, from + QUERY_WORDS).join(' ');
        const res = await lib.server.request(`/api/v1/buscar?q=${encodeURIComponent(query)}&documento=${id}&k=1`, {
          headers: auth(lib.key),
        });
        const [top] = (await res.json()).pasajes as { id: string; texto: string; ancla: Ancla }[];
        n++;
        if (!top) continue;
        add(narrowed, top.texto, top.ancla, block, query);
        if (SHOW_MISSES && !exactPlace(top.ancla, block.ancla)) {
          misses.push(`${file}: «${query}» → ${JSON.stringify(top.ancla)} for ${JSON.stringify(block.ancla)}`);
        }
        const [whole] = await db.query<{ texto: string; ancla: Ancla }>(
          'SELECT texto, ancla FROM passages WHERE document_id = $1 AND posicion = $2',
          [id, Number(top.id.split(':')[1])],
        );
        add(passage, whole!.texto, whole!.ancla, block, query);
      }
      if (n === 0) continue;
      totals.n += n;
      for (const k of Object.keys(narrowed) as (keyof Measure)[]) {
        totals.narrowed[k] += narrowed[k];
        totals.passage[k] += passage[k];
      }
      rows.push(row(file.replace(/^(repo|shared):/, ''), n, narrowed, passage));
    }
    console.log('## Exact places (first result of six words from the middle of each block)\n');
    console.log(
      `${lib.ids.size} files; absent: ${lib.absent.join(', ') || 'none'}; failed: ${lib.failed.map((f) => `${f.file} (${f.why})`).join(', ') || 'none'}\n`,
    );
    console.log(
      '| file | blocks | exact place: narrowed / passage | texto holds the words: narrowed / passage | words: narrowed / passage | seconds: narrowed / passage |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(row('**all**', totals.n, totals.narrowed, totals.passage));
    if (SHOW_MISSES) console.log(`\n${misses.join('\n')}`);
  } finally {
    await lib.close();
  }
}

function row(name: string, n: number, a: Measure, b: Measure): string {
  const share = (x: number) => (n ? (x / n).toFixed(3) : '—');
  const mean = (x: number, d: number) => (d ? (x / d).toFixed(1) : '—');
  return `| ${name} | ${n} | ${share(a.exact)} / ${share(b.exact)} | ${share(a.holds)} / ${share(b.holds)} | ${mean(a.words, n)} / ${mean(b.words, n)} | ${mean(a.seconds, a.timed)} / ${mean(b.seconds, b.timed)} |`;
}

await main();
