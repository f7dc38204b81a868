import { beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_FOUND } from '../../services/ask';
import { setPassword } from '../../services/accounts/set-password';
import { auth, useTestServer } from '../../testing/harness';
import { parseSse } from '../../testing/sse';
import { WebClient } from '../../testing/web-client';

// No FOLIO_LLM_URL: the extractive writer answers, checked by the support scorer, as in http/ask.int.test.ts.
const t = useTestServer();
const PASSWORD = 'preguntas con una frase larga';
const NITRATES = '¿Qué concentración de nitratos se midió en Homún?';
let key: string;
let cenotes: string;

async function signedIn(email: string) {
  await setPassword(t.server.runtime.deps.db, email, PASSWORD);
  const web = new WebClient(t.server);
  await web.signIn(email, PASSWORD);
  await web.page('/preguntar');
  return web;
}

beforeAll(async () => {
  key = await t.server.key('lectora@example.org');
  const res = await t.server.request(
    '/api/v1/documentos?nombre=cenotes.md&titulo=Cenotes%20de%20Yucat%C3%A1n&autores=P%C3%A9rez%20Canul,%20Luc%C3%ADa&anio=2021',
    {
      method: 'POST',
      body:
        '# Cenotes de Yucatán\n\nEl acuífero kárstico corre bajo la península y aflora en los cenotes. ' +
        'Los cenotes son la única fuente de agua dulce de muchos pueblos.\n\n## Calidad del agua\n\n' +
        'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019. La granja porcina vecina vierte ' +
        'sus residuos sin tratar.',
      headers: auth(key, { 'Content-Type': 'text/plain' }),
    },
  );
  expect(res.status).toBe(201);
  cenotes = (await res.json()).id;
});

