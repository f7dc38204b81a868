import { beforeAll, describe, expect, it } from 'vitest';
import { EXTRACTIVE_WRITER } from '../ask/extractive-writer';
import { NOTHING_FOUND } from '../services/ask';
import { auth, useTestServer } from '../testing/harness';
import { parseSse } from '../testing/sse';

// No FOLIO_LLM_URL: the extractive writer answers, checked by the support scorer this machine has.
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

const ask = (body: Record<string, unknown>, query = '', headers: Record<string, string> = {}, k = key) =>
  ctx.server.request(`/api/v1/preguntar${query}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: auth(k, { 'Content-Type': 'application/json', ...headers }),
  });

const NITRATES = '¿Qué concentración de nitratos se midió en Homún?';

beforeAll(async () => {
  key = await ctx.server.key('pregunta@example.org');
  ids.cenotes = await add(
    'cenotes.md',
    '# Cenotes de Yucatán\n\nEl acuífero kárstico corre bajo la península y aflora en los cenotes. ' +
      'Los cenotes son la única fuente de agua dulce de muchos pueblos.\n\n## Calidad del agua\n\n' +
      'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019. La granja porcina vecina vierte ' +
      'sus residuos sin tratar. Los pozos de la zona no tienen vigilancia sanitaria.',
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021&biblioteca=tesis',
  );
  ids.water = await add(
    'water.md',
    '# Groundwater in karst\n\nKarst aquifers carry water quickly through caves. Nitrate pollution from farms ' +
      'spreads through karst aquifers within days.',
    '&titulo=Groundwater%20in%20karst&autores=Smith,%20John&anio=2018',
  );
  ids.otro = await add(
    'otro.txt',
    'Un texto sobre la historia del teatro y la música barroca en Sevilla.',
    '&biblioteca=ocio',
  );
});

describe('POST /preguntar with the extractive writer', () => {
  it('answers from the library with checked footnotes whose sources come from the stored anchors', async () => {
    const res = await ask({ pregunta: NITRATES });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pregunta).toBe(NITRATES);
    expect(typeof body.ms).toBe('number');
    const [text, definitions] = body.respuesta.split('\n\n');
    expect(text).toContain('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.[^1]');
    expect(body.fuentes.length).toBeGreaterThanOrEqual(1);
    // Every footnote in the text has its source and its definition, numbered 1..n by first citation.
    const cited = [...new Set([...text.matchAll(/\[\^(\d+)\]/g)].map((m) => Number(m[1])))];
    expect(cited).toEqual(body.fuentes.map((_: unknown, i: number) => i + 1));
    expect(body.fuentes.map((f: { n: number }) => f.n)).toEqual(cited);
    const top = body.fuentes[0];
    expect(definitions.split('\n')[0]).toBe(`[^1]: ${top.cita} — [${top.localizador}](${top.enlace})`);
    // The source is the passage exactly as search returns it: literal text, citation, locator and link.
    const search = await ctx.server.request('/api/v1/buscar', {
      method: 'POST',
      body: JSON.stringify({ q: 'nitratos Homún', documentos: [ids.cenotes] }),
      headers: auth(key, { 'Content-Type': 'application/json' }),
    });
    const passage = (await search.json()).pasajes.find((p: { id: string }) => p.id === top.id);
    expect(passage).toBeDefined();
    const { puntuacion: _a, ...fromSearch } = passage;
    const { n, puntuacion: _b, ...source } = top;
    expect(n).toBe(1);
    expect(source).toEqual(fromSearch);
    expect(top.cita).toBe('(Pérez Canul, 2021, Calidad del agua, párr. 1)');
    expect(body.confianza).toBe('alta');
  });

  it('says plainly that nothing was found, in the language of the question, with baja', async () => {
    const es = await (await ask({ pregunta: '¿Qué opinaba Cervantes de la zarzuela?' })).json();
    expect(es).toMatchObject({ respuesta: NOTHING_FOUND.es, fuentes: [], confianza: 'baja' });
    const en = await (await ask({ pregunta: 'What did Cervantes think of operetta?' })).json();
    expect(en).toMatchObject({ respuesta: NOTHING_FOUND.en, fuentes: [], confianza: 'baja' });
  });

  it('does not answer from passages that only share a word with the question', async () => {
    const body = await (
      await ask({ pregunta: '¿Qué instrumentos tocaba Bach en la música barroca de Leipzig?' })
    ).json();
    expect(body.fuentes.every((f: { documento: { id: string } }) => f.documento.id === ids.otro)).toBe(true);
    expect(body.confianza).not.toBe('alta');
  });

  it("never uses another user's passages", async () => {
    const other = await ctx.server.key('otro@example.org');
    const res = await ask({ pregunta: NITRATES, stream: true }, '', {}, other);
    const events = parseSse(await res.text());
    expect(events[0]).toEqual({ event: 'pasajes', data: { pasajes: [] } });
    expect(events.at(-1)!.data).toMatchObject({ respuesta: NOTHING_FOUND.es, fuentes: [], confianza: 'baja' });
  });

  it('restricts to documentos and biblioteca', async () => {
    const only = await (await ask({ pregunta: 'nitrate pollution karst aquifers', documentos: [ids.water] })).json();
    expect(only.fuentes.length).toBeGreaterThan(0);
    expect(only.fuentes.every((f: { documento: { id: string } }) => f.documento.id === ids.water)).toBe(true);
    const ocio = await (await ask({ pregunta: NITRATES, biblioteca: 'ocio' })).json();
    expect(ocio.respuesta).toBe(NOTHING_FOUND.es);
  });

  it('refuses k above 12 naming the field, and a missing pregunta', async () => {
    const over = await ask({ pregunta: NITRATES, k: 13 });
    expect(over.status).toBe(400);
    const error = (await over.json()).error;
    expect(error).toMatchObject({ codigo: 'peticion_invalida', estado: 400, detalles: { campo: 'k' } });
    expect(error.mensaje).toContain("'k'");
    const none = await ask({ k: 3 });
    expect((await none.json()).error.detalles.campo).toBe('pregunta');
  });

  it('answers Markdown: the answer with its definitions, then the sources under the confidence', async () => {
    const res = await ask({ pregunta: NITRATES }, '?formato=markdown');
    expect(res.headers.get('content-type')).toContain('text/markdown');
    const md = await res.text();
    expect(md).toMatch(/^En Homún la concentración de nitratos alcanzó 44\.9 mg\/L en 2019\.\[\^1\]/);
    expect(md).toContain('\n\n[^1]: (Pérez Canul, 2021, Calidad del agua, párr. 1) — [Calidad del agua, párr. 1](');
    expect(md).toContain('\n\n## Fuentes (confianza: alta)\n\n1. > En Homún la concentración de nitratos');
    const viaAccept = await ask({ pregunta: NITRATES }, '', { Accept: 'text/markdown' });
    expect(await viaAccept.text()).toBe(md);
  });

  it('streams server-sent events: pasajes, texto deltas, each fuente after it is first cited, fin', async () => {
    for (const request of [
      ask({ pregunta: NITRATES, stream: true }),
      ask({ pregunta: NITRATES }, '', { Accept: 'text/event-stream' }),
    ]) {
      const res = await request;
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const events = parseSse(await res.text());
      const names = events.map((e) => e.event);
      expect(names[0]).toBe('pasajes');
      expect(names.at(-1)).toBe('fin');
      expect(names.filter((n) => n === 'pasajes' || n === 'fin')).toHaveLength(2);
      expect(new Set(names.slice(1, -1))).toEqual(new Set(['texto', 'fuente']));
      const fin = events.at(-1)!.data;
      expect(events[0]!.data.pasajes.length).toBeGreaterThanOrEqual(fin.fuentes.length);
      // The deltas joined are the answer; sources come in footnote order, each after the text citing it.
      let text = '';
      const fuentes = [];
      for (const e of events.slice(1, -1)) {
        if (e.event === 'texto') text += e.data.texto;
        else {
          expect(text).toContain(`[^${e.data.n}]`);
          fuentes.push(e.data);
        }
      }
      expect(text).toBe(fin.respuesta);
      expect(fuentes).toEqual(fin.fuentes);
      expect(fin.fuentes[0].texto).toContain('44.9 mg/L');
    }
    const json = await ask({ pregunta: NITRATES, stream: false }, '', { Accept: 'text/event-stream' });
    expect(json.headers.get('content-type')).toContain('application/json');
  });

  it('k limits the passages given to the writer', async () => {
    const events = parseSse(await (await ask({ pregunta: 'agua nitratos acuífero', k: 1, stream: true })).text());
    expect(events[0]!.data.pasajes).toHaveLength(1);
    expect(events.at(-1)!.data.fuentes.length).toBeLessThanOrEqual(1);
  });

  it('documents the three forms, the event payloads and 502 in OpenAPI', async () => {
    const doc = await (await ctx.server.request('/api/v1/openapi.json')).json();
    const op = doc.paths['/preguntar'].post;
    expect(Object.keys(op.responses['200'].content)).toEqual([
      'application/json',
      'text/markdown',
      'text/event-stream',
    ]);
    expect(op.responses['502']).toBeDefined();
    expect(op.responses['501']).toBeUndefined();
    const events = doc.components.schemas.EventoPreguntar;
    expect(events.oneOf.map((e: { properties: { event: { enum: string[] } } }) => e.properties.event.enum[0])).toEqual([
      'pasajes',
      'texto',
      'fuente',
      'fin',
      'error',
    ]);
    expect(doc.components.schemas.EventoTexto.properties.texto).toBeDefined();
  });

  it('/health names the extractive writer', async () => {
    const health = await (await ctx.server.request('/health')).json();
    expect(health.motores.escritor).toContain(EXTRACTIVE_WRITER);
    expect(health.motores.escritor).toContain('FOLIO_LLM_URL');
  });
});
