import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfJsLoaded } from './ingest/pdfjs';
import { auth, REPO_ROOT, useTestServer } from './testing/harness';

const SCANNED = path.join(REPO_ROOT, 'test/fixtures/ocr/escaneado.pdf');
const IDLE_MS = 400;

/** Issue 18: a started server holds no engine; OCR loads with the first scan and is released when idle. */
describe('engines loaded on first use', () => {
  const ctx = useTestServer({ ocr: { enabled: true, langs: ['spa', 'eng'] }, engineIdleMs: IDLE_MS });
  const ocrReport = async () => (await (await ctx.server.request('/health')).json()).motores.ocr as string;

  it('starts with neither pdf.js nor the OCR worker loaded, and /health says OCR is waiting', async () => {
    expect(pdfJsLoaded()).toBe(false);
    expect(ctx.server.runtime.deps.engines.active()).toEqual({ ocr: false, reranker: false, nli: false });
    expect(await ocrReport()).toBe('tesseract.js (spa+eng); en reposo: se carga al primer uso');
    // Asking /health loads nothing.
    expect(ctx.server.runtime.deps.engines.active().ocr).toBe(false);
  });

  it('loads them to read a scan, then releases the OCR worker after the idle time', async () => {
    const key = await ctx.server.key('lazy@example.org');
    const res = await ctx.server.request('/api/v1/documentos?nombre=escaneado.pdf&esperar=120', {
      method: 'POST',
      body: fs.readFileSync(SCANNED),
      headers: auth(key),
    });
    const doc = await res.json();
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'pdf_escaneado', unidades: 3 });
    expect(pdfJsLoaded()).toBe(true);
    // The worker is kept between pages and for IDLE_MS after the last one.
    const engines = ctx.server.runtime.deps.engines;
    const read = performance.now();
    expect(engines.active().ocr).toBe(true);
    expect(await ocrReport()).toBe('tesseract.js (spa+eng); activo');
    const deadline = read + IDLE_MS + 5_000;
    while (engines.active().ocr && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(engines.active().ocr).toBe(false);
    expect(await ocrReport()).toBe('tesseract.js (spa+eng); en reposo: se carga al primer uso');
  }, 180_000);

  it('starts the worker again for the next scan', async () => {
    const key = await ctx.server.key('lazy@example.org');
    const jpeg = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/ocr/texto-es.jpg'));
    const res = await ctx.server.request('/api/v1/documentos?nombre=pagina.jpg&esperar=120', {
      method: 'POST',
      body: jpeg,
      headers: auth(key),
    });
    expect(await res.json()).toMatchObject({ estado: 'listo', tipo: 'imagen' });
    expect(ctx.server.runtime.deps.engines.active().ocr).toBe(true);
    expect(await ocrReport()).toBe('tesseract.js (spa+eng); activo');
  }, 120_000);
});
