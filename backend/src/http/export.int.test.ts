import { Cite, type CSL } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, updateDocument } from '../db/documents.repo';
import { auth, useTestServer } from '../testing/harness';
import { userIdOf } from '../testing/insert-documents';

const ctx = useTestServer();
let key: string;
let other: string;
const ids: Record<string, string> = {};

const api = (p: string, init: RequestInit = {}, as = key) =>
  ctx.server.request(`/api/v1${p}`, { ...init, headers: auth(as, (init.headers as Record<string, string>) ?? {}) });

async function add(nombre: string, query: string, as = key) {
  const res = await api(
    `/documentos?nombre=${nombre}&${query}`,
    { method: 'POST', body: `Texto de ${nombre}.`, headers: { 'Content-Type': 'text/plain' } },
    as,
  );
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

async function correct(id: string, body: Record<string, unknown>) {
  const res = await api(`/documentos/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
}

/** What must survive an export and its import, per document. */
const ARTICLE = {
  type: 'article-journal',
  title: 'Nitratos en los cenotes de Yucatán',
  author: [
    { family: 'Pérez Canul', given: 'Lucía' },
    { family: 'Smith', given: 'John' },
  ],
  issued: { 'date-parts': [[2021]] },
  'container-title': 'Revista Mexicana de Hidrología',
  volume: '12',
  issue: '3',
  page: '45-67',
  DOI: '10.1234/rmh.2021.45',
};
const BOOK = {
  type: 'book',
  title: 'Obra abierta',
  author: [{ family: 'Eco', given: 'Umberto' }],
  issued: { 'date-parts': [[1962]] },
  publisher: 'Bompiani',
  'publisher-place': 'Milán',
  edition: '2',
  ISBN: '978-0-306-40615-7',
  URL: 'https://example.org/obra-abierta',
};

beforeAll(async () => {
  key = await ctx.server.key('exporta@example.org');
  other = await ctx.server.key('ajena@example.org');
  ids.article = await add('nitratos.txt', 'titulo=Borrador&autores=X,%20Y&anio=2000&biblioteca=tesis');
  await correct(ids.article, {
    titulo: ARTICLE.title,
    autores: ['Pérez Canul, Lucía', 'Smith, John'],
    anio: 2021,
    tipo_obra: 'article-journal',
    contenedor: ARTICLE['container-title'],
    volumen: '12',
    numero: '3',
    paginas: '45-67',
    doi: ARTICLE.DOI,
    idioma: 'es',
  });
  ids.book = await add('obra.txt', 'titulo=Obra%20abierta&autores=Eco,%20Umberto&anio=1962');
  await correct(ids.book, {
    tipo_obra: 'book',
    editorial: 'Bompiani',
    lugar: 'Milán',
    edicion: '2',
    isbn: BOOK.ISBN,
    url: BOOK.URL,
  });
  ids.ajeno = await add('ajeno.txt', 'titulo=Ajeno&autores=Otra,%20Persona&anio=2020', other);
});

/**
 * Text BibTeX or LaTeX give a meaning of their own, or that PDFs made with LaTeX (an accent as a character
 * of its own, before its letter), other scripts and sloppy metadata bring to a title, an author or a journal.
 */
const ODD_TEXTS = [
  'Nuevo tipo de mapa tem´atico e interfaz visual',
  'Dise˜no de la se˜nal',
  'Un caso na¨ive de gar`con',
  'ˆetre o no ˆetre',
  'Fa¸cade en ˚Angstr˚om',
  'ˇCesk´y jazyk y ogonek ˛a',
  'Erd˝os y sus n´umeros',
  'Pe\u0301rez y Mu\u0308ller, descompuestos',
  '\u0301acento al principio y tras un espacio \u0301 suelto',
  'dotless ı y ȷ',
  'Llave { abierta',
  'Llave } cerrada y }{ al revés',
  'Barra \\ invertida y \\textbf{orden} de LaTeX \\',
  '50 % de # & $ _ ~ ^ @ símbolos',
  '"Comillas" \'simples\' «angulares» “curvas”',
  'Tabulador\ty\nsalto de línea',
  'Emoji 😀🧪 en el título',
  '中文标题：地下水研究',
  'عنوان عربي للبحث',
  '<i>Cursiva</i> sin cerrar <b> y a < b > c',
  `${'Hidrogeoquimicodinamicoestructural'.repeat(5)} ${'palabra '.repeat(150)}final`,
];

/** What BibTeX carries of a text: its characters composed (NFC), each run of white space one space. */
const carried = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The letters and digits of a text, in order of code point: what must survive even a reordering of names. */
const letters = (text: string) => [...(text.normalize('NFC').match(/[\p{L}\p{N}]/gu) ?? [])].sort().join('');

/** The item of the export whose title is `title`. */
const byTitle = (items: CSL[], title: string) => items.find((i) => i.title === title)!;

function expectKept(item: CSL, expected: Record<string, unknown>) {
  expect(item, String(expected.title)).toMatchObject(expected);
}

describe('exporting references (formato=bibtex|ris|csljson)', () => {
  it('exports the library as CSL-JSON that citation-js reads back with every field', async () => {
    const res = await api('/documentos?formato=csljson');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="folio-biblioteca.json"');
    const items = new Cite(await res.text()).data as CSL[];
    expect(items.map((i) => i.id).sort()).toEqual([ids.article, ids.book].sort());
    expectKept(byTitle(items, ARTICLE.title), { ...ARTICLE, id: ids.article, language: 'es' });
    expectKept(byTitle(items, BOOK.title), { ...BOOK, id: ids.book });
  });

  it('exports BibTeX that citation-js imports back with title, authors, year, DOI, container, volume, pages…', async () => {
    const res = await api('/documentos?formato=bibtex');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-bibtex; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="folio-biblioteca.bib"');
    const text = await res.text();
    expect(text).toContain('@article{PerezCanul2021Nitratos,');
    expect(text).toContain('@book{Eco1962Obra,');
    const items = new Cite(text).data as CSL[];
    expect(items).toHaveLength(2);
    expectKept(byTitle(items, ARTICLE.title), ARTICLE);
    expectKept(byTitle(items, BOOK.title), BOOK);
  });

  it('exports RIS with one record per document and every field in its tag', async () => {
    const res = await api('/documentos?formato=ris');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-research-info-systems; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="folio-biblioteca.ris"');
    const records = (await res.text()).split(/^ER {2}- *$/m).filter((r) => r.trim());
    expect(records).toHaveLength(2);
    const tags = (record: string) =>
      [...record.matchAll(/^([A-Z][A-Z0-9]) {2}- (.*)$/gm)].map((m) => [m[1], m[2]] as [string, string]);
    const article = tags(records.find((r) => r.includes(ARTICLE.title))!);
    expect(article).toEqual([
      ['TY', 'JOUR'],
      ['ID', ids.article],
      ['TI', ARTICLE.title],
      ['AU', 'Pérez Canul, Lucía'],
      ['AU', 'Smith, John'],
      ['PY', '2021'],
      ['T2', 'Revista Mexicana de Hidrología'],
      ['VL', '12'],
      ['IS', '3'],
      ['SP', '45'],
      ['EP', '67'],
      ['DO', ARTICLE.DOI],
      ['LA', 'es'],
    ]);
    const book = new Map(tags(records.find((r) => r.includes(BOOK.title))!));
    expect(Object.fromEntries(book)).toMatchObject({
      TY: 'BOOK',
      AU: 'Eco, Umberto',
      PY: '1962',
      PB: 'Bompiani',
      CY: 'Milán',
      ET: '2',
      SN: BOOK.ISBN,
      UR: BOOK.URL,
    });
  });

  it('exports one document with GET /documentos/{id}, and never another user’s', async () => {
    const res = await api(`/documentos/${ids.book}?formato=bibtex`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="folio-${ids.book}.bib"`);
    const items = new Cite(await res.text()).data as CSL[];
    expect(items).toHaveLength(1);
    expectKept(items[0]!, BOOK);
    const json = new Cite(await (await api(`/documentos/${ids.article}?formato=csljson`)).text()).data as CSL[];
    expectKept(json[0]!, { ...ARTICLE, id: ids.article });
    expect((await api(`/documentos/${ids.ajeno}?formato=bibtex`)).status).toBe(404);
    expect((await api(`/documentos/${ids.ajeno}?formato=ris`, {}, other)).status).toBe(200);
    const bad = await api(`/documentos/${ids.book}?formato=endnote`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.detalles.campo).toBe('formato');
  });

  it('honours biblioteca and q, and exports every page of a large library', async () => {
    const tesis = new Cite(await (await api('/documentos?formato=csljson&biblioteca=tesis')).text()).data as CSL[];
    expect(tesis.map((i) => i.id)).toEqual([ids.article]);
    const eco = new Cite(await (await api('/documentos?formato=csljson&q=eco')).text()).data as CSL[];
    expect(eco.map((i) => i.id)).toEqual([ids.book]);

    // More than one batch of the export (500) and far more than a page of the list (50, at most 200).
    const { deps } = ctx.server.runtime;
    const [user] = await deps.db.query<{ user_id: string }>('SELECT user_id FROM documents WHERE id = $1', [ids.book]);
    for (let i = 0; i < 520; i++) {
      await insertDocument(deps.db, {
        id: `lote${String(i).padStart(8, '0')}`,
        userId: user!.user_id,
        titulo: `Lote ${i}`,
        autores: ['Serie, Ana'],
        anio: 1900 + (i % 100),
        tipo: 'documento',
        userMeta: {},
        searchKey: `lote ${i} serie ana serie`,
      });
    }
    const raw = JSON.parse(await (await api('/documentos?formato=csljson&limite=10')).text()) as CSL[];
    const all = new Cite(raw).data as CSL[];
    expect(all).toHaveLength(522);
    expect(new Set(all.map((i) => i.id)).size).toBe(522);
    // Newest first by sequence number, not by its text ('99' after '100').
    const page = await (await api('/documentos?limite=3')).json();
    expect(page.documentos.map((d: { id: string }) => d.id)).toEqual(['lote00000519', 'lote00000518', 'lote00000517']);
    const lote = (await (await api('/documentos?formato=ris&q=serie')).text()).match(/^TY {2}- /gm);
    expect(lote).toHaveLength(520);
    const bib = await (await api('/documentos?formato=bibtex&q=serie')).text();
    // Same first author, year and title word: the keys stay unique.
    expect(new Set([...bib.matchAll(/^@\w+\{([^,]+),/gm)].map((m) => m[1])).size).toBe(
      [...bib.matchAll(/^@/gm)].length,
    );
  }, 120_000);

  it('exports BibTeX that parses back whatever the titles, authors and journals hold', async () => {
    const odd = await ctx.server.key('rarezas@example.org');
    const { deps } = ctx.server.runtime;
    const userId = await userIdOf(deps.db, 'rarezas@example.org');
    for (const [i, text] of ODD_TEXTS.entries()) {
      const id = `raro${String(i).padStart(8, '0')}`;
      await insertDocument(deps.db, {
        id,
        userId,
        titulo: text,
        autores: [`${text}, Ana`, 'Smith, John'],
        tipo: 'documento',
        userMeta: {},
        searchKey: `raro ${i}`,
      });
      await updateDocument(deps.db, id, { detalles: { contenedor: `Revista ${text}`, volumen: String(i) } });
    }
    await insertDocument(deps.db, {
      id: 'enlaces00000',
      userId,
      titulo: 'Enlaces raros',
      autores: ['Enlace, Ana'],
      tipo: 'documento',
      userMeta: {},
      searchKey: 'enlaces',
    });
    await updateDocument(deps.db, 'enlaces00000', {
      doi: '10.1000/x{y',
      detalles: { url: 'https://example.org/a}b?c={d' },
    });

    const bib = await (await api('/documentos?formato=bibtex', {}, odd)).text();
    const items = new Cite(bib).data as CSL[];
    expect(items).toHaveLength(ODD_TEXTS.length + 1);
    for (const [i, text] of ODD_TEXTS.entries()) {
      const item = items.find((it) => String(it.volume) === String(i));
      expect(item, text).toBeDefined();
      expect(item!.title, text).toBe(carried(text));
      expect(item!['container-title'], text).toBe(carried(`Revista ${text}`));
      const names = (item!.author ?? []).map((a) => Object.values(a).join(' ')).join(' ');
      expect(letters(names), text).toBe(letters(`${text} Ana Smith John`));
    }
    const links = items.find((it) => it.title === 'Enlaces raros')!;
    expect(decodeURIComponent(links.DOI!)).toBe('10.1000/x{y');
    expect(decodeURIComponent(links.URL!)).toBe('https://example.org/a}b?c={d');
  });
});
