import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutdatedReadings } from '../../db/rereads.repo';
import { findUserByEmail } from '../../db/users.repo';
import type { ImportedItem, LibraryReading } from '../../import/imported-item';
import { auth, REPO_ROOT, useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';
import { setPassword } from '../accounts/set-password';
import { importLibrary } from './import-library';

const ctx = useTestServer();
let key: string;
let userId: string;
let dir: string;

const FIXTURES = path.join(REPO_ROOT, 'test/fixtures');

beforeAll(async () => {
  key = await ctx.server.key('biblioteca@example.org');
  userId = (await findUserByEmail(ctx.server.runtime.deps.db, 'biblioteca@example.org'))!.id;
  // The user's library on disk: its files are read where they are, never moved or changed.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-zotero-'));
  fs.mkdirSync(path.join(dir, 'storage', 'ABCD1234'), { recursive: true });
  fs.copyFileSync(path.join(FIXTURES, 'muestra.pdf'), path.join(dir, 'storage', 'ABCD1234', 'muestra.pdf'));
  fs.copyFileSync(path.join(FIXTURES, 'office/aguas-paramo.docx'), path.join(dir, 'aguas-paramo.docx'));
  fs.copyFileSync(path.join(FIXTURES, 'latex/tesis-ot1.pdf'), path.join(dir, 'tesis.pdf'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const call = (p: string, init: RequestInit = {}) =>
  ctx.server.request(`/api/v1${p}`, { ...init, headers: auth(key, init.headers as Record<string, string>) });
const api = async (p: string, init: RequestInit = {}) => (await call(p, init)).json();
const JSON_BODY = { 'Content-Type': 'application/json' };

/** The library as a reader of a Zotero data directory gives it. */
function zoteroLibrary(): LibraryReading {
  const item = (key: string, given: Partial<ImportedItem>): ImportedItem => ({
    source: 'zotero',
    key,
    record: { type: 'document' },
    files: [],
    collections: [],
    tags: [],
    notes: [],
    ...given,
  });
  return {
    origen: 'Zotero (esquema userdata 120)',
    skipped: [{ key: 'ANNO0001', what: 'Anotación suelta', motivo: 'Tipo de elemento que Folio no importa.' }],
    items: [
      item('ABCD1234', {
        record: {
          type: 'book',
          title: 'Muestra de Zotero',
          author: [{ family: 'Pérez García', given: 'Ana' }, { literal: 'Instituto de Ejemplo' }],
          issued: { 'date-parts': [[1999]] },
          publisher: 'Editorial Ejemplo',
          'publisher-place': 'Lima',
          ISBN: '978-0-00-000000-2',
        },
        files: [
          // A snapshot beside the PDF: the PDF is the one read.
          { path: path.join(dir, 'storage', 'ABCD1234', 'snapshot.html'), exists: false, link: 'stored' },
          {
            path: path.join(dir, 'storage', 'ABCD1234', 'muestra.pdf'),
            exists: true,
            link: 'stored',
            contentType: 'application/pdf',
          },
        ],
        collections: [['Tesis', 'Capítulo 2'], ['Lecturas']],
        tags: ['agua', 'páramo'],
        notes: ['Leer el capítulo 3.'],
      }),
      item('DOCX0001', {
        record: {
          type: 'report',
          title: 'Aguas del páramo (informe)',
          author: [{ family: 'Quispe', given: 'Rosa' }],
          issued: { raw: '2021' },
        },
        files: [{ path: path.join(dir, 'aguas-paramo.docx'), exists: true, link: 'linked' }],
      }),
      item('MISS0001', {
        record: { type: 'article-journal', title: 'Artículo sin su PDF' },
        files: [{ path: path.join(dir, 'no-esta.pdf'), exists: false, link: 'linked' }],
      }),
      item('NOFILE01', { record: { type: 'book', title: 'Libro sin archivo' } }),
    ],
  };
}

/** Waits until none of the user's documents is queued or being read. */
async function settled() {
  for (let i = 0; i < 240; i++) {
    const list = await api('/documentos');
    if (list.documentos.every((d: { estado: string }) => d.estado === 'listo' || d.estado === 'error')) return list;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('documents still being read');
}

describe("importing the user's library from elsewhere", () => {
  let pdfId: string;

  it("uploads each item's best file with its record as the user's own, and reports the rest", async () => {
    const seen: number[] = [];
    const report = await importLibrary(ctx.server.runtime.deps, userId, zoteroLibrary(), {
      library: dir,
      onItem: (done) => seen.push(done),
    });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(report.resumen).toEqual({
      nuevo: 2,
      ya_estaba: 0,
      referencia: 2,
      archivo_nuevo: 0,
      sin_cambios: 0,
      omitido: 1,
    });
    const byKey = Object.fromEntries(report.elementos.map((e) => [e.clave, e]));
    // Items without a file on disk are kept as references; the one whose file is missing says so.
    expect(byKey.MISS0001).toMatchObject({ resultado: 'referencia', motivo: expect.stringMatching(/no-esta\.pdf/) });
    expect(byKey.NOFILE01).toMatchObject({ resultado: 'referencia' });
    expect(byKey.NOFILE01!.motivo).toBeUndefined();
    expect(byKey.ANNO0001!.motivo).toMatch(/no importa/);
    expect(report.archivos_que_faltan.map((f) => path.basename(f.ruta)).sort()).toEqual([
      'no-esta.pdf',
      'snapshot.html',
    ]);
    // Tags are kept now: only notes and the second collection are left out.
    expect(report.dejado_fuera).toEqual({ otros_adjuntos: 0, notas: 1, otras_colecciones: 1 });
    pdfId = byKey.ABCD1234!.documento!;

    await settled();
    const doc = await api(`/documentos/${pdfId}`);
    expect(doc).toMatchObject({
      estado: 'listo',
      titulo: 'Muestra de Zotero',
      autores: ['Pérez García, Ana', 'Instituto de Ejemplo'],
      anio: 1999,
    });
    expect(doc.biblioteca).toBe('Tesis / Capítulo 2');
    expect(doc.etiquetas).toEqual(['agua', 'páramo']);
    expect(doc.origen_metadatos.titulo.origen).toBe('zotero');
    expect(doc.origen_metadatos.anio.origen).toBe('zotero');
    expect(doc.detalles_bibliograficos).toMatchObject({
      editorial: 'Editorial Ejemplo',
      lugar: 'Lima',
      isbn: '9780000000002',
      tipo_obra: 'book',
    });
    // The user's file is where it was, unchanged.
    expect(fs.existsSync(path.join(dir, 'storage', 'ABCD1234', 'muestra.pdf'))).toBe(true);
    // Its text is searchable.
    const found = await api(`/buscar?q=${encodeURIComponent('cenotes')}`);
    expect(found.pasajes.some((p: { documento: { id: string } }) => p.documento.id === pdfId)).toBe(true);
  }, 120_000);

  it('adds nothing the second time, and keeps what the user corrected since', async () => {
    await api(`/documentos/${pdfId}`, {
      method: 'PATCH',
      body: JSON.stringify({ titulo: 'Mi título corregido' }),
      headers: { 'Content-Type': 'application/json' },
    });
    const report = await importLibrary(ctx.server.runtime.deps, userId, zoteroLibrary(), { library: dir });
    expect(report.resumen).toMatchObject({ nuevo: 0, ya_estaba: 0, referencia: 0, sin_cambios: 4, omitido: 1 });
    // The reference whose file is still missing says so again; the PDF's missing snapshot does not.
    expect(report.archivos_que_faltan.map((f) => path.basename(f.ruta))).toEqual(['no-esta.pdf']);
    const list = await api('/documentos');
    expect(list.total).toBe(4);
    const doc = await api(`/documentos/${pdfId}`);
    expect(doc.titulo).toBe('Mi título corregido');
    expect(doc.origen_metadatos.titulo.origen).toBe('usuario');
    expect(doc.origen_metadatos.autores.origen).toBe('zotero');
  }, 60_000);

  it('gives a file already in the library the record where its user gave nothing, under another library', async () => {
    const other: LibraryReading = {
      origen: 'BibTeX',
      skipped: [],
      items: [
        {
          source: 'bibtex',
          key: 'quispe2021',
          record: {
            type: 'report',
            title: 'Otro título en BibTeX',
            issued: { 'date-parts': [[2021]] },
            publisher: 'ANA',
          },
          files: [{ path: path.join(dir, 'tesis.pdf'), exists: true, link: 'linked' }],
          collections: [],
          tags: ['Hidrología', 'agua', ' tesis ', 'Tesis'],
          notes: [],
        },
      ],
    };
    // The same bytes uploaded before by hand, with a title the user typed.
    const upload = await api('/documentos?nombre=tesis.pdf&titulo=' + encodeURIComponent('Tesis como la llamé'), {
      method: 'POST',
      body: fs.readFileSync(path.join(dir, 'tesis.pdf')),
    });
    // The user tagged it in Folio: the library's tags join theirs, each once.
    const tagged = await call(`/documentos/${upload.id}`, {
      method: 'PATCH',
      headers: JSON_BODY,
      body: JSON.stringify({ etiquetas: ['mía', 'agua'] }),
    });
    expect((await tagged.json()).etiquetas).toEqual(['mía', 'agua']);
    const report = await importLibrary(ctx.server.runtime.deps, userId, other, { library: path.join(dir, 'refs.bib') });
    expect(report.resumen.ya_estaba).toBe(1);
    expect(report.elementos[0]!.documento).toBe(upload.id);
    await settled();
    const doc = await api(`/documentos/${upload.id}`);
    expect(doc.titulo).toBe('Tesis como la llamé');
    expect(doc.origen_metadatos.titulo.origen).toBe('usuario');
    expect(doc.anio).toBe(2021);
    expect(doc.origen_metadatos.anio.origen).toBe('bibliografia');
    expect(doc.detalles_bibliograficos.editorial).toBe('ANA');
    expect(doc.etiquetas).toEqual(['mía', 'agua', 'Hidrología', 'tesis']);

    // The list narrows by a tag (an extension query parameter), and so does its export.
    const agua = await api(`/documentos?etiqueta=agua`);
    expect(agua.documentos.map((d: { id: string }) => d.id).sort()).toEqual([pdfId, upload.id].sort());
    expect(agua.documentos.find((d: { id: string }) => d.id === pdfId).etiquetas).toEqual(['agua', 'páramo']);
    expect((await api(`/documentos?etiqueta=${encodeURIComponent('Hidrología')}`)).total).toBe(1);
    expect((await api(`/documentos?etiqueta=nada`)).total).toBe(0);
    const csl = await (await call(`/documentos?formato=csljson&etiqueta=${encodeURIComponent('mía')}`)).json();
    expect(csl).toHaveLength(1);
  }, 60_000);

  it('counts as new what a run stopped between upload and record made, and as there what it found there', async () => {
    const unique = (name: string, mark: string) => {
      const file = path.join(dir, name);
      fs.copyFileSync(path.join(FIXTURES, 'muestra.pdf'), file);
      fs.appendFileSync(file, `\n% ${mark}\n`);
      return file;
    };
    const made = unique('hecha.pdf', 'hecha por la importación');
    const found = unique('hallada.pdf', 'subida antes a mano');
    const byHand = await api('/documentos?nombre=hallada.pdf', { method: 'POST', body: fs.readFileSync(found) });
    const item = (key: string, file: string): ImportedItem => ({
      source: 'bibtex',
      key,
      record: { type: 'report', title: `Informe ${key}` },
      files: [{ path: file, exists: true, link: 'linked' }],
      collections: [],
      tags: [],
      notes: [],
    });
    const reading: LibraryReading = {
      origen: 'BibTeX',
      skipped: [],
      items: [item('hecha1', made), item('hallada1', found)],
    };
    const library = path.join(dir, 'parada.bib');
    const first = await importLibrary(ctx.server.runtime.deps, userId, reading, { library });
    expect(first.elementos.map((e) => e.resultado)).toEqual(['nuevo', 'ya_estaba']);
    // As if the process had stopped after each upload and before its record was written.
    await ctx.server.runtime.deps.db.query('DELETE FROM imported_items WHERE user_id = $1 AND library = $2', [
      userId,
      library,
    ]);
    const resumed = await importLibrary(ctx.server.runtime.deps, userId, reading, { library });
    expect(resumed.elementos.map((e) => [e.resultado, e.documento])).toEqual([
      ['nuevo', first.elementos[0]!.documento],
      ['ya_estaba', byHand.id],
    ]);
  }, 60_000);

  it('finishes a run stopped midway without a second document', async () => {
    const library = zoteroLibrary();
    const copy = path.join(dir, 'copia.pdf');
    fs.copyFileSync(path.join(FIXTURES, 'muestra.pdf'), copy);
    fs.appendFileSync(copy, '\n% otra copia\n');
    const items = [1, 2, 3].map((n) => ({
      ...library.items[0]!,
      key: `STOP000${n}`,
      files: [{ path: copy, exists: true, link: 'linked' as const }],
    }));
    const stopped = { ...library, skipped: [], items };
    const before = (await api('/documentos')).total;
    await expect(
      importLibrary(ctx.server.runtime.deps, userId, stopped, {
        library: path.join(dir, 'otra'),
        onItem: (done) => {
          if (done === 1) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const again = await importLibrary(ctx.server.runtime.deps, userId, stopped, { library: path.join(dir, 'otra') });
    expect(again.resumen.sin_cambios).toBe(1);
    // The same bytes under the other two keys: the document the first made.
    expect(new Set(again.elementos.map((e) => e.documento)).size).toBe(1);
    expect((await api('/documentos')).total).toBe(before + 1);
  }, 60_000);
});

describe('a file larger than an upload may be', () => {
  it('is left out with the reason, and nothing of it is kept', async () => {
    const deps = ctx.server.runtime.deps;
    const tmp = path.join(deps.config.dataDir, 'tmp');
    const before = (await api('/documentos')).total;
    const leftovers = () => (fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((f) => f.startsWith('importar-')) : []);
    const big = path.join(dir, 'grande.pdf');
    fs.copyFileSync(path.join(FIXTURES, 'latex/tesis-ot1.pdf'), big);
    fs.appendFileSync(big, '\n% grande\n');
    const limit = fs.statSync(big).size - 1;
    const report = await importLibrary(
      { ...deps, config: { ...deps.config, maxUploadBytes: limit } },
      userId,
      {
        origen: 'BibTeX',
        skipped: [],
        items: [
          {
            source: 'bibtex',
            key: 'grande2024',
            record: { type: 'book', title: 'Un libro muy grande' },
            files: [{ path: big, exists: true, link: 'linked' }],
            collections: [],
            tags: [],
            notes: [],
          },
        ],
      },
      { library: path.join(dir, 'grande.bib') },
    );
    expect(report.elementos[0]).toMatchObject({
      clave: 'grande2024',
      resultado: 'omitido',
      motivo: expect.stringMatching(/grande\.pdf.*límite de subida \(FOLIO_MAX_UPLOAD_MB\)/),
    });
    expect(report.elementos[0]!.documento).toBeUndefined();
    expect((await api('/documentos')).total).toBe(before);
    expect(leftovers()).toEqual([]);
  }, 60_000);
});

describe('an item without a file, kept as a reference only', () => {
  const EMAIL = 'referencias@example.org';
  const PASSWORD = 'una frase larga para las referencias';
  let refKey: string;
  let refUser: string;
  let web: WebClient;
  let refDir: string;
  let refId: string;

  const refCall = (p: string, init: RequestInit = {}) =>
    ctx.server.request(`/api/v1${p}`, { ...init, headers: auth(refKey, init.headers as Record<string, string>) });
  const refApi = async (p: string, init: RequestInit = {}) => (await refCall(p, init)).json();

  /** A BibTeX export whose article names a PDF that is not in its folder (yet). */
  const bibliography = (): LibraryReading => ({
    origen: 'BibTeX',
    skipped: [],
    items: [
      {
        source: 'bibtex',
        key: 'silva2020',
        record: {
          type: 'article-journal',
          title: 'Cenotes y acuíferos kársticos',
          author: [{ family: 'Silva', given: 'João' }],
          issued: { 'date-parts': [[2020]] },
          'container-title': 'Revista de Hidrología',
          volume: '12',
          page: '45-67',
          DOI: '10.1234/cenotes.2020',
        },
        files: [
          {
            path: path.join(refDir, 'silva2020.pdf'),
            exists: fs.existsSync(path.join(refDir, 'silva2020.pdf')),
            link: 'linked',
          },
        ],
        collections: [['Tesis', 'Marco teórico']],
        tags: ['karst', 'por leer'],
        notes: [],
      },
    ],
  });

  beforeAll(async () => {
    refKey = await ctx.server.key(EMAIL);
    refUser = (await findUserByEmail(ctx.server.runtime.deps.db, EMAIL))!.id;
    await setPassword(ctx.server.runtime.deps.db, EMAIL, PASSWORD);
    web = new WebClient(ctx.server);
    await web.signIn(EMAIL, PASSWORD);
    refDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-refs-'));
  });
  afterAll(() => fs.rmSync(refDir, { recursive: true, force: true }));

  it('is a ready document with its record, no text, cite-able and exported', async () => {
    const report = await importLibrary(ctx.server.runtime.deps, refUser, bibliography(), {
      library: path.join(refDir, 'refs.bib'),
    });
    expect(report.resumen.referencia).toBe(1);
    expect(report.archivos_que_faltan).toEqual([{ clave: 'silva2020', ruta: path.join(refDir, 'silva2020.pdf') }]);
    refId = report.elementos[0]!.documento!;

    const doc = await refApi(`/documentos/${refId}`);
    expect(doc).toMatchObject({
      id: refId,
      titulo: 'Cenotes y acuíferos kársticos',
      autores: ['Silva, João'],
      anio: 2020,
      tipo: 'documento',
      estado: 'listo',
      unidades: 0,
      solo_referencia: true,
      biblioteca: 'Tesis / Marco teórico',
      etiquetas: ['karst', 'por leer'],
      detalles_bibliograficos: {
        tipo_obra: 'article-journal',
        contenedor: 'Revista de Hidrología',
        doi: '10.1234/cenotes.2020',
      },
    });
    expect(doc.referencia).toMatch(/Silva, J\. \(2020\)\. Cenotes y acuíferos kársticos\. .*Revista de Hidrología/);
    expect(doc.origen_metadatos.titulo.origen).toBe('bibliografia');
    expect(doc.progreso_url).toBeUndefined();
    // The start-up sweep that re-reads documents read by an older reader has nothing to read here.
    const everyKindNewer = { documento: 99, pdf: 99 };
    expect(await findOutdatedReadings(ctx.server.runtime.deps.db, everyKindNewer, 1000)).not.toContain(refId);
    const listed = await refApi('/documentos');
    expect(listed.documentos[0]).toMatchObject({ id: refId, solo_referencia: true, estado: 'listo' });

    // No text: a 409 in the contract's error shape, never a 500.
    const texto = await refCall(`/documentos/${refId}/texto`);
    expect(texto.status).toBe(409);
    expect((await texto.json()).error).toMatchObject({
      codigo: 'conflicto',
      estado: 409,
      mensaje: expect.stringMatching(/solo una referencia/),
      message: expect.stringMatching(/reference only/),
    });

    // No passages: search, ask and verify never find it.
    const found = await refApi(`/buscar?q=${encodeURIComponent('Cenotes acuíferos kársticos')}&documento=${refId}`);
    expect(found.pasajes).toEqual([]);
    const verified = await refApi('/verificar', {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ afirmacion: 'Los cenotes son acuíferos kársticos.' }),
    });
    expect(verified.pasajes).toEqual([]);

    // Cite-able: its reference is exported with the library and on its own.
    const bib = await refCall('/documentos?formato=bibtex');
    expect(bib.status).toBe(200);
    const bibtex = await bib.text();
    expect(bibtex).toMatch(/@article\{/);
    expect(bibtex).toContain('Cenotes y acuíferos kársticos');
    expect(bibtex).toMatch(/doi = \{10\.1234\/cenotes\.2020\}/i);
    const ris = await (await refCall(`/documentos/${refId}?formato=ris`)).text();
    expect(ris).toMatch(/^TY {2}- JOUR/m);
    const csl = await (
      await refCall('/documentos?formato=csljson&biblioteca=' + encodeURIComponent('Tesis / Marco teórico'))
    ).json();
    expect(csl).toHaveLength(1);
    expect(csl[0]).toMatchObject({ type: 'article-journal', title: 'Cenotes y acuíferos kársticos' });
  }, 60_000);

  it('takes corrections, shows as a reference on the web, and has no reader or file', async () => {
    const corrected = await refCall(`/documentos/${refId}`, {
      method: 'PATCH',
      headers: JSON_BODY,
      body: JSON.stringify({ anio: 2021, paginas: '45-68' }),
    });
    expect(corrected.status).toBe(200);
    const doc = await corrected.json();
    expect(doc).toMatchObject({ anio: 2021, solo_referencia: true, estado: 'listo' });
    expect(doc.referencia).toMatch(/\(2021\)/);

    const list = await web.page('/biblioteca');
    const row = parseHTML(list.text).document.querySelector(`#doc-${refId}`);
    expect(row?.querySelector('.type')?.textContent?.trim()).toBe('Solo referencia');
    expect([...(row?.querySelectorAll('a.etiqueta') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      '/biblioteca?etiqueta=karst',
      '/biblioteca?etiqueta=por%20leer',
    ]);
    const byTag = parseHTML((await web.page('/biblioteca?etiqueta=por%20leer')).text).document;
    expect([...byTag.querySelectorAll('tr[data-id]')].map((r) => r.getAttribute('data-id'))).toEqual([refId]);
    expect(byTag.querySelector('#etiqueta')?.getAttribute('value')).toBe('por leer');

    const page = await web.page(`/biblioteca/documentos/${refId}`);
    expect(page.res.status).toBe(200);
    const d = parseHTML(page.text).document;
    expect(d.querySelector('#solo-referencia')?.textContent).toBe('Solo referencia');
    expect(d.querySelector('#solo-referencia-nota')?.textContent).toMatch(/sin archivo/);
    expect(d.querySelector('#referencia-entrada')?.textContent).toContain('Cenotes y acuíferos kársticos');
    // Nothing to read, no original, nothing to read again.
    const actions = [...d.querySelectorAll('.doc-acciones a, .doc-acciones form')].map(
      (e) => e.getAttribute('href') ?? e.getAttribute('action'),
    );
    expect(actions).toEqual([`/biblioteca/documentos/${refId}/borrar`]);
    expect(d.querySelector('#unidades')).toBeNull();
    expect([...d.querySelectorAll('#etiquetas a')].map((a) => a.textContent)).toEqual(['karst', 'por leer']);

    // Tags are edited on the edit page, one per line.
    const edit = await web.page(`/biblioteca/documentos/${refId}/editar`);
    expect(parseHTML(edit.text).document.querySelector('#etiquetas')?.textContent).toBe('karst\npor leer');
    const saved = await web.post(`/biblioteca/documentos/${refId}/editar`, { etiquetas: 'karst\n\nleído\nKarst' });
    expect(saved.res.status).toBe(303);
    expect((await refApi(`/documentos/${refId}`)).etiquetas).toEqual(['karst', 'leído']);

    const reader = await web.request(`/leer/${refId}`, { redirect: 'manual' });
    expect(reader.status).toBe(303);
    expect(reader.headers.get('location')).toBe(`/biblioteca/documentos/${refId}`);
    expect((await web.request(`/leer/${refId}/archivo`)).status).toBe(404);
    const reread = await web.post(`/biblioteca/documentos/${refId}/releer`, {});
    expect(reread.res.status).toBeLessThan(500);
    expect((await refApi(`/documentos/${refId}`)).estado).toBe('listo');
  }, 60_000);

  it('reads its file into the same document when an import finds it, keeping the corrections', async () => {
    fs.copyFileSync(path.join(FIXTURES, 'muestra.pdf'), path.join(refDir, 'silva2020.pdf'));
    const report = await importLibrary(ctx.server.runtime.deps, refUser, bibliography(), {
      library: path.join(refDir, 'refs.bib'),
    });
    expect(report.elementos[0]).toMatchObject({ resultado: 'archivo_nuevo', documento: refId });
    expect(report.archivos_que_faltan).toEqual([]);
    let doc = await refApi(`/documentos/${refId}?esperar=120`);
    expect(doc.estado, doc.error).toBe('listo');
    expect(doc.solo_referencia).toBeUndefined();
    expect(doc).toMatchObject({ tipo: 'pdf', anio: 2021, titulo: 'Cenotes y acuíferos kársticos' });
    expect(doc.unidades).toBeGreaterThan(0);
    const found = await refApi(`/buscar?q=cenotes&documento=${refId}`);
    expect(found.pasajes.length).toBeGreaterThan(0);
    expect((await refApi('/documentos')).total).toBe(1);

    // A third run: nothing to do.
    const again = await importLibrary(ctx.server.runtime.deps, refUser, bibliography(), {
      library: path.join(refDir, 'refs.bib'),
    });
    expect(again.elementos[0]).toMatchObject({ resultado: 'sin_cambios', documento: refId });
    doc = await refApi(`/documentos/${refId}`);
    expect(doc.estado).toBe('listo');
  }, 150_000);

  it('stays a reference when the file it finds is already another document, and says which', async () => {
    const library = path.join(refDir, 'dup.bib');
    const item = (exists: boolean): LibraryReading => ({
      ...bibliography(),
      items: [
        {
          ...bibliography().items[0]!,
          key: 'dup2023',
          record: { ...bibliography().items[0]!.record, title: 'Una obra cuyo PDF ya estaba', DOI: undefined },
          files: [{ path: path.join(refDir, 'dup.pdf'), exists, link: 'linked' }],
        },
      ],
    });
    const first = await importLibrary(ctx.server.runtime.deps, refUser, item(false), { library });
    const id = first.elementos[0]!.documento!;
    fs.copyFileSync(path.join(FIXTURES, 'latex/tesis-ot1.pdf'), path.join(refDir, 'dup.pdf'));
    const upload = await refApi('/documentos?nombre=dup.pdf&esperar=0', {
      method: 'POST',
      body: fs.readFileSync(path.join(refDir, 'dup.pdf')),
    });
    const again = await importLibrary(ctx.server.runtime.deps, refUser, item(true), { library });
    expect(again.elementos[0]).toMatchObject({
      resultado: 'sin_cambios',
      documento: id,
      motivo: expect.stringContaining(`otro documento (${upload.id})`),
    });
    expect(await refApi(`/documentos/${id}`)).toMatchObject({ solo_referencia: true, estado: 'listo' });
    await refCall(`/documentos/${upload.id}`, { method: 'DELETE' });
    await refCall(`/documentos/${id}`, { method: 'DELETE' });
  }, 60_000);

  it('is deleted like any document', async () => {
    const report = await importLibrary(
      ctx.server.runtime.deps,
      refUser,
      {
        ...bibliography(),
        items: [
          {
            ...bibliography().items[0]!,
            key: 'otra2022',
            record: { ...bibliography().items[0]!.record, title: 'Otra referencia para borrar', DOI: undefined },
            files: [],
          },
        ],
      },
      { library: path.join(refDir, 'otra.bib') },
    );
    const id = report.elementos[0]!.documento!;
    expect((await refApi(`/documentos/${id}`)).solo_referencia).toBe(true);
    const res = await refCall(`/documentos/${id}`, { method: 'DELETE' });
    expect(await res.json()).toEqual({ ok: true, id, borrado: true });
    expect((await refCall(`/documentos/${id}`)).status).toBe(404);
  }, 60_000);

  it('is the document of the same work already there: by DOI, or a reference by title, authors and year', async () => {
    const deps = ctx.server.runtime.deps;
    const work = (key: string, given: Partial<ImportedItem['record']>): LibraryReading => ({
      ...bibliography(),
      items: [
        {
          ...bibliography().items[0]!,
          key,
          record: {
            type: 'book',
            title: 'Hidrogeología andina',
            author: [{ family: 'Mamani', given: 'Rosa' }],
            ...given,
          },
          files: [],
          tags: ['andes'],
        },
      ],
    });
    const before = (await refApi('/documentos')).total;
    const first = await importLibrary(deps, refUser, work('mamani2019', { issued: { 'date-parts': [[2019]] } }), {
      library: path.join(refDir, 'a.bib'),
    });
    expect(first.elementos[0]).toMatchObject({ resultado: 'referencia' });
    const id = first.elementos[0]!.documento!;
    // Another export of the same library (another file name, another key): the same work, not a second copy.
    const other = await importLibrary(
      deps,
      refUser,
      work('Mamani2019-hidro', { issued: { 'date-parts': [[2019]] }, publisher: 'Plural' }),
      { library: path.join(refDir, 'b.ris') },
    );
    expect(other.elementos[0]).toMatchObject({ resultado: 'ya_estaba', documento: id });
    // Another year is another work (a new edition), kept apart.
    const edition = await importLibrary(deps, refUser, work('mamani2024', { issued: { 'date-parts': [[2024]] } }), {
      library: path.join(refDir, 'b.ris'),
    });
    expect(edition.elementos[0]).toMatchObject({ resultado: 'referencia' });
    expect(edition.elementos[0]!.documento).not.toBe(id);
    // A DOI the library already states, whatever the title says (case and resolver prefix aside).
    const withDoi = await importLibrary(
      deps,
      refUser,
      work('conDoi', { title: 'Aguas subterráneas del altiplano', DOI: '10.5555/Altiplano.7' }),
      { library: path.join(refDir, 'c.json') },
    );
    const byDoi = await importLibrary(
      deps,
      refUser,
      work('doi-only', { title: 'Groundwater of the Altiplano', DOI: 'https://doi.org/10.5555/altiplano.7' }),
      { library: path.join(refDir, 'd.json') },
    );
    expect(byDoi.elementos[0]).toMatchObject({ resultado: 'ya_estaba', documento: withDoi.elementos[0]!.documento });
    // The translated title is not taken: the document keeps the title it had.
    expect((await refApi(`/documentos/${withDoi.elementos[0]!.documento}`)).titulo).toBe(
      'Aguas subterráneas del altiplano',
    );
    const made = [id, edition.elementos[0]!.documento!, withDoi.elementos[0]!.documento!];
    expect((await refApi('/documentos')).total).toBe(before + made.length);
    for (const d of made) await refCall(`/documentos/${d}`, { method: 'DELETE' });
  }, 60_000);
});
