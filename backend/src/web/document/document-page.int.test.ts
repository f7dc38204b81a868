import { createHash } from 'node:crypto';
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf, MUESTRA } from '../../../../test/fixtures/sample-pdf';
import { findDocument, updateDocument } from '../../db/documents.repo';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';

const t = useTestServer();
const PASSWORD = 'una frase larga para la ficha del documento';
const OWNER = 'ficha@example.org';

/** The sample book (roman front matter, then arabic folios) with six more pages: 13 in all. */
const PDF = buildSamplePdf({
  ...MUESTRA,
  pages: [
    ...MUESTRA.pages.map((p) => [...p]),
    ...[4, 5, 6, 7, 8, 9].map((n) => [`${n}. Anexo ${n}`, `Mediciones del cenote ${n} en temporada de lluvias.`]),
  ],
});

let web: WebClient;
let id: string;
let userId: string;

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const client = new WebClient(t.server);
  await client.signIn(email, PASSWORD);
  return client;
}

const dom = (text: string) => parseHTML(text).document;

beforeAll(async () => {
  const key = await t.server.key(OWNER);
  const res = await t.server.request('/api/v1/documentos?nombre=cuaderno.pdf&esperar=120', {
    method: 'POST',
    body: new Uint8Array(PDF),
    headers: auth(key, { 'Content-Type': 'application/pdf' }),
  });
  const doc = await res.json();
  expect(doc.estado, doc.error).toBe('listo');
  id = doc.id;
  web = await signedIn(OWNER);
  const [row] = await t.server.runtime.deps.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [OWNER]);
  userId = row!.id;
}, 120_000);