describe('Ask page', () => {
  it('shows the question form with the streaming endpoint, and sends a visitor to sign in', async () => {
    const visitor = new WebClient(t.server);
    const away = await visitor.page('/preguntar');
    expect(away.res.status).toBe(302);
    expect(away.res.headers.get('location')).toBe('/entrar?siguiente=%2Fpreguntar');

    const web = await signedIn('lectora@example.org');
    const { res, text } = await web.page('/preguntar');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(text).toContain('<h1>Preguntar</h1>');
    expect(text).toContain('data-flujo="/preguntar/flujo"');
    expect(text).toContain('src="/web/ask.js"');
    expect(text).toContain('href="/web/ask.css"');
    expect(text).toMatch(/<a href="\/preguntar" aria-current="page">/);
    const en = await web.page('/preguntar?lang=en');
    expect(en.text).toContain('<h1>Ask</h1>');
    expect(en.text).toContain('Question');
  });

  it('answers a posted question without scripts: footnotes link to the reader, sources and confidence shown', async () => {
    const web = await signedIn('lectora@example.org');
    const { res, text } = await web.post('/preguntar', { pregunta: NITRATES });
    expect(res.status).toBe(200);
    expect(text).toContain('En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.');
    // The footnote is a link to the reader at the cited place: the source's `enlace`, from the stored anchor.
    const footnote =
      /<sup class="nota"\s*><a href="([^"]+)" aria-label="Nota 1: ([^"]+)" data-n="1">1<\/a><\/sup\s*>/.exec(text);
    expect(footnote).not.toBeNull();
    const enlace = footnote![1]!.replaceAll('&amp;', '&');
    expect(enlace).toContain(`/leer/${cenotes}`);
    expect(footnote![2]).toContain('Pérez Canul, 2021');
    const reader = await web.page(new URL(enlace).pathname + new URL(enlace).search);
    expect(reader.res.status).toBe(200);
    // The sources list, the confidence in words, no raw footnote definitions in the answer.
    expect(text).toContain('<li id="fuente-1" value="1">');
    expect(text).toContain('Calidad del agua');
    expect(text).toMatch(/Confianza (alta|media)/);
    expect(text).not.toMatch(/\[\^1\]:/);
    expect(text).toMatch(/id="nada" class="warning" hidden/);
  });

  it('streams the same events as the API under the session and its token', async () => {
    const web = await signedIn('lectora@example.org');
    const res = await web.request('/preguntar/flujo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': web.lastCsrf! },
      body: JSON.stringify({ pregunta: NITRATES }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await res.text());
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('pasajes');
    expect(names.at(-1)).toBe('fin');
    // Text arrives before its source, and the source before the end.
    expect(names.indexOf('texto')).toBeLessThan(names.indexOf('fuente'));
    const fin = events.at(-1)!.data;
    expect(fin.fuentes[0].enlace).toContain(`/leer/${cenotes}`);
    expect(
      events
        .filter((e) => e.event === 'texto')
        .map((e) => e.data.texto)
        .join(''),
    ).toBe(fin.respuesta);
  });

  it('says plainly that nothing was found', async () => {
    const web = await signedIn('lectora@example.org');
    const { res, text } = await web.post('/preguntar', { pregunta: '¿Qué opinaba Cervantes de la zarzuela?' });
    expect(res.status).toBe(200);
    expect(text).toContain(NOTHING_FOUND.es);
    expect(text).toContain('No se encontró nada: ningún pasaje de tu biblioteca responde a esta pregunta.');
    expect(text).not.toMatch(/id="nada" class="warning" hidden/);
    expect(text).not.toContain('<li id="fuente-');
  });

  it("never answers from another user's documents", async () => {
    const web = await signedIn('ajena@example.org');
    const { text } = await web.post('/preguntar', { pregunta: NITRATES });
    expect(text).toContain(NOTHING_FOUND.es);
    expect(text).not.toContain(cenotes);
    const res = await web.request('/preguntar/flujo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': web.lastCsrf! },
      body: JSON.stringify({ pregunta: NITRATES }),
    });
    const fin = parseSse(await res.text()).at(-1)!;
    expect(fin.data).toMatchObject({ fuentes: [], confianza: 'baja' });
  });

  it('refuses bad input with a message on the page, never a 500', async () => {
    const web = await signedIn('lectora@example.org');
    const empty = await web.post('/preguntar', { pregunta: '   ' });
    expect(empty.res.status).toBe(400);
    expect(empty.text).toContain('Escribe una pregunta.');
    const nul = await web.post('/preguntar', { pregunta: 'nitratos\u0000' });
    expect(nul.res.status).toBe(400);
    expect(nul.text).toContain('carácter nulo');
    const long = await web.post('/preguntar', { pregunta: 'x'.repeat(4001) });
    expect(long.res.status).toBe(400);
    expect(long.text).toContain('demasiado larga');
    const stream = await web.request('/preguntar/flujo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': web.lastCsrf! },
      body: JSON.stringify({ pregunta: '' }),
    });
    expect(stream.status).toBe(400);
    expect((await stream.json()).error).toMatchObject({
      codigo: 'peticion_invalida',
      mensaje: 'Escribe una pregunta.',
    });
  });

  it('refuses a post without the CSRF token, or from another site', async () => {
    const web = await signedIn('lectora@example.org');
    const noToken = await web.post('/preguntar', { pregunta: NITRATES, _csrf: '' });
    expect(noToken.res.status).toBe(403);
    expect(noToken.text).toContain('La petición no viene de esta página');
    const crossSite = await web.post('/preguntar', { pregunta: NITRATES }, { origin: 'https://evil.example' });
    expect(crossSite.res.status).toBe(403);
    const stream = await web.request('/preguntar/flujo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ pregunta: NITRATES }),
    });
    expect(stream.status).toBe(403);
    const signedOut = await new WebClient(t.server).request('/preguntar/flujo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ pregunta: NITRATES }),
    });
    expect(signedOut.status).toBe(401);
  });
});
