import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../test/fixtures/sample-pdf';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../testing/fixtures';
import { auth, type TestServer, useTestServer } from '../testing/harness';

// Every input kind through the whole pipeline: detection, converter, queue, database, API.
const ctx = useTestServer();
let key: string;
const fixture = (p: string) => fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures', p));

beforeAll(async () => {
  key = await ctx.server.key('inputs@example.org');
});

async function upload(server: TestServer, body: Buffer, nombre: string) {
  const res = await server.request(`/api/v1/documentos?nombre=${encodeURIComponent(nombre)}&esperar=120`, {
    method: 'POST',
    body,
    headers: auth(key, { 'Content-Type': 'application/octet-stream' }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

const text = async (id: string, q = '') =>
  (await ctx.server.request(`/api/v1/documentos/${id}/texto${q}`, { headers: auth(key) })).json();

describe('files of every kind', () => {
  it('reads a DOCX into section anchors with its core properties', async () => {
    const doc = await upload(ctx.server, fixture('office/aguas-paramo.docx'), 'aguas.docx');
    expect(doc).toMatchObject({
      estado: 'listo',
      tipo: 'documento',
      titulo: 'Aguas del páramo andino',
      autores: ['Castañeda Ruiz, Mariana'],
      anio: 2019,
    });
    const t = await text(doc.id);
    expect(t.unidades[0].cita).toMatch(/^\(Castañeda Ruiz, 2019, .+párr\. \d+\)$/);
  });

  it('reads ODT and RTF of the same document into the same units', async () => {
    const odt = await upload(ctx.server, fixture('office/aguas-paramo.odt'), 'aguas.odt');
    const rtf = await upload(ctx.server, fixture('office/aguas-paramo.rtf'), 'aguas.rtf');
    const a = await text(odt.id, '?limite=100');
    const b = await text(rtf.id, '?limite=100');
    expect(a.unidades.map((u: { localizador: string }) => u.localizador)).toEqual(
      b.unidades.map((u: { localizador: string }) => u.localizador),
    );
    expect(odt.unidades).toBe(rtf.unidades);
  });

  it('reads slides with speaker notes, one unit per slide', async () => {
    const doc = await upload(ctx.server, fixture('office/presentacion-agua.pptx'), 'agua.pptx');
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'presentacion', unidades: 3 });
    const t = await text(doc.id);
    expect(t.unidades.map((u: { localizador: string }) => u.localizador)).toEqual(['diap. 1', 'diap. 2', 'diap. 3']);
    expect(t.unidades[1].texto).toContain('Homún');
    expect(t.unidades.map((u: { texto: string }) => u.texto).join('\n')).toContain('Notas: ');
  });

  it('reads spreadsheet rows with their header names and sheet row numbers', async () => {
    for (const name of ['calidad-agua.xlsx', 'calidad-agua.ods', 'calidad-agua.csv']) {
      const doc = await upload(ctx.server, fixture(`office/${name}`), name);
      expect(doc, name).toMatchObject({ estado: 'listo', tipo: 'hoja' });
      const passages = await ctx.server.runtime.deps.db.query<{ texto: string; ancla: { filaDesde: number } }>(
        'SELECT texto, ancla FROM passages WHERE document_id = $1 ORDER BY posicion',
        [doc.id],
      );
      expect(passages[0]!.texto, name).toContain('municipio: Homún; nitratos: 44.9; fecha: 2019-05-01');
      expect(passages[0]!.ancla.filaDesde, name).toBe(2);
    }
  });

  it('reads a video with a caption stream into time anchors with speakers', async () => {
    const doc = await upload(ctx.server, fixture('media/video-subtitulos.mkv'), 'charla.mkv');
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'video' });
    expect(doc.duracion).toBeGreaterThan(5);
    const t = await text(doc.id);
    expect(t.unidades[0].localizador).toBe('0:00');
    expect(t.unidades[0].t0).toBeLessThan(0.05); // the container may start its subtitle track a few ms in
    expect(t.unidades[0].texto).toContain('bienvenidos a Folio');
    const late = await text(doc.id, '?desde=0:06');
    expect(late.unidades[0].texto).toContain('Cada cita conserva su ancla');
  });

  it('ends audio with no text source in estado error that says how to enable transcription, keeping its duration', async () => {
    const doc = await upload(ctx.server, fixture('media/voz.mp3'), 'voz.mp3');
    expect(doc).toMatchObject({ estado: 'error', tipo: 'audio' });
    expect(doc.duracion).toBeGreaterThan(3);
    expect(doc.error).toContain('FOLIO_TRANSCRIBE_URL');
  });

  it('refuses an encrypted spreadsheet with a reason', async () => {
    const doc = await upload(ctx.server, fixture('office/cifrada.ods'), 'cifrada.ods');
    expect(doc.estado).toBe('error');
    expect(doc.error).toMatch(/contraseña|cifrad/i);
  });

  const EPUB = 'epub/childrens-literature.epub';
  it.skipIf(!hasFixture(EPUB))(
    titleNeeding('reads an EPUB with the printed page of each paragraph', EPUB),
    async () => {
      const doc = await upload(ctx.server, fs.readFileSync(fixturePath(EPUB)), 'libro.epub');
      expect(doc).toMatchObject({ estado: 'listo', tipo: 'epub' });
      const t = await text(doc.id, '?limite=100');
      const withPages = t.unidades.filter((u: { localizador: string }) => /^p\. \d+$/.test(u.localizador));
      expect(withPages.length).toBeGreaterThan(20);
    },
  );
});

