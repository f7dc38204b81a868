import { beforeAll, describe, expect, it } from 'vitest';
import { bibtexLibrary, LIBRARY_PDFS, pdfsZip } from '../../import/testing/bibtex-upload';
import { insertImportJob, updateImportJob } from '../../db/import-jobs.repo';
import { findUserByEmail } from '../../db/users.repo';
import { newId } from '../../ids';
import { setPassword } from '../../services/accounts/set-password';
import { hasFixture, titleNeeding } from '../../testing/fixtures';
import { useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';

const t = useTestServer({ maxImportBytes: 1024 * 1024 });
const PASSWORD = 'importar con una frase larga';
const PDFS = 'pdfs/manifest.json';

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  await web.page('/importar');
  return web;
}

/** The import form as a browser sends it: multipart, the token as a field, an empty part for a file not chosen. */
function importForm(
  web: WebClient,
  archivo?: { name: string; data: Uint8Array | string },
  archivos?: { name: string; data: Uint8Array | string },
  csrf = web.lastCsrf!,
) {
  const form = new FormData();
  form.set('_csrf', csrf);
  const file = (f?: { name: string; data: Uint8Array | string }) =>
    f ? new Blob([typeof f.data === 'string' ? f.data : Buffer.from(f.data)]) : new Blob([]);
  form.set('archivo', file(archivo), archivo?.name ?? '');
  form.set('archivos', file(archivos), archivos?.name ?? '');
  form.set('origen', '');
  return form;
}

let web: WebClient;
beforeAll(async () => {
  web = await signedIn('importa-web@example.org');
});

