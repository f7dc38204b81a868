import type { TipoDocumento } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { insertDocument, updateDocument } from '../../db/documents.repo';
import { newId } from '../../ids';
import { searchKeyOf } from '../../services/documents/document-metadata';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { userIdOf } from '../../testing/insert-documents';
import { WebClient } from '../../testing/web-client';

const t = useTestServer();
const PASSWORD = 'biblioteca con una frase larga';

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  await web.page('/biblioteca');
  return web;
}

function uploadForm(name: string, text: string, csrf?: string) {
  const form = new FormData();
  if (csrf !== undefined) form.set('_csrf', csrf);
  form.set('archivo', new Blob([text], { type: 'text/plain' }), name);
  return form;
}

describe('library page', () => {
  it('uploads a file through the session, follows it to listo, lists it and deletes it', async () => {
    const web = await signedIn('olga@example.org');
    const empty = await web.page('/biblioteca');
    expect(empty.text).toContain('Tu biblioteca está vacía.');

    const res = await web.request('/biblioteca/subir', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': web.lastCsrf! },
      body: uploadForm('notas-de-campo.txt', 'Notas de campo sobre la lectura lenta. '.repeat(40)),
    });
    expect(res.status).toBe(201);
    const added = await res.json();
    expect(added.documento).toMatchObject({ titulo: expect.stringContaining('notas'), tipo: expect.any(String) });
    expect(added.fila).toContain(`id="doc-${added.documento.id}"`);
    expect(added.aviso).toContain('añadido');

    let estado = added.documento.estado;
    for (let i = 0; i < 20 && estado !== 'listo' && estado !== 'error'; i++) {
      const poll = await web.request(`/biblioteca/documentos/${added.documento.id}?esperar=5`, {
        headers: { accept: 'application/json' },
      });
      expect(poll.status).toBe(200);
      const body = await poll.json();
      estado = body.documento.estado;
      expect(body.fila).toContain(`data-estado="${estado}"`);
    }
    expect(estado).toBe('listo');

    const list = await web.page('/biblioteca');
    const row = new RegExp(`<tr id="doc-${added.documento.id}"[\\s\\S]*?</tr>`).exec(list.text)?.[0] ?? '';
    expect(row).toContain('data-estado="listo"');
    expect(row).toContain('>listo</span>');
    expect(list.text).toContain('1 en total');

    // The same bytes again: already there.
    const again = await web.request('/biblioteca/subir', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': web.lastCsrf! },
      body: uploadForm('copia.txt', 'Notas de campo sobre la lectura lenta. '.repeat(40)),
    });
    expect(again.status).toBe(200);
    expect((await again.json()).aviso).toContain('ya estaba');

    const ask = await web.post(`/biblioteca/documentos/${added.documento.id}/borrar`, {});
    expect(ask.text).toContain('¿Borrar «');
    const gone = await web.post(`/biblioteca/documentos/${added.documento.id}/borrar`, { confirmado: '1' });
    expect(gone.res.status).toBe(303);
    expect((await web.page('/biblioteca')).text).toContain('borrado.');
    const key = await t.server.key('olga@example.org', ['lectura']);
    expect((await t.server.request(`/api/v1/documentos/${added.documento.id}`, { headers: auth(key) })).status).toBe(
      404,
    );
  });

  it('takes a plain form upload (no script) with the token as a field, and refuses one without it', async () => {
    const web = await signedIn('paz@example.org');
    const plain = await web.request('/biblioteca/subir', {
      method: 'POST',
      body: uploadForm('sin-script.txt', 'Texto subido sin JavaScript. '.repeat(30), web.lastCsrf),
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/biblioteca');
    expect((await web.page('/biblioteca')).text).toContain('sin-script');

    const forged = await web.request('/biblioteca/subir', {
      method: 'POST',
      body: uploadForm('forjado.txt', 'Subida forjada. '.repeat(30), 'x'.repeat(43)),
    });
    expect(forged.status).toBe(403);
    const crossSite = await web.request('/biblioteca/subir', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: uploadForm('forjado.txt', 'Subida forjada. '.repeat(30), web.lastCsrf),
    });
    expect(crossSite.status).toBe(403);
    expect((await web.page('/biblioteca')).text).not.toContain('forjado');
  });

  it('queues a URL and refuses what is not one', async () => {
    const web = await signedIn('quima@example.org');
    const bad = await web.post('/biblioteca/url', { url: 'no es una url' }, { accept: 'application/json' });
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatchObject({ codigo: 'peticion_invalida', detalles: { campo: 'url' } });
    const ok = await web.post('/biblioteca/url', { url: 'http://127.0.0.1:9/nada' }, { accept: 'application/json' });
    expect(ok.res.status).toBe(201);
    const body = JSON.parse(ok.text);
    expect(body.documento).toMatchObject({ url: 'http://127.0.0.1:9/nada', tipo: 'web' });
    expect(body.fila).toContain('data-estado="');
  });

  it('keeps libraries apart: a document of someone else is not found', async () => {
    const owner = await signedIn('rosa@example.org');
    const res = await owner.request('/biblioteca/subir', {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': owner.lastCsrf! },
      body: uploadForm('privado.txt', 'Documento privado de Rosa. '.repeat(30)),
    });
    const { documento } = await res.json();
    const other = await signedIn('sara@example.org');
    const peek = await other.request(`/biblioteca/documentos/${documento.id}`, {
      headers: { accept: 'application/json' },
    });
    expect(peek.status).toBe(404);
    const del = await other.post(`/biblioteca/documentos/${documento.id}/borrar`, { confirmado: '1' });
    expect(del.res.status).toBe(404);
    expect((await other.page('/biblioteca')).text).not.toContain('privado');
  });
});

