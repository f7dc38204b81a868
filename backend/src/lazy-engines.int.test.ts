import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfJsLoaded } from './ingest/pdf/pdfjs';
import { makePdf } from './ingest/testing/make-pdf';
import { canDrawArabic, drawnArabicPixels } from './testing/drawn-text';
import { auth, REPO_ROOT, useTestServer } from './testing/harness';

const SCANNED = path.join(REPO_ROOT, 'test/fixtures/ocr/escaneado.pdf');
const IDLE_MS = 400;
/** Whether citation-js (CommonJS, so in require's cache once loaded) has been loaded in this process. */
const citationJsLoaded = () =>
  Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes(`${path.sep}@citation-js${path.sep}core`));

/**
 * Issue 18: a started server holds no engine (nor citation-js); OCR loads with the first scan and is released
 * when idle.
 */
/** The OCR engine as /health names it: the npm packages' languages only (the test server's settings). */
const NAME = 'tesseract.js (spa+eng; también cat, deu, fra, ita, por); lee la escritura latina';

describe('engines loaded on first use', () => {
  const ctx = useTestServer({ ocr: { enabled: true, langs: ['spa', 'eng'] }, engineIdleMs: IDLE_MS });
  const ocrReport = async () => (await (await ctx.server.request('/health')).json()).motores.ocr as string;

  it('starts with neither pdf.js nor the OCR worker loaded, and /health says OCR is waiting', async () => {
    expect(pdfJsLoaded()).toBe(false);
    expect(citationJsLoaded()).toBe(false);
    expect(ctx.server.runtime.deps.engines.active()).toEqual({ ocr: false, reranker: false, nli: false });
    expect(await ocrReport()).toBe(`${NAME}; en reposo: se carga al primer uso`);
    // Asking /health loads nothing.
    expect(ctx.server.runtime.deps.engines.active().ocr).toBe(false);
  });

  /** Uploads `file` without waiting, watching the OCR worker every 20 ms until the document settles. */
  async function readWatchingOcr(name: string, file: string) {
    const key = await ctx.server.key('lazy@example.org');
    const res = await ctx.server.request(`/api/v1/documentos?nombre=${name}&esperar=0`, {
      method: 'POST',
      body: fs.readFileSync(file),
      headers: auth(key),
    });
    const { id } = await res.json();
    const engines = ctx.server.runtime.deps.engines;
    let seenActive = false;
    let report = '';
    for (const deadline = performance.now() + 150_000; performance.now() < deadline;) {
      if (engines.active().ocr && !seenActive) {
        seenActive = true;
        report = await ocrReport();
      }
      const doc = await (await ctx.server.request(`/api/v1/documentos/${id}`, { headers: auth(key) })).json();
      if (doc.estado === 'listo' || doc.estado === 'error') return { doc, seenActive, report };
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${name} was not read in time`);
  }

  it('loads them to read a scan, then releases the OCR worker after the idle time', async () => {
    const { doc, seenActive, report } = await readWatchingOcr('escaneado.pdf', SCANNED);
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'pdf_escaneado', unidades: 3 });
    expect(pdfJsLoaded()).toBe(true);
    expect(citationJsLoaded()).toBe(true); // the document's reference was formatted
    // The worker was there while the pages were read, and /health said so.
    expect(seenActive).toBe(true);
    expect(report).toBe(`${NAME}; activo`);
    // Once the document is read, IDLE_MS without a page releases it (the wait allows for a busy machine).
    const engines = ctx.server.runtime.deps.engines;
    const deadline = performance.now() + IDLE_MS + 10_000;
    while (engines.active().ocr && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(engines.active().ocr).toBe(false);
    expect(await ocrReport()).toBe(`${NAME}; en reposo: se carga al primer uso`);
  }, 180_000);

  it('starts the worker again for the next scan', async () => {
    expect(ctx.server.runtime.deps.engines.active().ocr).toBe(false);
    const image = path.join(REPO_ROOT, 'test/fixtures/ocr/texto-es.jpg');
    const { doc, seenActive, report } = await readWatchingOcr('pagina.jpg', image);
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'imagen' });
    expect(seenActive).toBe(true);
    expect(report).toBe(`${NAME}; activo`);
  }, 180_000);

  it.skipIf(!canDrawArabic)(
    'says that a scan is in a script OCR does not read, in the document’s aviso',
    async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-arabe-')), 'arabe.pdf');
      fs.writeFileSync(file, makePdf({ pages: [[]], scans: { 0: drawnArabicPixels() } }));
      const { doc } = await readWatchingOcr('arabe.pdf', file);
      expect(doc.aviso).toBe(
        'No se encontró texto que buscar: 1 página está en escritura árabe, que el OCR de este servidor no lee ' +
          "(lee la escritura latina); para leerla, 'npm run folio -- models pull ocr ara' o el paquete de Debian " +
          'tesseract-ocr-ara.',
      );
    },
    180_000,
  );
});
