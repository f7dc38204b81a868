import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';

const t = useTestServer();
const PASSWORD = 'biblioteca con una frase larga';
const EMAIL = 'tere@example.org';
let key: string;
let id: string;

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  return web;
}

const apiDoc = async () => (await t.server.request(`/api/v1/documentos/${id}`, { headers: auth(key) })).json();

/** The notice at the top of a page: its lines, as read. */
function notice(page: string): string[] {
  const { document } = parseHTML(page);
  const box = document.querySelector('#avisos .notice');
  if (!box) return [];
  const items = [...box.querySelectorAll('p, li')];
  return (items.length ? items : [box]).map((x) => (x.textContent ?? '').replace(/\s+/g, ' ').trim());
}

/** The form's fields as the page shows them, to post back like a browser with some changed. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input id="(\w+)" name="\w+" type="\w+"[^>]*?value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  for (const m of html.matchAll(/<input id="(\w+)" name="\w+" type="\w+"[^>]*?required value="([^"]*)"/g))
    fields[m[1]!] = m[2]!;
  fields.autores = /<textarea id="autores"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? '';
  fields.tipo_obra = /<option value="([^"]+)" selected/.exec(html)?.[1] ?? '';
  return fields;
}

beforeAll(async () => {
  key = await t.server.key(EMAIL);
  const up = await t.server.request(
    '/api/v1/documentos?nombre=cenotes.txt&titulo=Cenotes&autores=Equivocado,%20Autor',
    {
      method: 'POST',
      body: 'El agua de los cenotes de Yucatán.',
      headers: auth(key, { 'Content-Type': 'text/plain' }),
    },
  );
  expect(up.status).toBe(201);
  id = (await up.json()).id;
});

describe('the correction form of a document', () => {
  it('is linked from the library and shows the stored values', async () => {
    const web = await signedIn(EMAIL);
    const list = await web.page('/biblioteca');
    expect(list.text).toContain(
      `<a href="/biblioteca/documentos/${id}/editar" aria-label="Editar: Cenotes">Editar</a>`,
    );
    const page = await web.page(`/biblioteca/documentos/${id}/editar`);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('<form class="card edit-form" method="post"');
    expect(page.text).toContain('name="_csrf"');
    expect(formFields(page.text)).toMatchObject({ titulo: 'Cenotes', autores: 'Equivocado, Autor', anio: '' });
    expect(page.text).toContain('Uno por línea, «Apellidos, Nombre»');
    const en = await web.page(`/biblioteca/documentos/${id}/editar?lang=en`);
    expect(en.text).toContain('One per line, “Surname, Given name”');
    expect(en.text).toContain('>Save</button>');
  });

  it('shows errors next to their fields, keeps what was typed and changes nothing', async () => {
    const web = await signedIn(EMAIL);
    const page = await web.page(`/biblioteca/documentos/${id}/editar`);
    const sent = {
      ...formFields(page.text),
      titulo: 'Nuevo título',
      anio: 'dos mil',
      doi: 'doi.org/10.1',
      isbn: '123',
    };
    const res = await web.post(`/biblioteca/documentos/${id}/editar`, sent);
    expect(res.res.status).toBe(400);
    expect(res.text).toContain('Revisa los campos marcados.');
    expect(res.text).toMatch(/id="anio"[^>]*aria-describedby="anio-duda anio-ayuda anio-error"\s+aria-invalid="true"/);
    expect(res.text).toContain(
      '<p id="anio-error" class="field-error">Escribe el año en cifras, por ejemplo 2021.</p>',
    );
    expect(res.text).toContain('<p id="doi-error" class="field-error">Escribe un DOI como 10.1234/abcd');
    expect(res.text).toContain('<p id="isbn-error" class="field-error">Ese ISBN no es válido');
    expect(res.text).not.toContain('id="titulo-error"');
    expect(formFields(res.text)).toMatchObject({ titulo: 'Nuevo título', anio: 'dos mil', isbn: '123' });
    expect(await apiDoc()).toMatchObject({ titulo: 'Cenotes', autores: ['Equivocado, Autor'] });
    // Nothing is kept to be told on the document page: no change was saved.
    expect(res.res.headers.getSetCookie().join('\n')).not.toContain('folio_cambios');
    expect(notice((await web.page(`/biblioteca/documentos/${id}`)).text)).toEqual([]);
  });

  it('saves a correction posted without scripts, in force at once through the API', async () => {
    const web = await signedIn(EMAIL);
    const page = await web.page(`/biblioteca/documentos/${id}/editar`);
    const res = await web.post(`/biblioteca/documentos/${id}/editar`, {
      ...formFields(page.text),
      titulo: 'Nitratos en los cenotes',
      autores: 'Pérez Canul, Lucía\r\n\r\n  Smith,   John \r\n',
      anio: '2021',
      tipo_obra: 'article-journal',
      contenedor: 'Hidrobiológica',
      volumen: '31',
      paginas: '45-67',
    });
    expect(res.res.status).toBe(303);
    // Back on the document corrected, which says what changed, each field before → after, as stored.
    expect(res.res.headers.get('location')).toBe(`/biblioteca/documentos/${id}`);
    const shown = await web.page(`/biblioteca/documentos/${id}`);
    expect(notice(shown.text)).toEqual([
      'Guardado. Cambió:',
      'Título: «Cenotes» → «Nitratos en los cenotes»',
      'Autores: «Equivocado, Autor» → «Pérez Canul, Lucía; Smith, John»',
      'Año: (vacío) → «2021»',
      'Tipo de obra: (vacío) → «Artículo de revista»',
      'Publicado en: (vacío) → «Hidrobiológica»',
      'Volumen: (vacío) → «31»',
      'Páginas: (vacío) → «45-67»',
    ]);
    // Told once: a reload shows the page alone.
    expect(notice((await web.page(`/biblioteca/documentos/${id}`)).text)).toEqual([]);
    expect((await web.page('/biblioteca')).text).toContain('Pérez Canul; Smith');
    const doc = await apiDoc();
    expect(doc).toMatchObject({
      titulo: 'Nitratos en los cenotes',
      autores: ['Pérez Canul, Lucía', 'Smith, John'],
      anio: 2021,
      detalles_bibliograficos: { tipo_obra: 'article-journal', contenedor: 'Hidrobiológica', volumen: '31' },
    });
    expect(doc.referencia).toBe(
      'Pérez Canul, L. y Smith, J. (2021). Nitratos en los cenotes. Hidrobiológica, 31, 45-67.',
    );
    // Only what changed became the user's: the untouched fields stay free for a later reading.
    const [row] = await t.server.runtime.deps.db.query<{ user_meta: Record<string, unknown> }>(
      'SELECT user_meta FROM documents WHERE id = $1',
      [id],
    );
    expect(Object.keys(row!.user_meta.detalles as object).sort()).toEqual([
      'contenedor',
      'paginas',
      'tipo_obra',
      'volumen',
    ]);

    // Saving again with nothing changed says so; clearing the year clears it, and says so in English too.
    const again = await web.page(`/biblioteca/documentos/${id}/editar`);
    const same = await web.post(`/biblioteca/documentos/${id}/editar`, formFields(again.text));
    expect(same.res.headers.get('location')).toBe(`/biblioteca/documentos/${id}`);
    expect(notice((await web.page(`/biblioteca/documentos/${id}`)).text)).toEqual(['Sin cambios: nada que guardar.']);
    await web.post(`/biblioteca/documentos/${id}/editar`, { ...formFields(again.text), anio: '' });
    expect((await apiDoc()).anio).toBeUndefined();
    expect(notice((await web.page(`/biblioteca/documentos/${id}?lang=en`)).text)).toEqual([
      'Saved. What changed:',
      'Year: “2021” → (empty)',
    ]);
    await web.page(`/biblioteca/documentos/${id}?lang=es`);
  });

  it('offers the library as BibTeX, RIS and CSL-JSON downloads, with the corrected values', async () => {
    const web = await signedIn(EMAIL);
    expect((await web.page('/biblioteca')).text).toContain('<a href="/biblioteca/exportar?formato=bibtex" download>');
    const res = await web.request('/biblioteca/exportar?formato=bibtex');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-bibtex; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="folio-biblioteca.bib"');
    const bib = await res.text();
    // The year was cleared by the last correction: 'sf' (sin fecha) in the key.
    expect(bib).toContain('@article{PerezCanulsfNitratos,');
    expect(bib).toContain('journal = {Hidrobiol');
    expect((await web.request('/biblioteca/exportar?formato=docx')).status).toBe(302);
    const stranger = await signedIn('vera@example.org');
    expect(await (await stranger.request('/biblioteca/exportar?formato=csljson')).json()).toEqual([]);
  });

  it('tells a long correction of many fields in a notice that fits its cookie: values cut, the rest counted', async () => {
    const web = await signedIn(EMAIL);
    const up = await t.server.request('/api/v1/documentos?nombre=largo.txt&titulo=Largo', {
      method: 'POST',
      body: 'Un documento para muchas correcciones.',
      headers: auth(key, { 'Content-Type': 'text/plain' }),
    });
    const other = (await up.json()).id as string;
    const page = await web.page(`/biblioteca/documentos/${other}/editar`);
    // Four bytes a character (𠮷, of a Japanese name): the list is cut by its bytes, not its characters.
    const long = (n: number) => `Ñandú ${n} ${'𠮷'.repeat(90)}`;
    const fields = ['titulo', 'contenedor', 'editorial', 'lugar', 'genero', 'url'];
    const res = await web.post(`/biblioteca/documentos/${other}/editar`, {
      ...formFields(page.text),
      ...Object.fromEntries(fields.map((f, i) => [f, long(i)])),
      titulo: `${long(0)}${'𠮷'.repeat(60)}`,
      url: `https://example.org/${'ñandú/'.repeat(60)}`,
      volumen: '12',
      numero: '3',
      edicion: '2.ª',
      autores: 'Chan May, Jorge',
      etiquetas: Array.from({ length: 8 }, (_, i) => `水文地質 ${i} ${'帯水層'.repeat(12)}`).join('\n'),
    });
    expect(res.res.status).toBe(303);
    const cookie = res.res.headers.getSetCookie().find((x) => x.startsWith('folio_cambios='))!;
    expect(cookie.length).toBeLessThan(4000);
    const lines = notice((await web.page(`/biblioteca/documentos/${other}`)).text);
    expect(lines[0]).toBe('Guardado. Cambió:');
    expect(lines[1]).toMatch(/^Título: «Largo» → «Ñandú 0 (𠮷){91}…»$/u); // cut at 100 characters
    expect(lines[2]).toBe('Autores: (vacío) → «Chan May, Jorge»');
    expect(lines.at(-1)).toMatch(/^Otros cambios: \d\.$/);
    const told = lines.length - 2 + Number(/(\d)\.$/.exec(lines.at(-1)!)![1]);
    // The fields sent, the four short ones and the tags, and the kind of work the stored document now has.
    expect(lines[3]).toBe('Tipo de obra: (vacío) → «Artículo de revista»');
    expect(told).toBe(fields.length + 5 + 1);
  });

  it('refuses a post without the CSRF token and keeps other users out', async () => {
    const web = await signedIn(EMAIL);
    await web.page(`/biblioteca/documentos/${id}/editar`);
    const forged = await web.post(`/biblioteca/documentos/${id}/editar`, { _csrf: 'x'.repeat(43), titulo: 'Forjado' });
    expect(forged.res.status).toBe(403);
    const crossSite = await web.post(
      `/biblioteca/documentos/${id}/editar`,
      { titulo: 'Forjado' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(crossSite.res.status).toBe(403);
    const stranger = await signedIn('ursula@example.org');
    expect((await stranger.page(`/biblioteca/documentos/${id}/editar`)).res.status).toBe(404);
    expect((await stranger.post(`/biblioteca/documentos/${id}/editar`, { titulo: 'Ajeno' })).res.status).toBe(404);
    expect((await apiDoc()).titulo).toBe('Nitratos en los cenotes');
  });
});
