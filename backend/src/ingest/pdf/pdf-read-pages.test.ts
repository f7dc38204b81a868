import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSamplePdf } from '../../../../test/fixtures/sample-pdf';
import { BUILD_SERVER, SERVER_NODE_FLAGS } from '../../../../test/support/folio-process';
import { compiledPartExporting } from '../../testing/compiled-part';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';
import { convertPdf } from './pdf';
import { pageThreadsRunning } from './pdf-page-threads';
import { readPages, type PageRead, type ReadPagesOptions } from './pdf-read-pages';
import { openPdfFile, pdfDocumentParams } from './pdf-source';
import { loadPdfJs } from './pdfjs';

let tmp: TmpFiles;
beforeAll(async () => void (tmp = await tmpFiles('folio-pdf-threads-')));
afterAll(() => tmp.cleanup());

/** `pages` pages of numbered lines, with a running foot, as a book. */
function book(pages: number): Buffer {
  return buildSamplePdf({
    title: 'Libro en hilos',
    pages: Array.from({ length: pages }, (_, i) =>
      Array.from({ length: 8 }, (_, l) => `Página ${i + 1}, línea ${l + 1}: el agua del cenote ${i * 8 + l}.`),
    ),
    footers: Array.from({ length: pages }, (_, i) => String(i + 1)),
  });
}

/**
 * `bytes` with the pages at `broken` (0-based) made unreadable: the cross-reference entry of each one's
 * content stream points at the wrong place, so pdf.js fails on that page and on it alone. Written in place,
 * so every other offset stays right.
 */