describe('DOIs', () => {
  it('takes the DOI printed on the first page into the APA reference', async () => {
    const pdf = buildSamplePdf({
      ...MUESTRA,
      pages: [['Revista de Hidrología 12 (2021)', 'doi:10.5281/zenodo.4711235'], ...MUESTRA.pages.slice(1)],
    });
    const doc = await upload(ctx.server, pdf, 'articulo.pdf');
    expect(doc.referencia).toBe(
      'Pérez Canul, L. (2021). Cuaderno de campo del acuífero de Yucatán. https://doi.org/10.5281/zenodo.4711235',
    );
  });
});

describe('documents by URL', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const pdf = buildSamplePdf(MUESTRA);
    server = http.createServer((req, res) => {
      if (req.url === '/articulo') {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html lang="es"><head><title>Cenotes y nitratos</title>
          <meta name="citation_author" content="Canul Pech, Rosa"><meta name="citation_date" content="2022">
          </head><body><nav>Inicio · Contacto</nav><article><h1>Cenotes y nitratos</h1>
          <p>${'El agua del acuífero kárstico corre bajo la península y aflora en los cenotes. '.repeat(6)}</p>
          <h2>Mediciones</h2><p>${'En Homún los nitratos alcanzaron 44.9 mg/L durante la temporada de lluvias. '.repeat(5)}</p>
          <p>${'La vigilancia comunitaria registra cada muestra con su fecha y su lugar exacto. '.repeat(5)}</p>
          </article><footer>© 2022</footer></body></html>`);
      } else if (req.url === '/libro.pdf') {
        res.setHeader('Content-Type', 'application/pdf');
        res.end(pdf);
      } else {
        res.statusCode = 404;
        res.end('no');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const submit = (url: string, extra: Record<string, unknown> = {}) =>
    ctx.server.request('/api/v1/documentos?esperar=60', {
      method: 'POST',
      body: JSON.stringify({ url, ...extra }),
      headers: auth(key, { 'Content-Type': 'application/json' }),
    });

  // Readability drops the h1 that repeats the page title, so sections start below it.
  it('reads a web page into web anchors with section path, paragraph and capture date', async () => {
    const res = await submit(`${base}/articulo`);
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({
      estado: 'listo',
      tipo: 'web',
      url: `${base}/articulo`,
      titulo: 'Cenotes y nitratos',
      autores: ['Canul Pech, Rosa'],
      anio: 2022,
    });
    const [p] = await ctx.server.runtime.deps.db.query<{ ancla: Record<string, unknown> }>(
      "SELECT ancla FROM passages WHERE document_id = $1 AND texto LIKE '%Homún%' LIMIT 1",
      [doc.id],
    );
    expect(p!.ancla).toMatchObject({
      tipo: 'web',
      url: `${base}/articulo`,
      ruta: ['Mediciones'],
      parrafo: 1,
    });
    expect(p!.ancla.consultada).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await submit(`${base}/articulo`);
    expect(again.status).toBe(200);
    expect((await again.json()).duplicado).toBe(true);
  });

  it('reads a PDF behind a URL with its page labels and records the URL', async () => {
    const doc = await (await submit(`${base}/libro.pdf`)).json();
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'pdf', url: `${base}/libro.pdf`, unidades: 7 });
    const t = await text(doc.id, '?desde=iii&hasta=iii');
    expect(t.unidades[0].localizador).toBe('p. iii');
  });

  it('ends a URL that answers 404 in estado error with the reason', async () => {
    const doc = await (await submit(`${base}/no-existe`)).json();
    expect(doc.estado).toBe('error');
    expect(doc.error).toMatch(/404/);
  });
});
