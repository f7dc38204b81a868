import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;
const ids: Record<string, string> = {};

async function add(nombre: string, texto: string, query = '') {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
    method: 'POST',
    body: texto,
    headers: auth(key, { 'Content-Type': 'text/plain' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

const para = (s: string) => `${s} `.repeat(3).trim();

beforeAll(async () => {
  key = await ctx.server.key('busca@example.org');
  ids.cenotes = await add(
    'cenotes.md',
    `# Cenotes de Yucatán\n\n${para('El acuífero kárstico corre bajo la península y aflora en los cenotes.')}\n\n## Calidad del agua\n\n${para('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.')}`,
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021&biblioteca=tesis',
  );
  ids.water = await add(
    'water.md',
    `# Groundwater in karst\n\n${para('Karst aquifers carry waters quickly; nitrate pollution spreads through the caves.')}`,
    '&titulo=Groundwater%20in%20karst&autores=Smith,%20John&anio=2018',
  );
  ids.otro = await add(
    'otro.txt',
    para('Un texto sobre la historia del teatro y la música barroca.'),
    '&biblioteca=ocio',
  );
});

const search = (q: string, extra = '', h: Record<string, string> = {}) =>
  ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent(q)}${extra}`, { headers: auth(key, h) });

describe('GET /buscar', () => {
  it('finds a passage by stem and without accents, with citation, locator and link from its anchor', async () => {
    const res = await search('nitrato Homun');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-folio-semantico')).toBe('no disponible');
    const body = await res.json();
    expect(body.consulta).toBe('nitrato Homun');
    expect(typeof body.ms).toBe('number');
    const top = body.pasajes[0];
    expect(top.id).toMatch(new RegExp(`^${ids.cenotes}:\\d+$`));
    expect(top.texto).toContain('44.9 mg/L');
    expect(top.ancla).toMatchObject({ tipo: 'seccion', ruta: ['Cenotes de Yucatán', 'Calidad del agua'], parrafo: 1 });
    expect(top.localizador).toBe('Calidad del agua, párr. 1');
    expect(top.cita).toBe('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
    expect(top.enlace).toMatch(new RegExp(`^http://folio.test/leer/${ids.cenotes}\\?parrafo=1&u=\\d+$`));
    expect(top.documento).toEqual({
      id: ids.cenotes,
      titulo: 'Cenotes de Yucatán',
      autores: ['Pérez Canul, Lucía'],
      anio: 2021,
    });
    expect(top.puntuacion).toBeGreaterThan(0);
    expect(top.puntuacion).toBeLessThanOrEqual(1);
  });

  it('ranks the document whose title was typed first', async () => {
    // 'karst' is in both documents' text (karst aquifers, acuífero kárstico); only one is titled so.
    const body = await (await search('Groundwater in karst')).json();
    expect(body.pasajes[0].documento.id).toBe(ids.water);
    const es = await (await search('cenotes de yucatan')).json();
    expect(es.pasajes[0].documento.id).toBe(ids.cenotes);
  });

  it('stems English too', async () => {
    const body = await (await search('water nitrates')).json();
    expect(body.pasajes[0].documento.id).toBe(ids.water);
  });

  it('matches a quoted phrase literally and only literally', async () => {
    const hit = await (await search('"el acuífero kárstico"')).json();
    expect(hit.pasajes).toHaveLength(1);
    expect(hit.pasajes[0].texto).toContain('El acuífero kárstico');
    const spaced = await (await search('"EL   ACUÍFERO kárstico" península')).json();
    expect(spaced.pasajes).toHaveLength(1);
    const reordered = await (await search('"kárstico acuífero"')).json();
    expect(reordered.pasajes).toHaveLength(0);
  });

  it('restricts to documents (repeatable or comma-separated) and to a biblioteca', async () => {
    const one = await (await search('agua nitratos teatro', `&documento=${ids.otro}`)).json();
    expect(one.pasajes.map((p: { documento: { id: string } }) => p.documento.id)).toEqual([ids.otro]);
    const both = await (await search('nitratos nitrate', `&documento=${ids.cenotes},${ids.water}`)).json();
    expect(new Set(both.pasajes.map((p: { documento: { id: string } }) => p.documento.id))).toEqual(
      new Set([ids.cenotes, ids.water]),
    );
    const repeated = await (
      await search('nitratos nitrate', `&documento=${ids.cenotes}&documento=${ids.water}`)
    ).json();
    expect(repeated.pasajes.length).toBe(both.pasajes.length);
    const tesis = await (await search('nitratos nitrate teatro', '&biblioteca=tesis')).json();
    expect(new Set(tesis.pasajes.map((p: { documento: { id: string } }) => p.documento.id))).toEqual(
      new Set([ids.cenotes]),
    );
  });

  it('restricts by type and by year or range of years (extensions), the same in a JSON body', async () => {
    const docsOf = async (res: Response) =>
      new Set(((await res.json()) as { pasajes: { documento: { id: string } }[] }).pasajes.map((p) => p.documento.id));
    const q = 'nitratos nitrate teatro';
    expect(await docsOf(await search(q, '&anio=2018'))).toEqual(new Set([ids.water]));
    // A range, in any order; a document without a year is never in one.
    expect(await docsOf(await search(q, `&anio=${encodeURIComponent('2022 – 2015')}`))).toEqual(
      new Set([ids.cenotes, ids.water]),
    );
    expect(await docsOf(await search(q, '&tipo=pdf'))).toEqual(new Set());
    expect(await docsOf(await search(q, '&tipo=pdf&tipo=documento&anio=2021'))).toEqual(new Set([ids.cenotes]));
    const bad = await search(q, '&anio=dos%20mil');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.detalles.campo).toBe('anio');
    const post = await ctx.server.request('/api/v1/buscar', {
      method: 'POST',
      headers: auth(key, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ q, tipos: ['documento'], anio: '2018' }),
    });
    expect(await docsOf(post)).toEqual(new Set([ids.water]));
  });

  it('honours k, refuses k over 50 and a missing q, naming the field', async () => {
    const k1 = await (await search('nitratos nitrate agua water', '&k=1')).json();
    expect(k1.pasajes).toHaveLength(1);
    const over = await search('agua', '&k=51');
    expect(over.status).toBe(400);
    expect((await over.json()).error.detalles.campo).toBe('k');
    const none = await ctx.server.request('/api/v1/buscar', { headers: auth(key) });
    expect((await none.json()).error.detalles.campo).toBe('q');
  });

  it("answers nothing found plainly, and never another user's passages", async () => {
    expect((await (await search('zarzuela')).json()).pasajes).toEqual([]);
    const other = await ctx.server.key('otra@example.org');
    const res = await ctx.server.request(`/api/v1/buscar?q=nitratos`, { headers: auth(other) });
    expect((await res.json()).pasajes).toEqual([]);
  });

  it('answers Markdown', async () => {
    const md = await (await search('nitratos', '&formato=markdown')).text();
    expect(md).toContain('# Resultados para «nitratos»');
    expect(md).toContain('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
  });
});