function withBrokenPages(bytes: Buffer, broken: number[]): Buffer {
  let text = bytes.toString('latin1');
  const kids = /\/Kids \[([^\]]*)\]/.exec(text)!;
  const pages = [...kids[1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const xref = text.lastIndexOf('\nxref\n') + 1;
  // Entries of 20 bytes each follow the two lines 'xref' and '0 <size>'.
  const entries = text.indexOf('\n', text.indexOf('\n', xref) + 1) + 1;
  for (const i of broken) {
    const page = text.slice(text.indexOf(`\n${pages[i]} 0 obj\n`));
    const contents = Number(/\/Contents (\d+) 0 R/.exec(page)![1]);
    const entry = entries + contents * 20;
    text = text.slice(0, entry) + '0000000009' + text.slice(entry + 10);
  }
  return Buffer.from(text, 'latin1');
}

async function openDoc(path: string): Promise<{ doc: PDFDocumentProxy; close(): Promise<void> }> {
  const { getDocument } = await loadPdfJs();
  const source = await openPdfFile(path);
  const task = getDocument(pdfDocumentParams(source));
  return {
    doc: await task.promise,
    close: async () => {
      await task.destroy();
      await source.close();
    },
  };
}

async function readAll(path: string, opts: Omit<ReadPagesOptions, 'path'>): Promise<PageRead[]> {
  const { doc, close } = await openDoc(path);
  try {
    const reads: PageRead[] = [];
    for await (const read of readPages(doc, { path, ...opts })) reads.push(read);
    return reads;
  } finally {
    await close();
  }
}

/** Every page through a page-reading thread, as many as three of them, however short the document. */
const THREADS_ONLY = { threads: 4, pagesPerThread: 1, threadsOnly: true };
const ONE_THREAD = { threads: 1 };

describe('readPages', () => {
  it('reads a book across threads page for page as one thread reads it', async () => {
    const path = await tmp.write('libro.pdf', book(150));
    const alone = await readAll(path, ONE_THREAD);
    expect(alone).toHaveLength(150);
    expect(alone.every((r) => r.page && r.thread === undefined)).toBe(true);
    const ways: Omit<ReadPagesOptions, 'path'>[] = [THREADS_ONLY, { threads: 3, pagesPerThread: 20 }];
    for (const opts of ways) {
      const across = await readAll(path, opts);
      expect(across.map((r) => r.page)).toEqual(alone.map((r) => r.page));
      if (opts.threadsOnly) {
        expect(new Set(across.map((r) => r.thread)).size, 'pages read in several threads').toBeGreaterThan(1);
        expect(across.every((r) => r.thread !== undefined)).toBe(true);
      }
    }
    // Done, each thread closes its file and leaves on its own.
    await vi.waitFor(() => expect(pageThreadsRunning()).toBe(0), { timeout: 15_000 });
  }, 60_000);

  it('gives an empty page for a page it cannot read, in a thread as here', async () => {
    const broken = [3, 40, 77];
    const path = await tmp.write('rotas.pdf', withBrokenPages(book(90), broken));
    for (const opts of [ONE_THREAD, THREADS_ONLY]) {
      const reads = await readAll(path, opts);
      expect(reads).toHaveLength(90);
      expect(reads.flatMap((r, i) => (r.page ? [] : [i]))).toEqual(broken);
      expect(reads[4]!.page!.texto).toMatch(/^Página 5, línea 1/);
    }
  }, 60_000);

  it('ends its threads when the reading is aborted', async () => {
    const path = await tmp.write('abortado.pdf', book(400));
    // Threads of earlier readings still closing would take the share of this one.
    await vi.waitFor(() => expect(pageThreadsRunning()).toBe(0), { timeout: 15_000 });
    const controller = new AbortController();
    const { doc, close } = await openDoc(path);
    try {
      let read = 0;
      const reading = (async () => {
        for await (const _ of readPages(doc, { path, signal: controller.signal, ...THREADS_ONLY })) {
          if (++read === 5) {
            expect(pageThreadsRunning()).toBe(3);
            controller.abort(new Error('aborted by the test'));
          }
        }
      })();
      await expect(reading).rejects.toThrow('aborted by the test');
      expect(read).toBe(5);
      expect(pageThreadsRunning()).toBe(0);
    } finally {
      await close();
    }
  }, 60_000);

  it('converts a PDF with an unreadable page: the page is empty, progress goes page by page', async () => {
    const path = await tmp.write('convertido.pdf', withBrokenPages(book(40), [20]));
    const progress: number[] = [];
    const conversion = await convertPdf({ path, size: 0 }, { progress: async (f) => void progress.push(f) });
    expect(conversion.unidades).toHaveLength(40);
    expect(conversion.unidades[20]!.texto).toBe('');
    expect(conversion.unidades[21]!.texto).toMatch(/^Página 22, línea 1/);
    expect(progress).toEqual(Array.from({ length: 40 }, (_, i) => (i + 1) / 40));
  });
});

describe("readPages in the server's build", () => {
  it('starts its threads from the compiled entry and converts as one thread does', async () => {
    execFileSync(process.execPath, [BUILD_SERVER], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    const part = compiledPartExporting(join(REPO_ROOT, 'backend/dist'), 'convertPdf');
    const path = await tmp.write('compilado.pdf', book(400));
    // As `npm start` runs it: plain Node with the server's flags; the threads are watched from outside.
    const script = `
      const { convertPdf } = await import(${JSON.stringify(part)});
      const threads = [];
      process.on('worker', (w) => {
        const seen = { ready: false };
        threads.push(new Promise((resolve) => w.once('exit', () => resolve(seen))));
        w.on('message', (m) => { if (m.type === 'ready') seen.ready = true; });
      });
      const read = (threads) => convertPdf({ path: process.argv[1], size: 0 }, { progress: async () => {}, threads });
      const across = await read(2);
      const alone = await read(1);
      console.log(JSON.stringify({ threads: await Promise.all(threads), same: JSON.stringify(across) === JSON.stringify(alone), units: alone.unidades.length }));`;
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '-e', script, path], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    expect(JSON.parse(out)).toEqual({ threads: [{ ready: true }], same: true, units: 400 });
  }, 120_000);
});

const REAL_FOLDERS = ['pdfs', 'real-world'];

describe.skipIf(!REAL_FOLDERS.every((f) => hasFixture(f)))(
  titleNeeding('readPages on real PDFs', REAL_FOLDERS.find((f) => !hasFixture(f)) ?? ''),
  () => {
    const files = REAL_FOLDERS.every((f) => hasFixture(f))
      ? REAL_FOLDERS.flatMap((f) =>
          readdirSync(fixturePath(f))
            .filter((name) => name.endsWith('.pdf'))
            .map((name) => join(f, name)),
        )
      : [];

    it.each(files)(
      '%s: the same pages across threads as in one',
      async (file) => {
        const path = fixturePath(file);
        const alone = await readAll(path, ONE_THREAD);
        const across = await readAll(path, { ...THREADS_ONLY, threads: 3 });
        expect(across.map((r) => r.page)).toEqual(alone.map((r) => r.page));
      },
      60_000,
    );
  },
);