describe('document page', () => {
  it('shows the metadata with the correction form, the original, read again and delete', async () => {
    const { res, text } = await web.page(`/biblioteca/documentos/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const d = dom(text);
    expect(d.querySelector('h1')?.textContent).toBe('Cuaderno de campo del acuífero de Yucatán');
    const meta = Object.fromEntries(
      [...d.querySelectorAll('.metadatos > div')].map((div) => [
        div.querySelector('dt')!.textContent!.trim(),
        div.querySelector('dd')!.textContent!.replace(/\s+/g, ' ').trim(),
      ]),
    );
    const sha = createHash('sha256').update(PDF).digest('hex');
    expect(meta).toMatchObject({
      Título: 'Cuaderno de campo del acuífero de Yucatán',
      Autores: 'Pérez Canul, Lucía',
      Año: '2021',
      Tipo: 'PDF',
      Páginas: '13',
      Estado: 'listo',
      'Huella (SHA-256)': sha,
    });
    expect(d.querySelector(`a[href="/biblioteca/documentos/${id}/editar"]`)).not.toBeNull();
    expect(d.querySelector(`a[href="/leer/${id}/archivo"]`)).not.toBeNull();
    expect(d.querySelector(`a[href="/leer/${id}"]`)?.textContent).toBe('Leer');
    expect(d.querySelector(`form[action="/biblioteca/documentos/${id}/releer"] input[name="_csrf"]`)).not.toBeNull();
    expect(
      d.querySelector(`form[action="/biblioteca/documentos/${id}/borrar"]`)?.getAttribute('data-confirm'),
    ).toContain('Cuaderno de campo');
    // The origins of the values in force, as the API presents them.
    expect(d.querySelector('.origenes')?.textContent).toContain('Confianza');
  });

  it('says what a ready document lacks (its aviso): a PDF whose only page has no text', async () => {
    const key = await t.server.key(OWNER);
    const res = await t.server.request('/api/v1/documentos?nombre=en-blanco.pdf&esperar=120', {
      method: 'POST',
      body: new Uint8Array(buildSamplePdf({ ...MUESTRA, pages: [[]] })),
      headers: auth(key, { 'Content-Type': 'application/pdf' }),
    });
    const blank = await res.json();
    expect(blank.estado).toBe('listo');
    const { text } = await web.page(`/biblioteca/documentos/${blank.id}`);
    expect(dom(text).querySelector('.warning[role="note"]')?.textContent).toMatch(/No se encontró texto que buscar/);
    // A document read whole has none.
    expect(
      dom((await web.page(`/biblioteca/documentos/${id}`)).text).querySelector('.warning[role="note"]'),
    ).toBeNull();
  });

  it('gives the reference in APA by default and in any other style and locale', async () => {
    const apa = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
    expect(apa.querySelector('#referencia')?.getAttribute('data-estilo')).toBe('apa');
    expect(apa.querySelector('#referencia-entrada')?.textContent).toContain('Pérez Canul, L. (2021).');
    expect(apa.querySelector('#referencia-entrada i')?.textContent).toContain('Cuaderno de campo');
    expect(apa.querySelector('#referencia-cita')?.textContent).toBe('(Pérez Canul, 2021)');
    expect(apa.querySelector('#estilo option[selected]')?.getAttribute('value')).toBe('apa');

    const { res, text } = await web.page(
      `/biblioteca/documentos/${id}?estilo=modern-language-association&idioma=en-US`,
    );
    expect(res.status).toBe(200);
    const mla = dom(text);
    expect(mla.querySelector('#referencia')?.getAttribute('data-estilo')).toBe('modern-language-association');
    expect(mla.querySelector('#referencia-entrada')?.textContent).toMatch(/^Pérez Canul, Lucía\. Cuaderno de campo/);
    expect(mla.querySelector('#referencia-cita')?.textContent).toBe('(Pérez Canul)');
    expect(mla.querySelector('#idioma option[selected]')?.getAttribute('value')).toBe('en-US');

    const note = dom((await web.page(`/biblioteca/documentos/${id}?estilo=chicago-notes`)).text);
    expect(note.querySelector('#referencia')?.getAttribute('data-estilo')).toBe('chicago-fullnote-bibliography');
    expect(note.querySelector('#referencia')?.textContent).toContain('Nota');
    expect(note.querySelector('#referencia-cita')?.textContent).toContain('Pérez Canul');

    const bad = await web.page(`/biblioteca/documentos/${id}?estilo=no-existe`);
    expect(bad.res.status).toBe(400);
    expect(dom(bad.text).querySelector('.error[role="alert"]')?.textContent).toContain(
      "El estilo 'no-existe' no existe",
    );
  });

  it('exports the reference as BibTeX, RIS and CSL-JSON through the export service', async () => {
    const bib = await web.request(`/biblioteca/documentos/${id}/exportar?formato=bibtex`);
    expect(bib.status).toBe(200);
    expect(bib.headers.get('content-type')).toBe('application/x-bibtex; charset=utf-8');
    expect(bib.headers.get('content-disposition')).toBe(`attachment; filename="folio-${id}.bib"`);
    const bibtex = await bib.text();
    expect(bibtex).toMatch(/^@\w+\{PerezCanul2021\w*,/m);
    expect(bibtex).toMatch(/title = \{Cuaderno de campo del acu/);
    expect(bibtex).toMatch(/year = \{?2021/);

    const ris = await web.request(`/biblioteca/documentos/${id}/exportar?formato=ris`);
    expect(ris.headers.get('content-type')).toBe('application/x-research-info-systems; charset=utf-8');
    const risText = await ris.text();
    expect(risText).toMatch(/^TY {2}- /m);
    expect(risText).toContain('AU  - Pérez Canul, Lucía');

    const json = await web.request(`/biblioteca/documentos/${id}/exportar?formato=csljson`);
    expect(json.headers.get('content-type')).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    const [item] = await json.json();
    expect(item).toMatchObject({
      title: 'Cuaderno de campo del acuífero de Yucatán',
      issued: { 'date-parts': [[2021]] },
    });

    const page = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
    expect([...page.querySelectorAll('#exportar a')].map((a) => a.getAttribute('href'))).toEqual([
      `/biblioteca/documentos/${id}/exportar?formato=bibtex`,
      `/biblioteca/documentos/${id}/exportar?formato=ris`,
      `/biblioteca/documentos/${id}/exportar?formato=csljson`,
    ]);
  });

  it('lists the first units with their localizador and a reader link, and pages with siguiente', async () => {
    const first = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
    const items = [...first.querySelectorAll('#unidades li')];
    expect(items).toHaveLength(10);
    const links = items.map((li) => [li.querySelector('a')!.textContent, li.querySelector('a')!.getAttribute('href')]);
    expect(links[0]).toEqual(['p. i', `/leer/${id}?pagina=1`]);
    expect(links[2]).toEqual(['p. iii', `/leer/${id}?pagina=3`]);
    expect(links[4]).toEqual(['p. 1', `/leer/${id}?pagina=5`]);
    expect(items[2]!.textContent).toContain('Prólogo');
    const next = first.querySelector('#unidades-titulo ~ nav a[rel="next"]')!.getAttribute('href')!;
    expect(next).toContain(`desde=${encodeURIComponent('[11]')}`);

    const second = dom((await web.page(next)).text);
    const rest = [...second.querySelectorAll('#unidades li')].map((li) => li.querySelector('a')!.textContent);
    expect(rest).toEqual(['p. 7', 'p. 8', 'p. 9']);
    expect(second.querySelector('#unidades-titulo ~ nav a[rel="next"]')).toBeNull();
    // The style chosen is kept while paging.
    expect(next).toContain('estilo=apa');
    // Page locators sit in the narrow column beside the text.
    expect(first.querySelector('#unidades')!.getAttribute('class')).toBe('unidades');
  });

  it("sets a web page's section locators above their text, whole", async () => {
    const key = await t.server.key(OWNER);
    const page =
      '<!doctype html><html lang="en"><head><title>Monitoring Distributed Systems</title></head><body><main>' +
      '<h1>Monitoring Distributed Systems</h1><h2>Symptoms Versus Causes in a Distributed System</h2>' +
      '<p>Your monitoring system should address two questions: what is broken, and why.</p></main></body></html>';
    const res = await t.server.request('/api/v1/documentos?nombre=monitoring.html&esperar=60', {
      method: 'POST',
      body: page,
      headers: auth(key, { 'Content-Type': 'text/html' }),
    });
    const doc = await res.json();
    expect(doc.estado, doc.error).toBe('listo');
    const d = dom((await web.page(`/biblioteca/documentos/${doc.id}`)).text);
    const locators = [...d.querySelectorAll('#unidades .localizador')].map((a) => a.textContent ?? '');
    expect(locators.some((l) => l.length > 16)).toBe(true);
    expect(d.querySelector('#unidades')!.getAttribute('class')).toBe('unidades unidades-apiladas');
  });

  it('reads the document again: re-queued, back to the page with a notice, ready again', async () => {
    await web.page(`/biblioteca/documentos/${id}`);
    const post = await web.post(`/biblioteca/documentos/${id}/releer`, {});
    expect(post.res.status).toBe(303);
    expect(post.res.headers.get('location')).toBe(`/biblioteca/documentos/${id}?aviso=releido`);
    const row = await findDocument(t.server.runtime.deps.db, userId, id);
    expect(['en_cola', 'procesando']).toContain(row!.estado);

    const page = dom((await web.page(post.res.headers.get('location')!)).text);
    expect(page.querySelector('.notice')?.textContent).toBe('El documento vuelve a la cola para leerse otra vez.');

    // The library's script keeps polling the same address for JSON, and sees it ready again.
    let estado = row!.estado as string;
    for (let i = 0; i < 20 && estado !== 'listo'; i++) {
      const poll = await web.request(`/biblioteca/documentos/${id}?esperar=5`, {
        headers: { accept: 'application/json' },
      });
      expect(poll.status).toBe(200);
      expect(poll.headers.get('content-type')).toContain('application/json');
      const body = await poll.json();
      expect(body.fila).toContain(`id="doc-${id}"`);
      estado = body.documento.estado;
    }
    expect(estado).toBe('listo');
    const again = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
    expect(again.querySelectorAll('#unidades li')).toHaveLength(10);
  }, 120_000);

  it('does not queue a document twice: one being read says so', async () => {
    const db = t.server.runtime.deps.db;
    await updateDocument(db, id, { estado: 'procesando', fase: 'conversion', progreso: 0.5 });
    await web.page(`/biblioteca/documentos/${id}`);
    const post = await web.post(`/biblioteca/documentos/${id}/releer`, {});
    expect(post.res.headers.get('location')).toBe(`/biblioteca/documentos/${id}?aviso=ocupado`);
    const page = dom((await web.page(post.res.headers.get('location')!)).text);
    expect(page.querySelector('.notice')?.textContent).toBe('El documento ya se está leyendo.');
    // While it is read, the page offers no second reading.
    expect(page.querySelector(`form[action="/biblioteca/documentos/${id}/releer"]`)).toBeNull();
    await updateDocument(db, id, { estado: 'listo', fase: null, progreso: 1 });
  });

  it('refuses read again without the CSRF token', async () => {
    const res = await web.post(`/biblioteca/documentos/${id}/releer`, { _csrf: 'falso' });
    expect(res.res.status).toBe(403);
  });

  it("shows nothing of another user's document: a 404 page, and no export", async () => {
    const other = await signedIn('otra@example.org');
    const { res, text } = await other.page(`/biblioteca/documentos/${id}`);
    expect(res.status).toBe(404);
    expect(text).toContain('Este documento no existe o no es tuyo.');
    expect(text).not.toContain('Cuaderno de campo');
    const bib = await other.request(`/biblioteca/documentos/${id}/exportar?formato=bibtex`);
    expect(bib.status).toBe(404);
    const reread = await other.post(`/biblioteca/documentos/${id}/releer`, {});
    expect(reread.res.status).toBe(404);
    // The script's JSON for someone else's document stays the API's 404.
    const json = await other.request(`/biblioteca/documentos/${id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
  });

  it('sends a signed-out browser to sign in and back; a signed-out script gets 401', async () => {
    const page = await t.server.request(`/biblioteca/documentos/${id}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(
      `/entrar?siguiente=${encodeURIComponent(`/biblioteca/documentos/${id}`)}`,
    );
    const json = await t.server.request(`/biblioteca/documentos/${id}`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(401);
  });

  it('flags the values to check where they are shown: a year from the creation date, not a title the user gave', async () => {
    const db = t.server.runtime.deps.db;
    const before = await findDocument(db, userId, id);
    await updateDocument(db, id, {
      origenMetadatos: { titulo: 'usuario', autores: 'primera_pagina', anio: 'fecha_creacion' },
    });
    try {
      const d = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
      const anio = d.querySelector('#dato-anio')!;
      expect(anio.querySelector('dd')?.textContent).toBe('2021');
      expect(anio.querySelector('.duda-marca')?.textContent).toBe('Por revisar');
      expect(anio.querySelector('.duda-texto')?.textContent).toBe(
        'Tomado de la fecha de creación del archivo, no de la obra: compruébalo.',
      );
      const fix = anio.querySelector('a.duda-corregir')!;
      expect(fix.textContent).toBe('Corregir el año');
      expect(fix.getAttribute('href')).toBe(`/biblioteca/documentos/${id}/editar?campo=anio`);
      expect(d.querySelector('#dato-autores .duda-texto')?.textContent).toBe(
        'Leído de la portada por su maquetación: compruébalo.',
      );
      // The user's title is theirs: no mark, no note.
      expect(d.querySelector('#dato-titulo')).toBeNull();
      expect(d.querySelectorAll('.metadatos .duda')).toHaveLength(2);
      expect([...d.querySelectorAll('#dudas-resumen a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['Autores', '#dato-autores'],
        ['Año', '#dato-anio'],
      ]);

      const en = dom((await web.page(`/biblioteca/documentos/${id}?lang=en`)).text);
      expect(en.querySelector('#dato-anio .duda-marca')?.textContent).toBe('Check');
      expect(en.querySelector('#dato-anio .duda-texto')?.textContent).toBe(
        "Taken from the file's creation date, not the work's: check it.",
      );
      await web.page(`/biblioteca/documentos/${id}?lang=es`);

      // The link opens the correction form on the field, which reads the same note with it.
      const form = dom((await web.page(`/biblioteca/documentos/${id}/editar?campo=anio`)).text);
      expect(form.querySelector('#anio')?.hasAttribute('autofocus')).toBe(true);
      expect(form.querySelector('#titulo')?.hasAttribute('autofocus')).toBe(false);
      expect(form.querySelector('#anio')?.getAttribute('aria-describedby')).toBe('anio-duda anio-ayuda');
      expect(form.querySelector('#anio-duda')?.textContent).toContain('Tomado de la fecha de creación del archivo');
      expect(form.querySelector('#titulo-duda')).toBeNull();

      // Saved from there, the year is the user's: back on the document page, no mark is left.
      expect(form.querySelector('input[name="volver"]')?.getAttribute('value')).toBe('documento');
      const saved = await web.post(`/biblioteca/documentos/${id}/editar`, {
        titulo: 'Cuaderno de campo del acuífero de Yucatán',
        autores: 'Pérez Canul, Lucía',
        anio: '2020',
        volver: 'documento',
      });
      expect(saved.res.status).toBe(303);
      expect(saved.res.headers.get('location')).toBe(`/biblioteca/documentos/${id}`);
      const after = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
      expect(after.querySelector('.notice')?.textContent?.replace(/\s+/g, ' ')).toContain('Año: «2021» → «2020»');
      expect(after.querySelector('#dato-anio')).toBeNull();
      expect(after.querySelector('#dato-autores .duda-texto')).not.toBeNull();
    } finally {
      await updateDocument(db, id, {
        anio: before!.anio,
        userMeta: before!.user_meta,
        origenMetadatos: before!.origen_metadatos,
      });
    }
  });

  it("confirms a doubted value in one step ('Es correcto'): it becomes the user's, unchanged, and loses its mark", async () => {
    const db = t.server.runtime.deps.db;
    const before = await findDocument(db, userId, id);
    await updateDocument(db, id, {
      origenMetadatos: { titulo: 'usuario', autores: 'usuario', anio: 'fecha_creacion' },
    });
    try {
      const d = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
      const form = d.querySelector('#dato-anio form.duda-confirmar')!;
      expect(form.getAttribute('action')).toBe(`/biblioteca/documentos/${id}/confirmar`);
      expect(form.querySelector('button')?.getAttribute('aria-label')).toBe('Es correcto: Año');
      expect(form.querySelector('input[name="_csrf"]')).not.toBeNull();

      const post = await web.post(`/biblioteca/documentos/${id}/confirmar`, { campo: 'anio' });
      expect(post.res.status).toBe(303);
      expect(post.res.headers.get('location')).toBe(`/biblioteca/documentos/${id}?aviso=comprobado`);
      const after = dom((await web.page(`/biblioteca/documentos/${id}?aviso=comprobado`)).text);
      expect(after.querySelector('.notice')?.textContent).toBe('Guardado como dato tuyo: ya no se marca para revisar.');
      expect(after.querySelector('#dato-anio')).toBeNull();
      const row = await findDocument(db, userId, id);
      expect(row!.anio).toBe(2021);
      expect(row!.origen_metadatos.anio).toBe('usuario');
      // Without the session's token nothing changes.
      expect(
        (await web.post(`/biblioteca/documentos/${id}/confirmar`, { campo: 'titulo', _csrf: 'falso' })).res.status,
      ).toBe(403);
    } finally {
      await updateDocument(db, id, { userMeta: before!.user_meta, origenMetadatos: before!.origen_metadatos });
    }
  });

  it('says what is missing: no authors found is worth a note, with the way to add them', async () => {
    const db = t.server.runtime.deps.db;
    const before = await findDocument(db, userId, id);
    await updateDocument(db, id, { autores: [], origenMetadatos: { titulo: 'usuario', anio: 'usuario' } });
    try {
      const d = dom((await web.page(`/biblioteca/documentos/${id}`)).text);
      const autores = d.querySelector('#dato-autores')!;
      expect(autores.querySelector('.duda-marca')?.textContent).toBe('Falta');
      expect(autores.querySelector('.duda-texto')?.textContent).toBe(
        'No encontramos autores en el documento; añádelos si la obra los tiene.',
      );
      expect(autores.querySelector('a.duda-corregir')?.textContent).toBe('Añadir autores');
      expect(d.querySelector('#dato-anio')).toBeNull();
    } finally {
      await updateDocument(db, id, { autores: before!.autores, origenMetadatos: before!.origen_metadatos });
    }
  });

  it('speaks English', async () => {
    const { text } = await web.page(`/biblioteca/documentos/${id}?lang=en`);
    const d = dom(text);
    expect(d.querySelector('#metadatos-titulo')?.textContent).toBe('Metadata');
    expect(d.querySelector('#idioma option[selected]')?.getAttribute('value')).toBe('en-US');
    await web.page(`/biblioteca/documentos/${id}?lang=es`);
  });
});
