/**
 * Memory of reading a large PDF: `npm run bench:pdf-memory` (or `-- --mb 400`).
 *
 * A PDF of one page of text and N MB (200 by default) of an unreferenced stream, as large scans and
 * books with figures are, is read in a child process two ways, each measured by the child's peak resident
 * memory (VmHWM): Folio's converter (`convertPdf`, pdf.js fed by ranges from disk) and, as the reference in
 * the same run, pdf.js given the whole file in memory, as the converter did before.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPaddedPdf } from '../../test/fixtures/sample-pdf';

const MB = 1024 * 1024;
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const CHILD = {
  ranges: `
    const { convertPdf } = await import(${JSON.stringify(path.join(import.meta.dirname, '../src/ingest/pdf/pdf.ts'))});
    const out = await convertPdf({ path: process.argv[1] }, { progress: async () => {} });
    console.log(JSON.stringify({ pages: out.unidades.length, text: out.unidades[0].texto.slice(0, 40) }));`,
  whole: `
    const { readFile } = await import('node:fs/promises');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = new Uint8Array(await readFile(process.argv[1]));
    const doc = await getDocument({ data, verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => i.str).join('');
    console.log(JSON.stringify({ pages: doc.numPages, text: text.slice(0, 40) }));`,
};

/** Runs one way in a child and reads its peak resident memory as it exits. */
function measure(way: keyof typeof CHILD, file: string): { seconds: number; peakMb: number; out: string } {
  const script = `${CHILD[way]}\nconst s = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');\nconsole.log('HWM', /VmHWM:\\s+(\\d+)/.exec(s)[1]);`;
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, file], {
    encoding: 'utf8',
    cwd: path.join(import.meta.dirname, '..', '..'),
  });
  if (run.status !== 0) throw new Error(`${way}: ${run.stderr}`);
  const peakKb = Number(/HWM (\d+)/.exec(run.stdout)?.[1] ?? 0);
  return { seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, out: run.stdout.split('\n')[0]! };
}

const sizeMb = Number(arg('mb') ?? 200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-pdf-'));
try {
  const file = path.join(dir, 'grande.pdf');
  fs.writeFileSync(file, buildPaddedPdf(sizeMb * MB));
  const ranges = measure('ranges', file);
  const whole = measure('whole', file);
  console.log(`## Reading a ${sizeMb} MB PDF (one page of text), one child process each, same run\n`);
  console.log('| way | seconds | peak RSS (MB) | read |');
  console.log('|---|---:|---:|---|');
  console.log(
    `| Folio's convertPdf (pdf.js by ranges from disk) | ${ranges.seconds.toFixed(1)} | ${ranges.peakMb.toFixed(0)} | ${ranges.out} |`,
  );
  console.log(
    `| pdf.js given the whole file in memory (reference, the converter before) | ${whole.seconds.toFixed(1)} | ${whole.peakMb.toFixed(0)} | ${whole.out} |`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
