/**
 * Memory and time of reading long books: `npm run bench:large-books` (or `-- --pages 3000 --epub-mb 150`).
 *
 * Two books made here, each read in a child process and measured by the child's peak resident memory
 * (VmHWM) and wall time:
 * - a PDF of 2,000 text pages: Folio's converter as the server's build runs it (its threads as the machine's
 *   load leaves idle, then one and two page-reading threads) and from the sources through tsx, beside, in
 *   the same run, `pdftotext` (poppler, the speed reference), pdf.js given the whole file in memory, and
 *   the floor of the same child, which imports the converter and reads nothing;
 * - an EPUB of 100 MB (300 chapters of text and 100 MB of images, as illustrated books are): Folio's
 *   converter (entries inflated one at a time from disk) beside the floor of the same child, which
 *   imports the converter and reads nothing (what Node and the modules cost alone).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSamplePdf } from '../../test/fixtures/sample-pdf';
import { makeDeflatedZip } from '../src/formats/testing/make-deflated-zip';
import { compiledPartExporting } from '../src/testing/compiled-part';

const MB = 1024 * 1024;
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const src = (file: string) => JSON.stringify(path.join(import.meta.dirname, '../src/ingest', file));

const CHILD = {
  pdf: `
    const { convertPdf } = await import(${src('pdf/pdf.ts')});
    const out = await convertPdf({ path: process.argv[1] }, { progress: async () => {} });
    console.log(JSON.stringify({ units: out.unidades.length, words: out.unidades.reduce((n, u) => n + u.texto.split(/\\s+/).length, 0) }));`,
  // The server's build (backend/dist, plain Node), as `npm start` runs it.
  pdfCompiled: `
    const { convertPdf } = await import(process.env.FOLIO_BENCH_PDF_CHUNK);
    const threads = process.env.FOLIO_BENCH_PDF_THREADS ? Number(process.env.FOLIO_BENCH_PDF_THREADS) : undefined;
    const out = await convertPdf({ path: process.argv[1] }, { progress: async () => {}, threads });
    console.log(JSON.stringify({ units: out.unidades.length, words: out.unidades.reduce((n, u) => n + u.texto.split(/\\s+/).length, 0) }));`,
  pdfWhole: `
    const { readFile } = await import('node:fs/promises');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = new Uint8Array(await readFile(process.argv[1]));
    const doc = await getDocument({ data, verbosity: 0 }).promise;
    let words = 0;
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      words += (await page.getTextContent()).items.map((x) => x.str).join(' ').split(/\\s+/).length;
      page.cleanup();
    }
    console.log(JSON.stringify({ units: doc.numPages, words }));`,
  pdfFloor: `
    await import(${src('pdf/pdf.ts')});
    console.log(JSON.stringify({ units: 0, words: 0 }));`,
  epub: `
    const { convertEpub } = await import(${src('epub/epub.ts')});
    const size = (await import('node:fs')).statSync(process.argv[1]).size;
    const out = await convertEpub({ path: process.argv[1], size }, { progress: async () => {} });
    console.log(JSON.stringify({ units: out.unidades.length, words: out.unidades.reduce((n, u) => n + u.texto.split(/\\s+/).length, 0) }));`,
  epubFloor: `
    await import(${src('epub/epub.ts')});
    console.log(JSON.stringify({ units: 0, words: 0 }));`,
};

interface Measure {
  seconds: number;
  peakMb?: number;
  out: string;
}

/**
 * Runs one way in a child and reads its peak resident memory as it exits: through tsx, or in plain Node for
 * the server's build, with `env` added.
 */
function measure(way: keyof typeof CHILD, file: string, o: { plain?: boolean; env?: NodeJS.ProcessEnv } = {}): Measure {
  const script = `${CHILD[way]}\nconst s = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');\nconsole.log('HWM', /VmHWM:\\s+(\\d+)/.exec(s)[1]);`;
  const started = performance.now();
  const loader = o.plain ? [] : ['--import', 'tsx'];
  const run = spawnSync(process.execPath, [...loader, '--input-type=module', '-e', script, file], {
    env: { ...process.env, ...o.env },
    encoding: 'utf8',
    cwd: path.join(import.meta.dirname, '..', '..'),
    maxBuffer: 64 * MB,
  });
  if (run.status !== 0) throw new Error(`${way}: ${run.stderr}`);
  const peakKb = Number(/HWM (\d+)/.exec(run.stdout)?.[1] ?? 0);
  return { seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, out: run.stdout.split('\n')[0]! };
}

/** `pdftotext` on the same file, when poppler is installed. */
function pdftotext(file: string): Measure | undefined {
  const started = performance.now();
  const run = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 256 * MB });
  if (run.error || run.status !== 0) return undefined;
  const words = run.stdout.split(/\s+/).filter(Boolean).length;
  return { seconds: (performance.now() - started) / 1000, out: JSON.stringify({ words }) };
}

const LOREM =
  'El agua del anillo de cenotes se muestreó en lluvias y en secas; el nivel del acuífero bajó casi dos metros ' +
  'entre marzo y junio, y la conductividad subió en los pozos más cercanos a la costa.';