describe('/importar', () => {
  it('explains what to upload, in Spanish and English, and is linked from the navigation', async () => {
    const { res, text } = await web.page('/importar');
    expect(res.status).toBe(200);
    expect(text).toContain('Zotero RDF');
    expect(text).toContain('Exportar archivos');
    expect(text).toContain('enctype="multipart/form-data"');
    expect(text).toMatch(/<a href="\/importar" aria-current="page">Importar<\/a>/);
    const library = await web.page('/biblioteca');
    expect(library.text).toContain('<a href="/importar"');
    const en = await web.page('/importar?lang=en');
    expect(en.text).toContain('Export Files');
    await web.page('/importar?lang=es');
  });

  it('redirects to sign-in without a session', async () => {
    const res = await new WebClient(t.server).request('/importar');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/entrar?siguiente=%2Fimportar');
  });

  it.skipIf(!hasFixture(PDFS))(
    titleNeeding('imports without scripts: post, then the page shows the report on reload', PDFS),
    async () => {
      const res = await web.request('/importar', {
        method: 'POST',
        body: importForm(
          web,
          { name: 'Mi biblioteca.bib', data: bibtexLibrary() },
          { name: 'pdfs.zip', data: pdfsZip() },
        ),
      });
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      expect(location).toMatch(/^\/importar\/\w+$/);
      let page = await web.page(location);
      for (let i = 0; i < 30 && !page.text.includes('Importación terminada'); i++) page = await web.page(location);
      expect(page.text).toContain('Importación terminada');
      // Counts, each item left out with its reason, the missing files, and links to the new documents.
      expect(page.text).toMatch(/<dt>Nuevos<\/dt>\s*<dd>3<\/dd>/);
      expect(page.text).toMatch(/<dt>Solo referencia<\/dt>\s*<dd>3<\/dd>/);
      expect(page.text).toContain('Un libro cuyo archivo falta');
      expect(page.text).toContain('<code>no-esta.pdf</code>');
      for (const p of LIBRARY_PDFS) expect(page.text).toContain(p.title);
      expect(page.text).toMatch(/<a href="\/biblioteca\/documentos\/\w+">Páginas con etiquetas<\/a>/);
      expect(page.text).not.toContain(t.server.config.dataDir);
      // The form lists it among the earlier imports.
      const form = await web.page('/importar');
      expect(form.text).toContain(`href="${location}"`);
    },
  );

  it(
    titleNeeding('a running import is shown with its progress; its script polls the same address for JSON', PDFS),
    async () => {
      const res = await web.request('/importar', {
        method: 'POST',
        body: importForm(web, { name: 'segunda.bib', data: bibtexLibrary() }, { name: 'pdfs.zip', data: pdfsZip() }),
      });
      const location = res.headers.get('location')!;
      const json = await web.request(`${location}?esperar=20`, { headers: { accept: 'application/json' } });
      expect(json.status).toBe(200);
      const view = await json.json();
      expect(view).toMatchObject({ estado: 'listo', progreso: { hechos: 6, total: 6 } });
      expect(view.cuentas).toEqual({
        nuevo: 0,
        ya_estaba: 6,
        referencia: 0,
        archivo_nuevo: 0,
        sin_cambios: 0,
        omitido: 0,
      });
      expect(view.recientes).toHaveLength(6);
    },
  );

  it('an import under way: status, a progress bar, counts, the latest items, and a refresh only without scripts', async () => {
    // A job no worker has: as one half done would be seen.
    const { db } = t.server.runtime.deps;
    const user = (await findUserByEmail(db, 'importa-web@example.org'))!;
    const id = newId();
    await insertImportJob(db, { id, userId: user.id, archivoNombre: 'grande.zip', archivoBlob: 'x', origen: 'grande' });
    const queued = await web.page(`/importar/${id}`);
    expect(queued.text).toContain('La importación de «grande.zip» está en cola.');
    await updateImportJob(db, id, { estado: 'procesando', total: 4, hechos: 2 }, [
      { posicion: 1, clave: 'a', titulo: 'Primero', resultado: 'nuevo', documento: null, motivo: null },
      {
        posicion: 2,
        clave: 'b',
        titulo: 'Segundo',
        resultado: 'omitido',
        documento: null,
        motivo: 'No está su archivo.',
      },
    ]);
    const { text } = await web.page(`/importar/${id}`);
    expect(text).toContain('2 de 4 elementos');
    expect(text).toMatch(/<progress[^>]*max="4"[^>]*value="2"/);
    expect(text).toMatch(/<noscript><meta http-equiv="refresh" content="3" \/><\/noscript>/);
    expect(text).toContain('<script type="module" src="/web/import.js"></script>');
    expect(text.indexOf('Segundo')).toBeLessThan(text.indexOf('Primero'));
    expect(text).toContain('No está su archivo.');
    const json = await (await web.request(`/importar/${id}`, { headers: { accept: 'application/json' } })).json();
    expect(json).toMatchObject({ estado: 'procesando', progreso: { hechos: 2, total: 4 } });
    expect(json.cuentas).toEqual({
      nuevo: 1,
      ya_estaba: 0,
      referencia: 0,
      archivo_nuevo: 0,
      sin_cambios: 0,
      omitido: 1,
    });
    expect(json.recientes.map((e: { titulo: string }) => e.titulo)).toEqual(['Primero', 'Segundo']);
  });

  it('an upload that is not a library shows why, on the page', async () => {
    const res = await web.request('/importar', {
      method: 'POST',
      body: importForm(web, { name: 'notas.txt', data: 'Solo unas notas.' }),
    });
    const location = res.headers.get('location')!;
    let page = await web.page(location);
    for (let i = 0; i < 10 && !page.text.includes('No se pudo importar'); i++) page = await web.page(location);
    expect(page.text).toContain('No se pudo importar');
    expect(page.text).toContain('notas.txt no es una exportación BibTeX/BibLaTeX, RIS ni CSL-JSON');
  });

  it('no file chosen: the form again with the reason, 400', async () => {
    const res = await web.request('/importar', { method: 'POST', body: importForm(web) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Elige la exportación de tu biblioteca.');
  });

  it('too large: the form again with the limit, 413', async () => {
    const res = await web.request('/importar', {
      method: 'POST',
      body: importForm(web, { name: 'grande.bib', data: new Uint8Array(1024 * 1024 + 1) }),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('FOLIO_MAX_IMPORT_MB');
  });

  it('refuses a post without the session token (403) and one from another site', async () => {
    const res = await web.request('/importar', {
      method: 'POST',
      body: importForm(web, { name: 'a.bib', data: '@misc{a, title={A}}' }, undefined, 'no-es-el-token'),
    });
    expect(res.status).toBe(403);
    const cross = await web.request('/importar', {
      method: 'POST',
      body: importForm(web, { name: 'a.bib', data: '@misc{a, title={A}}' }),
      headers: { origin: 'https://malo.example' },
    });
    expect(cross.status).toBe(403);
  });

  it("another user's import is not shown: 404", async () => {
    const res = await web.request('/importar', {
      method: 'POST',
      body: importForm(web, { name: 'mia.bib', data: '@misc{mia, title={Mía}}' }),
    });
    const location = res.headers.get('location')!;
    const other = await signedIn('otra-web@example.org');
    const page = await other.page(location);
    expect(page.res.status).toBe(404);
    expect(page.text).toContain('no existe o no es tuya');
  });
});
