import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../../test/fixtures/sample-pdf';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { WebClient } from '../../testing/web-client';

const t = useTestServer();
const PASSWORD = 'una frase para buscar pasajes';
const ids: Record<string, string> = {};
let web: WebClient;

async function add(key: string, nombre: string, body: string | Buffer, query = '', type = 'text/plain') {
  const res = await t.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: auth(key, { 'Content-Type': type }),
  });
  expect(res.status).toBe(201);
  const doc = await res.json();
  expect(doc.estado).toBe('listo');
  return doc.id as string;
}

const para = (s: string) => `${s} `.repeat(3).trim();

beforeAll(async () => {
  await setPassword(t.server.runtime.deps.db, 'lectora@example.org', PASSWORD);
  const key = await t.server.key('lectora@example.org');
  const other = await t.server.key('ajena@example.org');
  // Many Markdown passages about nitrates, one PDF: a type filter must still find the PDF's.
  const sections = Array.from(
    { length: 14 },
    (_, i) =>
      `## Pozo ${i + 1}\n\n${para(`Los nitratos del pozo ${i + 1} subieron tras las lluvias de la temporada.`)}`,
  );
  ids.md = await add(
    key,
    'pozos.md',
    `# Pozos de Yucatán\n\n${sections.join('\n\n')}`,
    '&titulo=Pozos%20de%20Yucat%C3%A1n&autores=Smith,%20John&anio=2018&biblioteca=campo',
  );
  ids.pdf = await add(
    key,
    'cuaderno.pdf',
    buildSamplePdf({
      title: 'Cuaderno de nitratos',
      author: 'Pérez Canul, Lucía',
      year: 2021,
      pages: [['Cuaderno de nitratos'], ['En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.']],
    }),
    '&titulo=Cuaderno%20de%20nitratos&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021&biblioteca=tesis',
    'application/pdf',
  );
  ids.ajeno = await add(
    other,
    'ajeno.txt',
    para('Los nitratos secretos de otra persona nunca deben verse en esta biblioteca.'),
    '&titulo=Documento%20ajeno',
  );
  web = new WebClient(t.server);
  await web.signIn('lectora@example.org', PASSWORD);
});

const search = (params: Record<string, string>) => web.page(`/buscar?${new URLSearchParams(params)}`);

/** The result items of a page, each as its HTML. */
const items = (page: string) => [...page.matchAll(/<li class="result">[\s\S]*?<\/li>/g)].map((m) => m[0]);

