import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passagesOf, piecesOf, startChatServer, type ChatRequest } from '../ai/testing/chat-server';
import { NOTHING_FOUND } from '../services/ask';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';
import { parseSse } from '../testing/sse';

// A real OpenAI-compatible endpoint on 127.0.0.1 is the writer; the real openai client talks to it.
const llm = await startChatServer();
afterAll(() => llm.close());
const ctx = useTestServer({
  llm: { baseUrl: llm.baseUrl, apiKey: 'clave-llm', model: 'modelo-prueba', timeoutMs: 2000 },
});
let key: string;
const ids: Record<string, string> = {};

async function add(nombre: string, texto: string, query = '', k = key) {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${nombre}${query}`, {
    method: 'POST',
    body: texto,
    headers: auth(k, { 'Content-Type': 'text/plain' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}

const ask = (body: Record<string, unknown>, k = key, headers: Record<string, string> = {}) =>
  ctx.server.request('/api/v1/preguntar', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: auth(k, { 'Content-Type': 'application/json', ...headers }),
  });

const HOMUN = 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';
const FARM = 'La granja porcina vecina vierte sus residuos sin tratar.';
const KARST = 'Nitrate pollution from farms spreads through karst aquifers within days.';
const QUESTION = '¿Qué se sabe de los nitratos en Homún y en los acuíferos kársticos?';

/** The number under which the writer was given the passage holding `text`. */
function numberOf(request: ChatRequest, text: string): number {
  for (const [n, texto] of passagesOf(request)) if (texto.includes(text)) return n;
  throw new Error(`no passage with ${text}`);
}

beforeAll(async () => {
  key = await ctx.server.key('llm@example.org');
  ids.cenotes = await add(
    'cenotes.md',
    `# Calidad del agua\n\n${HOMUN} ${FARM} Los pozos de la zona no tienen vigilancia sanitaria.`,
    '&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021',
  );
  const form = new FormData();
  const csv = path.join(REPO_ROOT, 'test/fixtures/office/calidad-agua.csv');
  form.append('archivo', new Blob([fs.readFileSync(csv)]), 'calidad-agua.csv');
  const sheet = await ctx.server.request('/api/v1/documentos?esperar=60', {
    method: 'POST',
    body: form,
    headers: auth(key),
  });
  ids.csv = (await sheet.json()).id;
  ids.water = await add(
    'water.md',
    `# Groundwater in karst\n\nKarst aquifers carry water quickly through caves. ${KARST}`,
    '&titulo=Groundwater%20in%20karst&autores=Smith,%20John&anio=2018',
  );
});

beforeEach(() => {
  llm.requests.length = 0;
});

