import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, Importacion } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bibtexLibrary, importForm, LIBRARY_PDFS, libraryZip, pdfsZip } from '../import/testing/bibtex-upload';
import { auth, REPO_ROOT, useTestServer, type TestResponse } from '../testing/harness';
import { hasFixture, titleNeeding } from '../testing/fixtures';

// A small limit of its own, so the 413 is cheap to reach; the library's PDFs are some 40 KB.
const ctx = useTestServer({ maxImportBytes: 1024 * 1024 });
let key: string;
let other: string;
let reader: string;
const PDFS = 'pdfs/manifest.json';

beforeAll(async () => {
  key = await ctx.server.key('importa@example.org');
  other = await ctx.server.key('otra@example.org');
  reader = await ctx.server.key('importa@example.org', ['lectura']);
});

const post = (form: FormData, query = '?esperar=60', headers: Record<string, string> = {}, as = key) =>
  ctx.server.request(`/api/v1/importaciones${query}`, { method: 'POST', body: form, headers: auth(as, headers) });

const get = (id: string, query = '', as = key) =>
  ctx.server.request(`/api/v1/importaciones/${id}${query}`, { headers: auth(as) });

/** The body, checked against the contract's schema. */
async function importacion(res: TestResponse): Promise<Importacion> {
  const body = await res.json();
  return Importacion.parse(body);
}

const documentCount = async () =>
  (await (await ctx.server.request('/api/v1/documentos?limite=200', { headers: auth(key) })).json()).total as number;

