import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../db/users.repo';
import type { ImportedItem, LibraryReading } from '../import/imported-item';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';
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

const api = async (p: string, init: RequestInit = {}) =>
  (
    await ctx.server.request(`/api/v1${p}`, { ...init, headers: auth(key, init.headers as Record<string, string>) })
  ).json();

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
    expect(report.resumen).toEqual({ nuevo: 2, ya_estaba: 0, sin_cambios: 0, omitido: 3 });
    const byKey = Object.fromEntries(report.elementos.map((e) => [e.clave, e]));
    expect(byKey.MISS0001!.motivo).toMatch(/No está su archivo .*no-esta\.pdf/);
    expect(byKey.NOFILE01!.motivo).toMatch(/sin archivo/);
    expect(byKey.ANNO0001!.motivo).toMatch(/no importa/);
    expect(report.archivos_que_faltan.map((f) => path.basename(f.ruta)).sort()).toEqual([
      'no-esta.pdf',
      'snapshot.html',
    ]);
    expect(report.dejado_fuera).toEqual({ otros_adjuntos: 0, etiquetas: 2, notas: 1, otras_colecciones: 1 });
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
    expect(report.resumen).toEqual({ nuevo: 0, ya_estaba: 0, sin_cambios: 2, omitido: 3 });
    const list = await api('/documentos');
    expect(list.total).toBe(2);
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
          tags: [],
          notes: [],
        },
      ],
    };
    // The same bytes uploaded before by hand, with a title the user typed.
    const upload = await api('/documentos?nombre=tesis.pdf&titulo=' + encodeURIComponent('Tesis como la llamé'), {
      method: 'POST',
      body: fs.readFileSync(path.join(dir, 'tesis.pdf')),
    });
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