interface Doc {
  titulo: string;
  autores?: string[];
  anio?: number;
  tipo?: TipoDocumento;
}

/** Inserts documents in this order (their sequence rises with it), as the repository does for an upload. */
async function addDocuments(email: string, docs: readonly Doc[]): Promise<string[]> {
  const db = t.server.runtime.deps.db;
  const userId = await userIdOf(db, email);
  const ids: string[] = [];
  for (const d of docs) {
    const id = newId();
    await insertDocument(db, {
      id,
      userId,
      titulo: d.titulo,
      autores: d.autores ?? [],
      ...(d.anio != null && { anio: d.anio }),
      tipo: d.tipo ?? 'pdf',
      userMeta: {},
      searchKey: searchKeyOf(d.titulo, d.autores ?? []),
    });
    ids.push(id);
  }
  return ids;
}

/** The document ids of the library page's rows, in the order shown. */
const rowIds = (page: string) => [...page.matchAll(/<tr id="doc-([^"]+)"/g)].map((m) => m[1]!);

/** The same library in titles, authors and years that tie, accents, and documents without authors or a year. */
const LIBRARY: Doc[] = [
  { titulo: 'Cenotes de Yucatán', autores: ['Pérez, Lucía'], anio: 2020 },
  { titulo: 'Árboles del trópico', autores: ['Álvarez, Ana'], anio: 2018, tipo: 'epub' },
  { titulo: 'Mismo título', autores: ['Zubiri, Xabier'], anio: 2020 },
  { titulo: 'Mismo título', tipo: 'web' },
  { titulo: 'Mismo título', autores: ['Alonso, Berta'], anio: 2018 },
  { titulo: 'Biología marina', autores: ['Pérez, Lucía'], tipo: 'audio' },
  { titulo: 'arboles secos', autores: ['Ortega, José'], anio: 2021 },
];

/** Each order, as the indexes of LIBRARY: ties keep the order of addition (older first, or newer first). */
const EXPECTED: Record<string, number[]> = {
  anadido: [6, 5, 4, 3, 2, 1, 0],
  titulo: [1, 6, 5, 0, 2, 3, 4],
  autor: [4, 1, 6, 0, 5, 2, 3],
  anio: [6, 2, 0, 4, 1, 5, 3],
};