describe('search page /buscar', () => {
  it('shows the form with its label, filters and the phrase hint, and no results before a search', async () => {
    const { res, text } = await web.page('/buscar');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(text).toContain('<label for="q">Qué buscar</label>');
    expect(text).toContain('comillas dobles');
    expect(text).toContain('<option value="pdf"');
    expect(text).toContain(`<option value="${ids.pdf}"`);
    expect(text).toContain('<option value="campo"');
    expect(text).not.toContain(ids.ajeno);
    expect(text).toContain('aria-current="page">Buscar</a>');
    expect(text).toContain('src="/web/search.js"');
    expect(items(text)).toEqual([]);
  });

  it('renders passages with the service’s cita, localizador, reader link and copy data', async () => {
    const { res, text } = await search({ q: 'nitratos Homún' });
    expect(res.status).toBe(200);
    const api = await (
      await t.server.request(`/api/v1/buscar?q=${encodeURIComponent('nitratos Homún')}`, {
        headers: auth(await t.server.key('lectora@example.org', ['lectura'])),
      })
    ).json();
    const top = api.pasajes[0];
    expect(top.documento.id).toBe(ids.pdf);
    const first = items(text)[0]!;
    expect(first).toContain('Cuaderno de nitratos');
    expect(first).toContain('44.9 mg/L');
    expect(first).toContain(`<dd class="cita">${top.cita.replace(/&/g, '&amp;')}</dd>`);
    expect(top.cita).toBe('(Pérez Canul, 2021, p. 2)');
    expect(first).toContain(`<dd class="localizador">${top.localizador}</dd>`);
    expect(first).toContain(`href="${top.enlace.replace(/&/g, '&amp;')}"`);
    expect(first).toContain(`data-copy="${top.cita}"`);
    expect(first).toContain('Copiar texto + cita');
    expect(text).toMatch(/\d+ resultados para «nitratos Homún»/);
    expect(text).toContain('Respondieron: léxico (BM25), sin búsqueda semántica, reordenación por rasgos');
  });

  it('restricts by type, document, collection and year; another user’s documents never appear', async () => {
    const all = items((await search({ q: 'nitratos' })).text);
    expect(all.length).toBe(10);
    expect(all.join('')).not.toContain('Documento ajeno');
    expect(all.join('')).not.toContain('secretos');

    // The Markdown document has 14 passages about nitrates: the PDF's still come back by type.
    const pdf = items((await search({ q: 'nitratos', tipo: 'pdf' })).text);
    expect(pdf.length).toBeGreaterThan(0);
    for (const item of pdf) expect(item).toContain('Cuaderno de nitratos');

    const md = items((await search({ q: 'nitratos', tipo: 'documento' })).text);
    expect(md.length).toBe(10);
    for (const item of md) expect(item).toContain('Pozos de Yucatán');

    const one = items((await search({ q: 'nitratos', documento: ids.pdf! })).text);
    expect(one.length).toBeGreaterThan(0);
    for (const item of one) expect(item).toContain('Cuaderno de nitratos');
    const campo = items((await search({ q: 'nitratos', biblioteca: 'campo' })).text);
    expect(campo.length).toBe(10);
    for (const item of campo) expect(item).toContain('Pozos de Yucatán');
    const y2021 = items((await search({ q: 'nitratos', anio: '2021' })).text);
    expect(y2021.length).toBeGreaterThan(0);
    for (const item of y2021) expect(item).toContain('Cuaderno de nitratos');
    const range = items((await search({ q: 'nitratos', anio: '2015-2019' })).text);
    expect(range.length).toBe(10);
    for (const item of range) expect(item).toContain('Pozos de Yucatán');
    expect(items((await search({ q: 'nitratos', anio: '1990-2000' })).text)).toEqual([]);

    // Asking for the other user's document by id finds nothing of it.
    const theirs = await search({ q: 'nitratos secretos', documento: ids.ajeno! });
    expect(theirs.text).toContain('Sin resultados para «nitratos secretos».');
    expect(theirs.text).not.toContain('Documento ajeno');
  });

  it('keeps a quoted phrase literal', async () => {
    const found = items((await search({ q: '"concentración de nitratos alcanzó"' })).text);
    expect(found.length).toBe(1);
    expect(found[0]).toContain('Cuaderno de nitratos');
    expect(items((await search({ q: '"nitratos alcanzó la concentración"' })).text)).toEqual([]);
  });

  it('says plainly when nothing is found, with a hint', async () => {
    const { res, text } = await search({ q: 'zarzuela astronáutica' });
    expect(res.status).toBe(200);
    expect(text).toContain('Sin resultados para «zarzuela astronáutica».');
    expect(text).toContain('Prueba con menos palabras');
  });

  it('shows bad input as a message on the page, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ q: '   ' }, 'Escribe qué buscar.'],
      [{ q: 'nitra\u0000tos' }, 'El campo «q» contiene un carácter nulo'],
      [{ q: 'nitratos', anio: 'dos mil' }, 'El año debe ser un número como 2021'],
      [{ q: 'nitratos', anio: '2019-\u0000' }, 'El campo «anio» contiene un carácter nulo'],
      [{ q: 'nitratos', tipo: 'papiro' }, 'Ese tipo de documento no existe.'],
      [{ q: 'x'.repeat(2001) }, 'demasiado larga'],
    ];
    for (const [params, message] of cases) {
      const { res, text } = await search(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(text).toContain('role="alert"');
      expect(text).toContain(message);
      expect(text).toContain('<label for="q">');
      expect(items(text)).toEqual([]);
    }
  });

  it('speaks English when asked, and keeps the search in the language links', async () => {
    const { text } = await search({ q: 'nitratos', lang: 'en' });
    expect(text).toContain('<label for="q">What to search for</label>');
    expect(text).toContain('Copy citation');
    expect(text).toContain('Answered by: lexical (BM25)');
    expect(text).toMatch(/href="\/buscar\?q=nitratos&amp;lang=es"/);
  });

  it('sends a visitor without a session to sign in', async () => {
    const res = await t.server.request('/buscar?q=nitratos', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/entrar?siguiente=%2Fbuscar%3Fq%3Dnitratos');
  });
});