describe.skipIf(!hasFixture(PDFS))('POST /importaciones: a BibTeX file with a zip of its PDFs', () => {
  let first: Importacion;

  it(titleNeeding('imports each entry with its file and reports the rest, with reasons', PDFS), async () => {
    const res = await post(
      importForm({ name: 'Mi biblioteca.bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() }),
    );
    expect(res.status).toBe(200);
    first = await importacion(res);
    expect(first).toMatchObject({ estado: 'listo', archivo: 'Mi biblioteca.bib', origen: 'Mi biblioteca' });
    expect(first.progreso).toEqual({ hechos: 6, total: 6 });
    expect(first.informe!.resumen).toEqual({
      nuevo: 3,
      ya_estaba: 0,
      referencia: 3,
      archivo_nuevo: 0,
      sin_cambios: 0,
      omitido: 0,
    });
    const byKey = Object.fromEntries(first.elementos.map((e) => [e.clave, e]));
    for (const p of LIBRARY_PDFS) {
      expect(byKey[p.key]).toMatchObject({ resultado: 'nuevo', titulo: p.title });
      expect(byKey[p.key]!.enlace).toBe(`http://folio.test/biblioteca/documentos/${byKey[p.key]!.documento}`);
    }
    // The missing file is named as the export names it, never where the server unpacked it.
    expect(first.informe!.archivos_que_faltan).toEqual([
      { clave: 'faltante2018', ruta: 'no-esta.pdf' },
      { clave: 'fuera2017', ruta: '/etc/hostname' },
    ]);
    // Items whose file is not in the upload are kept as references only, saying why.
    expect(byKey.fuera2017).toMatchObject({ resultado: 'referencia' });
    expect(byKey.faltante2018!.motivo).toMatch(/No está su archivo/);
    expect(byKey.sinarchivo2016).toMatchObject({ resultado: 'referencia' });
    expect(JSON.stringify(first)).not.toContain(ctx.server.config.dataDir);
    // The export's metadata is the document's: title with its accents, authors, year.
    const doc = await (
      await ctx.server.request(`/api/v1/documentos/${byKey.etiquetas2019!.documento}`, { headers: auth(key) })
    ).json();
    expect(doc).toMatchObject({ titulo: 'Páginas con etiquetas', anio: 2019 });
    expect(doc.autores.join('; ')).toContain('García');
    expect(await documentCount()).toBe(6);
  });

  it(titleNeeding('cleans up: no unpacked folder and no uploaded blob once the job ends', PDFS), async () => {
    const tmp = path.join(ctx.server.config.dataDir, 'tmp');
    const left = fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((f) => f.startsWith('importar')) : [];
    expect(left).toEqual([]);
    // Whichever blob store the server has (files, or the database's with DATABASE_URL), the upload is gone.
    const { blobs } = ctx.server.runtime.deps;
    for (const which of ['archivo', 'archivos']) {
      await expect(blobs.localPath(`import-${first.id}-${which}`)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it(titleNeeding('a second upload of the same export (a browser’s “(1)” copy) adds nothing', PDFS), async () => {
    const res = await post(
      importForm({ name: 'Mi biblioteca (1).bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() }),
    );
    const again = await importacion(res);
    expect(again).toMatchObject({ estado: 'listo', origen: 'Mi biblioteca' });
    expect(again.id).not.toBe(first.id);
    expect(again.informe!.resumen).toEqual({
      nuevo: 0,
      ya_estaba: 0,
      referencia: 0,
      archivo_nuevo: 0,
      sin_cambios: 6,
      omitido: 0,
    });
    expect(
      again.elementos
        .filter((e) => e.resultado === 'sin_cambios')
        .map((e) => e.documento)
        .sort(),
    ).toEqual(
      first.elementos
        .filter((e) => e.resultado === 'nuevo' || e.resultado === 'referencia')
        .map((e) => e.documento)
        .sort(),
    );
    expect(await documentCount()).toBe(6);
  });

  it(
    titleNeeding(
      'the same files under another name are another library: its works are the documents already there',
      PDFS,
    ),
    async () => {
      const form = importForm({ name: 'biblioteca.zip', data: libraryZip() }, undefined, { origen: 'Otra biblioteca' });
      const res = await post(form);
      const body = await importacion(res);
      expect(body).toMatchObject({ estado: 'listo', origen: 'Otra biblioteca' });
      // One zip with the .bib and a folder of its files beside it: the files are found there.
      // Its references are the same works as the references already there (title, authors, year).
      expect(body.informe!.resumen).toMatchObject({ nuevo: 0, ya_estaba: 6, referencia: 0 });
      expect(await documentCount()).toBe(6);
    },
  );

  it(
    titleNeeding('answers 202 with progreso_url at once with Prefer: respond-async; GET long-polls to the end', PDFS),
    async () => {
      const res = await post(
        importForm({ name: 'asincrona.bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() }),
        '',
        { Prefer: 'respond-async' },
      );
      expect(res.status).toBe(202);
      const queued = await importacion(res);
      expect(queued.progreso_url).toBe(`http://folio.test/api/v1/importaciones/${queued.id}`);
      expect(res.headers.get('location')).toBe(queued.progreso_url);
      const done = await importacion(await get(queued.id, '?esperar=60', reader));
      expect(done.estado).toBe('listo');
      expect(done.progreso_url).toBeUndefined();
    },
  );

  it(
    titleNeeding('a repeated Idempotency-Key gives back the same job; another upload with it is 409', PDFS),
    async () => {
      const form = () => importForm({ name: 'idem.bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() });
      const a = await importacion(await post(form(), '?esperar=0', { 'Idempotency-Key': 'importar-1' }));
      const b = await importacion(await post(form(), '?esperar=0', { 'Idempotency-Key': 'importar-1' }));
      expect(b.id).toBe(a.id);
      const c = await post(importForm({ name: 'otra.bib', data: '@misc{x, title={X}}' }), '?esperar=0', {
        'Idempotency-Key': 'importar-1',
      });
      expect(c.status).toBe(409);
      await get(a.id, '?esperar=60');
    },
  );
});

describe('the typed API client', () => {
  it('imports through importLibrary (its own multipart body) and polls with importJob', async () => {
    const client = createClient({
      baseUrl: 'http://folio.test',
      apiKey: key,
      fetch: async (url, init) => {
        const u = new URL(url);
        return ctx.server.request(u.pathname + u.search, init as RequestInit);
      },
    });
    const job = await client.importLibrary({
      archivo: { nombre: 'cliente-ñ.bib', body: '@misc{cliente1, title={Por el cliente}, year={2020}}' },
      origen: 'Desde el cliente',
      esperar: 0,
    });
    expect(job).toMatchObject({ estado: expect.stringMatching(/en_cola|procesando|listo/), archivo: 'cliente-ñ.bib' });
    const done = await client.importJob(job.id, { esperar: 30 });
    expect(done).toMatchObject({ estado: 'listo', origen: 'Desde el cliente' });
    expect(done.elementos).toEqual([expect.objectContaining({ clave: 'cliente1', resultado: 'referencia' })]);
  });
});

describe('GET /importaciones/{id}', () => {
  it("is 404 for another user's job and for an unknown id", async () => {
    const res = await post(importForm({ name: 'sola.bib', data: '@misc{sola, title={Sola}}' }), '?esperar=0');
    const { id } = await importacion(res);
    const theirs = await get(id, '', other);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).error.codigo).toBe('no_encontrado');
    expect((await get('no-existe')).status).toBe(404);
  });

  it('needs a key: 401 without one', async () => {
    expect((await ctx.server.request('/api/v1/importaciones/x')).status).toBe(401);
  });
});

describe('POST /importaciones refusals', () => {
  it('a broken zip ends the job in error with the reason in Spanish, at once (no retries)', async () => {
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]);
    const started = Date.now();
    const body = await importacion(await post(importForm({ name: 'rota.zip', data: broken })));
    expect(body.estado).toBe('error');
    expect(body.error).toMatch(/comprimido|zip/i);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a file that is not a library ends the job in error saying so', async () => {
    const body = await importacion(await post(importForm({ name: 'notas.txt', data: 'Hola, esto son mis notas.' })));
    expect(body).toMatchObject({ estado: 'error' });
    expect(body.error).toContain('notas.txt no es una exportación BibTeX/BibLaTeX, RIS ni CSL-JSON');
  });

  it('a zip with no library in it ends in error saying what it should hold', async () => {
    const { writeZip } = await import('../formats/write-zip');
    const zip = writeZip([{ name: 'foto.txt', data: Buffer.from('nada') }]);
    const body = await importacion(await post(importForm({ name: 'cosas.zip', data: zip })));
    expect(body.error).toMatch(/No es una biblioteca/);
  });

  it('archivos that is not a zip is refused with the reason', async () => {
    const body = await importacion(
      await post(importForm({ name: 'a.bib', data: bibtexLibrary() }, { name: 'pdfs.tar', data: 'no soy un zip' })),
    );
    expect(body.error).toMatch(/pdfs\.tar no es un \.zip/);
  });

  it('a Zotero RDF export (its folder zipped) comes in with its files; links out of it are not followed', async () => {
    const { writeZoteroRdfExport, zipFolder } = await import('../import/zotero-rdf/testing/zotero-rdf-export');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-rdf-upload-'));
    try {
      const pdf = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
      writeZoteroRdfExport(
        path.join(root, 'Exported Items'),
        [
          {
            id: 1,
            itemType: 'book',
            fields: { title: 'Muestra en RDF', date: '2003' },
            creators: [{ creatorType: 'author', lastName: 'Ñandú', firstName: 'Inés' }],
            attachments: [
              { id: 2, linkMode: 0, contentType: 'application/pdf', fileName: 'muestra.pdf', content: pdf },
            ],
          },
          {
            id: 3,
            itemType: 'journalArticle',
            fields: { title: 'Un enlace fuera de la exportación', date: '2010' },
            attachments: [{ id: 4, linkMode: 2, contentType: 'application/pdf', url: 'file:///etc/hostname' }],
          },
        ],
        [{ id: 1, name: 'Tesis', children: [1] }],
      );
      const zip = zipFolder(root);
      const body = await importacion(await post(importForm({ name: 'Exported Items.zip', data: zip })));
      expect(body.estado).toBe('listo');
      const byTitle = Object.fromEntries(body.elementos.map((e) => [e.titulo, e]));
      expect(byTitle['Muestra en RDF']).toMatchObject({ resultado: 'nuevo' });
      expect(byTitle['Un enlace fuera de la exportación']?.resultado).not.toBe('nuevo');
      const doc = await (
        await ctx.server.request(`/api/v1/documentos/${byTitle['Muestra en RDF']!.documento}`, { headers: auth(key) })
      ).json();
      expect(doc).toMatchObject({
        titulo: 'Muestra en RDF',
        autores: ['Ñandú, Inés'],
        anio: 2003,
        biblioteca: 'Tesis',
      });
      expect(doc.origen_metadatos.titulo.origen).toBe('zotero');
      const again = await importacion(await post(importForm({ name: 'Exported Items.zip', data: zip })));
      expect(again.informe!.resumen.nuevo).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('RDF that is not a Zotero export ends in error saying so', async () => {
    const { writeZip } = await import('../formats/write-zip');
    const zip = writeZip([{ name: 'Exported Items/Exported Items.rdf', data: Buffer.from('<rdf:RDF/>') }]);
    const body = await importacion(await post(importForm({ name: 'Exported Items.zip', data: zip })));
    expect(body.estado).toBe('error');
    expect(body.error).toMatch(/Zotero RDF/);
  });

  it('without archivo: 400 naming the field', async () => {
    const form = new FormData();
    form.append('origen', 'x');
    const res = await post(form);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ codigo: 'peticion_invalida', detalles: { campo: 'archivo' } });
  });

  it('not multipart: 400', async () => {
    const res = await ctx.server.request('/api/v1/importaciones', {
      method: 'POST',
      body: '{}',
      headers: auth(key, { 'Content-Type': 'application/json' }),
    });
    expect(res.status).toBe(400);
  });

  it('past FOLIO_MAX_IMPORT_MB: 413 demasiado_grande in the contract’s error shape', async () => {
    const big = new Uint8Array(1024 * 1024 + 10);
    const res = await post(importForm({ name: 'grande.bib', data: big }));
    expect(res.status).toBe(413);
    const { error } = await res.json();
    expect(error).toMatchObject({ codigo: 'demasiado_grande', estado: 413, detalles: { limite_bytes: 1024 * 1024 } });
    expect(error.mensaje).toContain('FOLIO_MAX_IMPORT_MB');
    expect(error.message).toContain('FOLIO_MAX_IMPORT_MB');
  });

  it('a key with lectura only cannot import: 403', async () => {
    const res = await post(importForm({ name: 'a.bib', data: '@misc{a, title={A}}' }), '', {}, reader);
    expect(res.status).toBe(403);
  });
});