describe('library page: order, filters, collections, export', () => {
  it('sorts by added, title, first author and year: the same order at every request and across pages', async () => {
    const email = 'orden@example.org';
    const web = await signedIn(email);
    const ids = await addDocuments(email, LIBRARY);
    const key = await t.server.key(email, ['lectura']);
    for (const [orden, indexes] of Object.entries(EXPECTED)) {
      const expected = indexes.map((i) => ids[i]);
      const first = await web.page(`/biblioteca?orden=${orden}`);
      expect(first.res.status).toBe(200);
      expect(rowIds(first.text), orden).toEqual(expected);
      expect(first.text).toMatch(new RegExp(`<option value="${orden}" selected`));
      expect(rowIds((await web.page(`/biblioteca?orden=${orden}`)).text)).toEqual(expected);
      // Page by page through the API (the same service): nothing repeated, nothing skipped.
      for (const limite of [1, 2, 3]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const query = new URLSearchParams({ orden, limite: String(limite), ...(cursor && { cursor }) });
          const res = await t.server.request(`/api/v1/documentos?${query}`, { headers: auth(key) });
          expect(res.status).toBe(200);
          const body = await res.json();
          seen.push(...body.documentos.map((d: { id: string }) => d.id));
          cursor = body.siguiente;
        } while (cursor);
        expect(seen, `${orden} by ${limite}`).toEqual(expected);
      }
    }
    // The page's own pager: a cursor of the order shown, and a cursor of another order is refused plainly.
    const api = await t.server.request('/api/v1/documentos?orden=titulo&limite=2', { headers: auth(key) });
    const { siguiente } = await api.json();
    const second = await web.page(`/biblioteca?orden=titulo&cursor=${siguiente}`);
    expect(rowIds(second.text)).toEqual(EXPECTED.titulo!.slice(2).map((i) => ids[i]));
    const mixed = await t.server.request(`/api/v1/documentos?orden=anio&cursor=${siguiente}`, { headers: auth(key) });
    expect(mixed.status).toBe(400);
    expect((await mixed.json()).error.detalles.campo).toBe('cursor');
    const mixedPage = await web.page(`/biblioteca?orden=anio&cursor=${siguiente}`);
    expect(mixedPage.res.status).toBe(400);
    expect(mixedPage.text).toContain('El cursor no es válido');
    expect(rowIds(mixedPage.text)).toEqual(EXPECTED.anio!.map((i) => ids[i]));
  });

  it('keeps a new document first, newest first, past ten documents (the sequence compared as a number)', async () => {
    const email = 'nuevo@example.org';
    const web = await signedIn(email);
    const ids = await addDocuments(
      email,
      Array.from({ length: 12 }, (_, i) => ({ titulo: `Documento ${i}` })),
    );
    const newest = [...ids].reverse();
    expect(rowIds((await web.page('/biblioteca')).text)).toEqual(newest);
    expect(rowIds((await web.page('/biblioteca')).text)).toEqual(newest);
  });

  it('filters by type, state and collection, and by title or author as typed (accents and case ignored)', async () => {
    const email = 'filtros@example.org';
    const web = await signedIn(email);
    const ids = await addDocuments(email, LIBRARY);
    await updateDocument(t.server.runtime.deps.db, ids[1]!, { estado: 'listo', progreso: 1 });
    const shown = async (query: string) => rowIds((await web.page(`/biblioteca?${query}`)).text);
    expect(await shown('tipo=pdf')).toEqual([6, 4, 2, 0].map((i) => ids[i]));
    expect(await shown('estado=listo')).toEqual([ids[1]]);
    expect(await shown('q=PEREZ')).toEqual([ids[5], ids[0]]);
    expect(await shown('q=arbol&orden=titulo')).toEqual([ids[1], ids[6]]);
    expect(await shown('q=mismo&tipo=pdf&orden=autor')).toEqual([ids[4], ids[2]]);
    const none = await web.page('/biblioteca?q=nada%20parecido');
    expect(rowIds(none.text)).toEqual([]);
    expect(none.text).toContain('Ningún documento coincide');
    expect(none.text).toContain('0 en total');
    // The API takes the same filters.
    const key = await t.server.key(email, ['lectura']);
    const res = await t.server.request('/api/v1/documentos?tipo=epub', { headers: auth(key) });
    expect((await res.json()).documentos.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
  });

  it('creates, assigns, filters by, renames and exports a collection; takes documents out of it', async () => {
    const email = 'colecciones@example.org';
    const web = await signedIn(email);
    const ids = await addDocuments(email, LIBRARY);

    const made = await web.post('/biblioteca/colecciones', { nombre: '  Tesis  ', volver: '/biblioteca?orden=titulo' });
    expect(made.res.status).toBe(303);
    expect(made.res.headers.get('location')).toBe('/biblioteca?orden=titulo');
    let page = await web.page('/biblioteca');
    expect(page.text).toContain('Colección «Tesis» creada.');
    expect(page.text).toMatch(
      /href="\/biblioteca\?biblioteca=Tesis"[^>]*>Tesis<\/a\s*>\s*<span class="count">0 documentos/,
    );
    expect((await web.post('/biblioteca/colecciones', { nombre: 'Tesis' })).res.status).toBe(303);
    expect((await web.page('/biblioteca')).text).toContain('ya existía');

    const assigned = await web.post('/biblioteca/colecciones/asignar', {
      ids: [ids[0]!, ids[2]!],
      biblioteca: 'Tesis',
      accion: 'asignar',
    });
    expect(assigned.res.status).toBe(303);
    page = await web.page('/biblioteca?biblioteca=Tesis');
    expect(page.text).toContain('2 documentos asignados a «Tesis».');
    expect(rowIds(page.text)).toEqual([ids[2], ids[0]]);
    expect(page.text).toContain('Exportar la colección «Tesis»:');

    const renamed = await web.post('/biblioteca/colecciones/renombrar', {
      desde: 'Tesis',
      nombre: 'Tesis doctoral',
      volver: '/biblioteca?biblioteca=Tesis',
    });
    expect(renamed.res.status).toBe(303);
    expect(renamed.res.headers.get('location')).toBe('/biblioteca?biblioteca=Tesis+doctoral');
    page = await web.page('/biblioteca?biblioteca=Tesis+doctoral');
    expect(page.text).toContain('se llama ahora «Tesis doctoral» (2 documentos)');
    expect(rowIds(page.text)).toEqual([ids[2], ids[0]]);
    expect(rowIds((await web.page('/biblioteca?biblioteca=Tesis')).text)).toEqual([]);

    const ris = await web.request('/biblioteca/exportar?formato=ris&biblioteca=Tesis%20doctoral');
    expect(ris.status).toBe(200);
    expect(ris.headers.get('content-disposition')).toContain('folio-tesis-doctoral.ris');
    const text = await ris.text();
    expect(text).toContain('Cenotes de Yucatán');
    expect(text).toContain('Mismo título');
    expect(text).not.toContain('Biología marina');
    expect(text.match(/^TY {2}-/gm)).toHaveLength(2);
    const all = await (await web.request('/biblioteca/exportar?formato=csljson')).json();
    expect(all).toHaveLength(LIBRARY.length);
    const bib = await (await web.request('/biblioteca/exportar?formato=bibtex&biblioteca=Tesis%20doctoral')).text();
    expect(bib.match(/^@/gm)).toHaveLength(2);

    const out = await web.post('/biblioteca/colecciones/asignar', { ids: [ids[2]!], accion: 'quitar' });
    expect(out.res.status).toBe(303);
    page = await web.page('/biblioteca?biblioteca=Tesis+doctoral');
    expect(page.text).toContain('1 documentos quitados de su colección.');
    expect(rowIds(page.text)).toEqual([ids[0]]);
    const key = await t.server.key(email, ['lectura']);
    const api = await t.server.request('/api/v1/documentos?biblioteca=Tesis%20doctoral', { headers: auth(key) });
    expect((await api.json()).documentos.map((d: { id: string; biblioteca: string }) => [d.id, d.biblioteca])).toEqual([
      [ids[0], 'Tesis doctoral'],
    ]);
  });

  it("never shows or touches another user's documents and collections", async () => {
    const owner = await signedIn('duena@example.org');
    const ids = await addDocuments('duena@example.org', [{ titulo: 'Diario privado de campo' }]);
    await owner.post('/biblioteca/colecciones', { nombre: 'Secreta' });
    await owner.post('/biblioteca/colecciones/asignar', { ids: [ids[0]!], biblioteca: 'Secreta', accion: 'asignar' });

    const other = await signedIn('vecina@example.org');
    const page = await other.page('/biblioteca?biblioteca=Secreta');
    expect(page.text).not.toContain('Diario privado');
    expect(page.text).not.toMatch(/>Secreta<\/a/);
    expect((await other.page('/biblioteca?q=diario')).text).not.toContain('Diario privado');
    const steal = await other.post('/biblioteca/colecciones/asignar', {
      ids: [ids[0]!],
      biblioteca: 'Mía',
      accion: 'asignar',
    });
    expect(steal.res.status).toBe(303);
    expect((await other.page('/biblioteca')).text).toContain('0 documentos asignados');
    const rename = await other.post('/biblioteca/colecciones/renombrar', { desde: 'Secreta', nombre: 'Robada' });
    expect(rename.res.status).toBe(404);
    expect(rename.text).toContain('No tienes ninguna colección con ese nombre.');
    const exported = await (await other.request('/biblioteca/exportar?formato=ris&biblioteca=Secreta')).text();
    expect(exported).not.toContain('Diario privado');

    const mine = await owner.page('/biblioteca?biblioteca=Secreta');
    expect(rowIds(mine.text)).toEqual([ids[0]]);
    expect(mine.text).not.toContain('Mía');
  });

  it('answers bad input with a plain message, never a 500', async () => {
    const email = 'errores@example.org';
    const web = await signedIn(email);
    await addDocuments(email, [{ titulo: 'Un documento' }]);
    for (const query of ['orden=nada', 'tipo=libro', 'estado=roto', 'cursor=basura', `q=${'x'.repeat(600)}`]) {
      const res = await web.page(`/biblioteca?${query}`);
      expect(res.res.status, query).toBe(400);
      expect(res.text, query).toContain('role="alert"');
      expect(res.text, query).toContain('Un documento');
    }
    const nul = await web.page('/biblioteca?q=a%00b');
    expect(nul.res.status).toBe(400);
    expect(nul.text).not.toContain('Internal');
    const key = await t.server.key(email, ['lectura']);
    for (const query of ['orden=nada', 'q=a%00b', 'biblioteca=a%00b', 'tipo=libro']) {
      const res = await t.server.request(`/api/v1/documentos?${query}`, { headers: auth(key) });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.codigo).toBe('peticion_invalida');
    }
    for (const nombre of ['', '   ', 'a\u0000b', 'x'.repeat(201)]) {
      const res = await web.post('/biblioteca/colecciones', { nombre });
      expect(res.res.status, JSON.stringify(nombre)).toBe(400);
      expect(res.text).toContain('role="alert"');
    }
    const noIds = await web.post('/biblioteca/colecciones/asignar', { biblioteca: 'X', accion: 'asignar' });
    expect(noIds.res.status).toBe(400);
    expect(noIds.text).toContain('Elige al menos un documento.');
    const badBack = await web.post('/biblioteca/colecciones', { nombre: 'Otra', volver: 'https://evil.example/' });
    expect(badBack.res.headers.get('location')).toBe('/biblioteca');
    const badExport = await web.request('/biblioteca/exportar?formato=ris&biblioteca=a%00b');
    expect(badExport.status).toBeLessThan(500);
  });
});