describe('POST /preguntar with a language model', () => {
  it('rejects footnotes to passages it was not given, and sentences their passage does not back', async () => {
    llm.handle((req) => {
      const n = numberOf(req, HOMUN);
      return {
        text:
          `Según el estudio, ${HOMUN.replace('En Homún', 'en Homún')}[^${n}] ` +
          // True, but its footnote names a passage the writer was not given: its only support falls.
          `${FARM}[^${passagesOf(req).size + 4}] ` +
          // Cites a real passage that does not say it.
          `El agua de Homún es potable y segura desde 1950.[^${n}]`,
      };
    });
    const res = await ask({ pregunta: QUESTION, k: 3 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(passagesOf(llm.requests[0]!).size).toBeLessThanOrEqual(3);
    const [text, definitions] = body.respuesta.split('\n\n');
    expect(text).toBe(`Según el estudio, ${HOMUN.replace('En Homún', 'en Homún')}[^1]`);
    expect(body.respuesta).not.toContain('granja');
    expect(body.respuesta).not.toContain('potable');
    expect(body.fuentes).toHaveLength(1);
    expect(body.fuentes[0]).toMatchObject({ n: 1, documento: { id: ids.cenotes } });
    expect(body.fuentes[0].texto).toContain(HOMUN);
    expect(definitions).toBe(
      `[^1]: ${body.fuentes[0].cita} — [${body.fuentes[0].localizador}](${body.fuentes[0].enlace})`,
    );
    // Two of three sentences fell: what stands is checked, but the answer is not all the writer meant.
    expect(body.confianza).toBe('media');
  });

  it('renumbers the standing footnotes 1..n in order of first citation', async () => {
    llm.handle((req) => {
      const water = numberOf(req, KARST);
      const homun = numberOf(req, HOMUN);
      return { text: `${KARST}[^${water}] ${HOMUN}[^${homun}] ${HOMUN.slice(0, -1)}, según Pérez.[^${homun}]` };
    });
    const body = await (await ask({ pregunta: QUESTION })).json();
    expect(body.respuesta.startsWith(`${KARST}[^1] ${HOMUN}[^2]`)).toBe(true);
    expect(body.fuentes.map((f: { n: number; documento: { id: string } }) => [f.n, f.documento.id])).toEqual([
      [1, ids.water],
      [2, ids.cenotes],
    ]);
    expect(body.confianza).toBe('alta');
  });

  it('gives alta only when every sentence is about what the question names, not only backed', async () => {
    const pregunta = '¿Qué concentración de nitratos alcanzó Homún en 2019?';
    llm.handle((req) => ({ text: `${HOMUN}[^${numberOf(req, HOMUN)}]` }));
    expect((await (await ask({ pregunta })).json()).confianza).toBe('alta');
    // The second sentence is backed by its passage, but says nothing of Homún or 2019.
    llm.handle((req) => ({ text: `${HOMUN}[^${numberOf(req, HOMUN)}] ${KARST}[^${numberOf(req, KARST)}]` }));
    const body = await (await ask({ pregunta })).json();
    expect(body.respuesta).toContain(KARST);
    expect(body.confianza).toBe('media');
  });

  it('never lets a sentence out without its footnote: a row glued after a footnote is its own sentence', async () => {
    // What the user saw: the sheet's row written after the sentence's footnote, starting in lower case, was
    // read as the same sentence; the sentence's footnote fell against the glued claim and it went out bare.
    const ROW = 'municipio: Cuzamá; nitratos: 38.2; fecha: 2019-05-03';
    llm.handle((req) => ({ text: `${HOMUN}[^${numberOf(req, HOMUN)}] ${ROW}[^${numberOf(req, ROW)}]` }));
    const body = await (await ask({ pregunta: '¿Qué concentración de nitratos se midió en Homún?' })).json();
    const [text] = body.respuesta.split('\n\n');
    expect(text).toBe(`${HOMUN}[^1] ${ROW}[^2]`);
    expect(body.fuentes.map((f: { documento: { id: string } }) => f.documento.id)).toEqual([ids.cenotes, ids.csv]);
    // The source is the row the sentence copies (Cuzamá, row 3), not the first row of its passage.
    expect(body.fuentes[1].ancla).toMatchObject({ tipo: 'hoja', filaDesde: 3, filaHasta: 3 });
    expect(body.fuentes[1].texto).toBe(ROW);
    expect(body.confianza).toBe('alta');
    // Checked, and released, as two sentences: each judged against its own footnote's passage only.
    const events = parseSse(await (await ask({ pregunta: 'nitratos Homún Cuzamá', stream: true })).text());
    const deltas = events.filter((e) => e.event === 'texto').map((e) => e.data.texto);
    expect(deltas.slice(0, 2)).toEqual([`${HOMUN}[^1]`, ` ${ROW}[^2]`]);
  });

  it('checks the words after the last footnote and lines glued into a sentence on their own', async () => {
    llm.handle((req) => {
      const n = numberOf(req, HOMUN);
      return {
        text:
          `${HOMUN.slice(0, -1)}[^${n}], y el agua de Homún es potable desde 1950.\n` +
          `Los cenotes curan todas las enfermedades.\n${FARM}`,
      };
    });
    const body = await (await ask({ pregunta: QUESTION })).json();
    const [text] = body.respuesta.split('\n\n');
    // The unbacked clause and line fall; the backed line without a footnote gets its passage's.
    expect(text).toBe(`${HOMUN.slice(0, -1)}[^1]\n${FARM}[^1]`);
    expect(body.confianza).toBe('media');
  });

  it('streams checked sentences only: pasajes, texto, fuente after its first citation, fin', async () => {
    llm.handle((req) => {
      const n = numberOf(req, HOMUN);
      const text = `${HOMUN}[^${n}] Los cenotes curan todas las enfermedades.[^${n}]\n\n${KARST}[^${numberOf(req, KARST)}]`;
      return { text, pieces: piecesOf(text, 3) };
    });
    const res = await ask({ pregunta: QUESTION, stream: true });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual(['pasajes', 'texto', 'fuente', 'texto', 'fuente', 'texto', 'fin']);
    const fin = events.at(-1)!.data;
    expect(events[0]!.data.pasajes.length).toBe(passagesOf(llm.requests[0]!).size);
    const deltas = events.filter((e) => e.event === 'texto').map((e) => e.data.texto);
    expect(deltas.slice(0, 2)).toEqual([`${HOMUN}[^1]`, `\n\n${KARST}[^2]`]);
    expect(deltas.join('')).toBe(fin.respuesta);
    expect(fin.respuesta).not.toContain('enfermedades');
    expect(events.filter((e) => e.event === 'fuente').map((e) => e.data)).toEqual(fin.fuentes);
  });

  it('says nothing was found when the model finds no answer in the passages', async () => {
    llm.handle(() => ({ text: 'Los pasajes no responden a esta pregunta.' }));
    const body = await (await ask({ pregunta: '¿Qué dicen de la vigilancia de los pozos en Mérida?' })).json();
    expect(body).toMatchObject({ respuesta: NOTHING_FOUND.es, fuentes: [], confianza: 'baja' });
  });

  it('does not call the model when the library has nothing, and never shows it another user’s passages', async () => {
    llm.handle(() => ({ text: 'No.' }));
    const none = await (await ask({ pregunta: '¿Qué opinaba Cervantes de la zarzuela?' })).json();
    expect(none.respuesta).toBe(NOTHING_FOUND.es);
    expect(llm.requests).toHaveLength(0);

    const other = await ctx.server.key('otra-llm@example.org');
    await add('propio.txt', 'Los nitratos del huerto de Ana subieron tras el abono de 2022.', '', other);
    llm.handle(() => ({ text: 'Nada.' }));
    await ask({ pregunta: '¿Qué pasó con los nitratos en Homún?' }, other);
    const prompt = llm.requests[0]!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('huerto de Ana');
    expect(prompt).not.toContain('Homún la concentración');
  });

  it('retries a failing provider, then answers 502 proveedor_fallo in the error shape', async () => {
    llm.handle(() => ({ status: 503, headers: { 'retry-after-ms': '1' } }));
    const res = await ask({ pregunta: QUESTION });
    expect(res.status).toBe(502);
    expect(llm.requests).toHaveLength(4);
    const { error } = await res.json();
    expect(error).toMatchObject({ codigo: 'proveedor_fallo', estado: 502, detalles: { proveedor: 'escritor' } });
    expect(error.mensaje).toContain('HTTP 503');
    expect(error.message).toContain('HTTP 503');
    expect(error.documentacion).toBe('http://folio.test/api/v1/llms.txt#proveedor_fallo');
    expect(JSON.stringify(error)).not.toContain('127.0.0.1');

    const stream = parseSse(await (await ask({ pregunta: QUESTION, stream: true })).text());
    expect(stream.map((e) => e.event)).toEqual(['pasajes', 'error']);
    expect(stream[1]!.data.error).toMatchObject({ codigo: 'proveedor_fallo', estado: 502 });
  });

  it('bounds a provider that never answers', async () => {
    llm.handle(() => ({ hang: true }));
    const started = Date.now();
    const res = await ask({ pregunta: QUESTION });
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(6000);
    expect((await res.json()).error.mensaje).toContain('a tiempo');
  });

  it('/health names the model and its endpoint', async () => {
    const health = await (await ctx.server.request('/health')).json();
    expect(health.motores.escritor).toBe(`modelo-prueba en ${llm.baseUrl}`);
  });
});