function bookPdf(pages: number): Buffer {
  return buildSamplePdf({
    title: 'Libro largo de prueba',
    pages: Array.from({ length: pages }, (_, i) => [
      `Página ${i + 1}.`,
      ...Array.from({ length: 12 }, (_, l) => `${LOREM.slice((l * 7) % 40, 80 + ((l * 7) % 40))} ${i}-${l}`),
    ]),
    labels: [
      { index: 0, style: 'r' },
      { index: 10, style: 'D' },
    ],
  });
}

function bookEpub(imageMb: number, chapters: number): Uint8Array {
  const xhtml = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>${body}</body></html>`;
  const images = Math.max(1, Math.round(imageMb));
  const manifest: string[] = [];
  const spine: string[] = [];
  const entries: { name: string; data: string | Uint8Array; method?: 'store' }[] = [];
  for (let c = 0; c < chapters; c++) {
    manifest.push(`<item id="c${c}" href="c${c}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="c${c}"/>`);
    const paragraphs = Array.from({ length: 30 }, (_, p) => `<p>${LOREM} (${c}.${p})</p>`).join('');
    const figure = c < images ? `<img src="i${c}.jpg" alt="figura ${c}"/>` : '';
    entries.push({ name: `OEBPS/c${c}.xhtml`, data: xhtml(`<h1>Capítulo ${c + 1}</h1>${figure}${paragraphs}`) });
  }
  for (let i = 0; i < images; i++) {
    manifest.push(`<item id="i${i}" href="i${i}.jpg" media-type="image/jpeg"/>`);
    // Images are stored, not deflated, as EPUB tools do with JPEGs; random bytes do not compress anyway.
    entries.push({
      name: `OEBPS/i${i}.jpg`,
      data: new Uint8Array(MB).map(() => (Math.random() * 256) | 0),
      method: 'store',
    });
  }
  const opf = `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">urn:uuid:1</dc:identifier><dc:title>Libro ilustrado</dc:title><dc:language>es</dc:language></metadata><manifest>${manifest.join('')}</manifest><spine>${spine.join('')}</spine></package>`;
  return makeDeflatedZip([
    { name: 'mimetype', data: 'application/epub+zip', method: 'store' },
    {
      name: 'META-INF/container.xml',
      data: '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    },
    { name: 'OEBPS/book.opf', data: opf },
    ...entries,
  ]);
}

const row = (way: string, m: Measure | undefined) =>
  m
    ? `| ${way} | ${m.seconds.toFixed(1)} | ${m.peakMb === undefined ? '–' : m.peakMb.toFixed(0)} | ${m.out} |`
    : `| ${way} | – | – | not installed |`;

/** Builds the server (backend/dist) and finds the part of it that holds the PDF converter. */
function compiledPdfChunk(): string {
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, '../scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build-server: ${build.stderr}`);
  return compiledPartExporting(path.join(import.meta.dirname, '../dist'), 'convertPdf');
}

const pages = Number(arg('pages') ?? 2000);
const epubMb = Number(arg('epub-mb') ?? 100);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-books-'));
try {
  const pdfFile = path.join(dir, 'largo.pdf');
  fs.writeFileSync(pdfFile, bookPdf(pages));
  const epubFile = path.join(dir, 'ilustrado.epub');
  fs.writeFileSync(epubFile, bookEpub(epubMb, 300));
  const pdfMb = fs.statSync(pdfFile).size / MB;
  const epubSize = fs.statSync(epubFile).size / MB;

  console.log(`## A PDF of ${pages} text pages (${pdfMb.toFixed(1)} MB), one child process each, same run\n`);
  console.log('| way | seconds | peak RSS (MB) | read |');
  console.log('|---|---:|---:|---|');
  const chunk = compiledPdfChunk();
  const compiled = (threads?: number) => ({
    plain: true,
    env: { FOLIO_BENCH_PDF_CHUNK: chunk, ...(threads && { FOLIO_BENCH_PDF_THREADS: String(threads) }) },
  });
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    row(
      `Folio's convertPdf as the server runs it (its build, plain Node; threads as the load, ${load}, leaves idle)`,
      measure('pdfCompiled', pdfFile, compiled()),
    ),
  );
  // The same build with its page-reading threads set (FOLIO_PDF_THREADS), beside one thread alone.
  console.log(row('… its build, one thread', measure('pdfCompiled', pdfFile, compiled(1))));
  console.log(row(`… its build, two threads`, measure('pdfCompiled', pdfFile, compiled(2))));
  console.log(row("Folio's convertPdf from the sources (through tsx)", measure('pdf', pdfFile)));
  console.log(row('pdf.js given the whole file in memory (reference)', measure('pdfWhole', pdfFile)));
  console.log(row('pdftotext (poppler; speed reference)', pdftotext(pdfFile)));
  console.log(row('the same child importing the converter, reading nothing (floor)', measure('pdfFloor', pdfFile)));

  console.log(`\n## An EPUB of ${epubSize.toFixed(0)} MB (300 chapters, ${epubMb} MB of images), same run\n`);
  console.log('| way | seconds | peak RSS (MB) | read |');
  console.log('|---|---:|---:|---|');
  console.log(row("Folio's convertEpub (entries inflated one at a time from disk)", measure('epub', epubFile)));
  console.log(row('the same child importing the converter, reading nothing (floor)', measure('epubFloor', epubFile)));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
