import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ocr } from '../../ai/ocr';
import { createTesseractOcr } from '../../ai/tesseract-ocr';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { auth, useTestServer } from '../../testing/harness';
import type { ConvertContext } from '../converter';
import { convertPdf } from './pdf';
import { isGarbled } from '../text-quality';

/**
 * Real files from public test corpora (../shared/fixtures/real-world, README there) that defeated ingestion
 * (issue 18): a NUL in a PDF's title, a text layer whose fonts map to garbage, an image-only JBIG2 scan.
 * Each is read at once, and a document with nothing searchable says so.
 */
// Starting a server and rendering pages at 300 dpi take long on a busy machine.
vi.setConfig({ hookTimeout: 180_000 });

const DIR = 'real-world';
const real = (name: string) => fixturePath(`${DIR}/${name}`);
const TAM = 'pdfjs__TAMReview.pdf';
const JBIG2 = 'pdfminer__pdf-with-jbig2.pdf';
const IMAGEMAGICK = ['pypdf__imagemagick-lzw.pdf', 'pypdf__imagemagick-ASCII85Decode.pdf'];

describe.skipIf(!hasFixture(DIR))(titleNeeding('real files that defeated ingestion', DIR), () => {
  /** A test server (OCR on or off) and how to read a real file through its API. */
  function server(ocr: boolean) {
    const ctx = useTestServer({ ocr: { enabled: ocr, langs: ['spa', 'eng'] } });
    let key: string;
    beforeAll(async () => {
      key = await ctx.server.key('real@example.org');
    });
    return {
      async ingest(name: string) {
        const started = performance.now();
        const res = await ctx.server.request(`/api/v1/documentos?nombre=${name}&esperar=0`, {
          method: 'POST',
          body: fs.readFileSync(real(name)),
          headers: auth(key, { 'Content-Type': 'application/pdf' }),
        });
        expect(res.status).toBe(202);
        const { id } = await res.json();
        for (let i = 0; i < 12; i++) {
          const res = await ctx.server.request(`/api/v1/documentos/${id}?esperar=10`, { headers: auth(key) });
          const doc = await res.json();
          if (doc.estado === 'listo' || doc.estado === 'error') {
            return { doc, seconds: (performance.now() - started) / 1000 };
          }
        }
        throw new Error(`${name} did not finish`);
      },
      async pages(id: string): Promise<string[]> {
        const res = await ctx.server.request(`/api/v1/documentos/${id}/texto`, { headers: auth(key) });
        return (await res.json()).unidades.map((u: { texto: string }) => u.texto);
      },
    };
  }

  describe('through the API, with OCR off', () => {
    const api = server(false);

    it.each(IMAGEMAGICK)('reads %s (a NUL ends its /Title) at once, and says nothing is searchable', async (name) => {
      const { doc, seconds } = await api.ingest(name);
      expect(doc.estado).toBe('listo');
      expect(doc.error).toBeUndefined();
      expect(doc.titulo).not.toContain('\u0000');
      expect(doc.aviso).toMatch(/No se encontró texto que buscar: las páginas son imágenes.*OCR no está activado/);
      // No retry: a retry waits 5 s and more.
      expect(seconds).toBeLessThan(20);
    });

    it('leaves the garbled pages of TAMReview out of search, keeps its readable page, and says so', async () => {
      const { doc } = await api.ingest(TAM);
      expect(doc.estado).toBe('listo');
      expect(doc.titulo).toMatch(/Technology Acceptance Model/);
      expect(doc.aviso).toMatch(/páginas tienen \(de 23\) una capa de texto ilegible.*OCR no está activado/);
      const texts = await api.pages(doc.id);
      expect(texts[0]).toMatch(/User acceptance of technology/);
      expect(texts.filter(Boolean).length).toBeLessThan(texts.length / 2);
      for (const t of texts) expect(isGarbled(t)).toBe(false);
    }, 60_000);

    it('says that nothing searchable was found in the image-only JBIG2 scan', async () => {
      const { doc } = await api.ingest(JBIG2);
      expect(doc).toMatchObject({ estado: 'listo', tipo: 'pdf_escaneado', unidades: 1 });
      expect(doc.aviso).toMatch(/No se encontró texto que buscar: las páginas son imágenes/);
    });
  });

  describe('with OCR (Tesseract)', () => {
    let ocr: Ocr;
    beforeAll(async () => {
      ocr = await createTesseractOcr();
    });
    afterAll(async () => {
      await ocr?.close();
    });
    const read = (name: string) =>
      convertPdf({ path: real(name), size: 0 }, { progress: async () => {}, engines: { ocr } });

    it('decodes the JBIG2 scan, and OCR finds its words', async () => {
      const conversion = await read(JBIG2);
      expect(conversion.tipo).toBe('pdf_escaneado');
      expect(conversion.unidades[0]).toMatchObject({ visual: true });
      expect(conversion.unidades[0]!.texto).toMatch(/Doesn.t/);
      expect(conversion.unidades[0]!.texto).toMatch(/Work/);
    }, 90_000);

    it('finds no words in the blank imagemagick picture (the job then says so)', async () => {
      const conversion = await read(IMAGEMAGICK[0]!);
      expect(conversion.unidades.map((u) => u.texto)).toEqual(['']);
    }, 90_000);
  });

  it("sends TAMReview's garbled pages, and only them, to OCR", async () => {
    // A stand-in engine: what matters here is which pages are read again, not Tesseract's reading of them.
    let seen = 0;
    const fake: Ocr = {
      name: 'fake',
      async recognize() {
        seen += 1;
        return { texto: 'Perceived usefulness and perceived ease of use predict attitude.', confianza: 0.95 };
      },
      async close() {},
    };
    const ctx: ConvertContext = { progress: async () => {}, engines: { ocr: fake } };
    const conversion = await convertPdf({ path: real(TAM), size: 0 }, ctx);
    const visual = conversion.unidades.flatMap((u, i) => (u.visual ? [i + 1] : []));
    expect(visual).not.toContain(1);
    expect(visual.length).toBe(seen);
    expect(visual.length).toBeGreaterThan(conversion.unidades.length / 2);
    expect(conversion.unidades[0]!.texto).toMatch(/User acceptance of technology/);
    for (const u of conversion.unidades) expect(isGarbled(u.texto)).toBe(false);
  }, 240_000);
});