describe('passages read from images', () => {
  it('finds the OCR text of an image and marks it visual; text passages are not', async () => {
    const png = await readFile(path.join(REPO_ROOT, 'test/fixtures/ocr/texto-es.png'));
    const res = await ctx.server.request('/api/v1/documentos?nombre=foto.png', {
      method: 'POST',
      body: png,
      headers: auth(key, { 'Content-Type': 'image/png' }),
    });
    expect(res.status).toBe(201);
    const imageId = (await res.json()).id as string;
    const body = await (await search('superficiales lluvias')).json();
    const top = body.pasajes[0];
    expect(top.documento.id).toBe(imageId);
    expect(top.ancla).toEqual({ tipo: 'imagen' });
    expect(top.visual).toBe(true);
    // The whole image is the place: the locator says so, in the citation too, and the link opens that unit.
    expect(top.localizador).toBe('imagen');
    expect(top.cita).toBe('(foto, s. f., imagen)');
    expect(top.enlace).toBe(`http://folio.test/leer/${imageId}?u=1`);
    const text = await (await search('nitratos Homún', `&documentos=${ids.cenotes}`)).json();
    expect(text.pasajes[0].visual).toBeUndefined();
    const md = await (await search('superficiales lluvias', '&formato=markdown')).text();
    expect(md).toContain('(texto leído de una imagen)');
    expect(md).toContain('(foto, s. f., imagen)');
  });
});

describe('POST /buscar', () => {
  it('takes the same search as a JSON body', async () => {
    const res = await ctx.server.request('/api/v1/buscar', {
      method: 'POST',
      body: JSON.stringify({ q: 'nitratos', k: 2, documentos: [ids.cenotes] }),
      headers: auth(key, { 'Content-Type': 'application/json' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pasajes.length).toBeGreaterThan(0);
    expect(body.pasajes.every((p: { documento: { id: string } }) => p.documento.id === ids.cenotes)).toBe(true);
  });
});

describe('GET /buscar, a quoted phrase of stopwords only (issue 33)', () => {
  it('is matched literally, never a 500', async () => {
    const id = await add('hamlet.txt', para('To be or not to be, that is the question. And so is this one.'));
    for (const q of ['"And so is this"', '"to be or not to be"', '"is"', '"the of"', '"de la"']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
    }
    const found = await (await search('"And so is this"')).json();
    expect(found.pasajes.map((p: { documento: { id: string } }) => p.documento.id)).toEqual([id]);
    expect(found.pasajes[0].texto).toContain('And so is this');
    const hamlet = await (await search('"to be or not to be"')).json();
    expect(hamlet.pasajes[0].documento.id).toBe(id);
    expect((await (await search('"the of"')).json()).pasajes).toEqual([]);
    // With a filter and with a free word beside the phrase too.
    expect((await search('"and so is this"', '&anio_desde=1900')).status).toBe(200);
    const mixed = await (await search('question "and so is this"')).json();
    expect(mixed.pasajes[0].documento.id).toBe(id);
  });
});

describe('GET /buscar, odd queries', () => {
  it('answers each without a 500', async () => {
    const odd = [
      '""',
      '"',
      '" "',
      '"a"',
      '***',
      '"-"',
      "'",
      '\\',
      '"the" "of"',
      '"é"',
      '"to" be',
      '"1 2 3"',
      '😀',
      '"😀"',
      'a'.repeat(500),
      '"%_"',
      '"(.*)"',
      '"$1"',
    ];
    for (const q of odd) {
      const res = await search(q);
      expect(res.status, q).toBeLessThan(500);
    }
  });
});
