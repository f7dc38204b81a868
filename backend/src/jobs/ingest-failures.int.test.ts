import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../test/fixtures/sample-pdf';
import { updateDocument } from '../db/documents.repo';
import { makePdf } from '../ingest/testing/make-pdf';
import { auth, type Body, useTestServer } from '../testing/harness';
import { permanentFailure } from './job-definition';

/**
 * How each kind of failure ends an ingestion, with real files and the real database: a file's own defect
 * at once, with its reason and without a retry; characters no column takes cleaned before they are
 * written; an empty result said plainly. Which database errors are retried is `permanentFailure`'s
 * (job-definition.test.ts); here a real error of the real database goes through it.
 */
const ctx = useTestServer({ jobRetries: 2 });
let key: string;

beforeAll(async () => {
  key = await ctx.server.key('fallos@example.org');
});

async function ingest(body: Body, nombre: string) {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${nombre}&esperar=0`, {
    method: 'POST',
    body,
    headers: auth(key),
  });
  expect(res.status).toBe(202);
  const { id } = await res.json();
  for (let i = 0; i < 12; i++) {
    const doc = await (await ctx.server.request(`/api/v1/documentos/${id}?esperar=10`, { headers: auth(key) })).json();
    if (doc.estado === 'listo' || doc.estado === 'error') return doc;
  }
  throw new Error(`${nombre} did not finish`);
}

describe('ingestion failures', () => {
  it("fails a file's own defect (a damaged PDF) at once, naming it, without retrying", async () => {
    const started = Date.now();
    const doc = await ingest('%PDF-1.4\nnada más que basura\n%%EOF', 'roto.pdf');
    expect(doc.estado).toBe('error');
    expect(doc.error).toMatch(/PDF está dañado/);
    // A retried failure ends in markFailed's 'fallo interno … tras N intentos', after 5 s between attempts.
    expect(doc.error).not.toMatch(/intentos|fallo interno/);
    expect(Date.now() - started).toBeLessThan(5_000 * 2);
  });

  it('names data the database refuses (a real 22003) as the file’s, never as an internal failure', async () => {
    const doc = await ingest('Un párrafo de prueba sobre el año, con bastantes palabras para indexarlo.', 'a.txt');
    const err = await updateDocument(ctx.server.runtime.deps.db, doc.id, { anio: 20_000_000_000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(permanentFailure(err)).toMatch(/fuera del rango.*PostgreSQL 22003.*no lo arreglará/);
  });

  it('cleans NUL and other unstorable characters from what a PDF says, and reads the document', async () => {
    // The info dictionary's strings carry a NUL and a control character, as pypdf's imagemagick files do.
    const pdf = buildSamplePdf({ ...MUESTRA, title: 'Informe anual\u0000', author: 'Pérez\u0000, Ana\u0001' });
    const doc = await ingest(pdf, 'nul.pdf');
    expect(doc).toMatchObject({ estado: 'listo', titulo: 'Informe anual', autores: ['Pérez, Ana'] });
    expect(doc.aviso).toBeUndefined();
    const texto = await (await ctx.server.request(`/api/v1/documentos/${doc.id}/texto`, { headers: auth(key) })).json();
    const all = texto.unidades.map((u: { texto: string }) => u.texto).join('\n');
    expect(all.length).toBeGreaterThan(100);
    // eslint-disable-next-line no-control-regex
    expect(all).not.toMatch(/[\u0000-\u0008\ud800-\udfff\uffff]/);
  });

  it('says so when nothing searchable was found', async () => {
    const blank = buildSamplePdf({ ...MUESTRA, pages: [[]] });
    const doc = await ingest(blank, 'en-blanco.pdf');
    expect(doc.estado).toBe('listo');
    expect(doc.aviso).toMatch(/No se encontró texto que buscar/);
  });

  it('says what the pages show when there is no text: blank, drawings, empty form fields (issue 33)', async () => {
    const blank = await ingest(makePdf({ pages: [[], []] }), 'dos-en-blanco.pdf');
    expect(blank.aviso).toBe('No se encontró texto que buscar: las páginas están en blanco.');
    const mixed = makePdf({
      pages: [[], [], []],
      drawings: { 0: '0 0 1 rg 100 100 300 200 re f', 1: '1 w 72 400 m 540 400 l S' },
      emptyFields: [2],
    });
    expect((await ingest(mixed, 'planos.pdf')).aviso).toBe(
      'No se encontró texto que buscar: de sus 3 páginas, 2 solo tienen dibujos vectoriales (trazos, sin letras) ' +
        'y 1 es un formulario sin rellenar.',
    );
    // Neither says that the pages are images, nor sends the reader to OCR, which reads pictures only.
    expect(blank.aviso).not.toMatch(/imágenes|OCR/);
  });
});
