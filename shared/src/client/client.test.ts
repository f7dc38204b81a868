import { describe, expect, it } from 'vitest';
import type { Documento } from '../contract/documento';
import type { Pasaje } from '../contract/pasaje';
import { ApiError } from './api-error';
import { createClient, type FetchInit, type FetchLike, normalizeServerUrl } from './client';
import { readSse } from './sse';

interface Seen {
  url: string;
  init: FetchInit;
}

/** A fetch that records each request and answers with the next of `answers`. */
function stub(...answers: (Response | (() => Response) | Error)[]) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, init });
    const next = answers.shift();
    if (next === undefined) throw new Error(`unexpected request ${url}`);
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  };
  return { fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const DOC: Documento = {
  id: 'abc123def456',
  titulo: 'Cenotes de Yucatán',
  autores: ['Pérez Canul, Lucía'],
  anio: 2021,
  tipo: 'web',
  estado: 'procesando',
  progreso: 0.4,
  fase: 'conversion',
  unidades: 0,
  creado: '2024-05-01T10:00:00.000Z',
  enlace: 'http://folio.test/leer/abc123def456',
  texto_url: 'http://folio.test/api/v1/documentos/abc123def456/texto',
  progreso_url: 'http://folio.test/api/v1/documentos/abc123def456',
};

const PASAJE: Pasaje = {
  id: 'abc123def456:3',
  documento: { id: 'abc123def456', titulo: 'Cenotes de Yucatán', autores: ['Pérez Canul'], anio: 2021 },
  texto: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.',
  cita: '(Pérez Canul, 2021, p. 3)',
  localizador: 'p. 3',
  ancla: { tipo: 'pagina', fisica: 3, impresa: '3' },
  enlace: 'http://folio.test/leer/abc123def456?pagina=3',
};

const errorBody = (codigo: string, estado: number, mensaje: string) => ({
  error: { codigo, estado, mensaje, message: 'english' },
});

describe('normalizeServerUrl', () => {
  it('keeps the root and drops trailing slashes, /api/v1 and assumes http', () => {
    expect(normalizeServerUrl(' http://127.0.0.1:8787/ ')).toBe('http://127.0.0.1:8787');
    expect(normalizeServerUrl('https://folio.example.org/api/v1/')).toBe('https://folio.example.org');
    expect(normalizeServerUrl('localhost:8787')).toBe('http://localhost:8787');
    expect(normalizeServerUrl('https://example.org/folio/')).toBe('https://example.org/folio');
    expect(() => normalizeServerUrl('ftp://example.org')).toThrow();
    expect(() => normalizeServerUrl('')).toThrow();
  });
});

describe('createClient', () => {
  it('uploads a raw file with its name, origin, title, key and Idempotency-Key', async () => {
    const { fetch, seen } = stub(json(202, DOC));
    const client = createClient({ baseUrl: 'http://folio.test/api/v1', apiKey: 'folio_k', fetch });
    const doc = await client.upload({
      body: '<html><body>Hola</body></html>',
      nombre: 'pagina.html',
      contentType: 'text/html',
      url: 'https://example.org/a?b=1',
      titulo: 'Cenotes de Yucatán',
      idempotencyKey: 'uuid-1',
      esperar: 0,
    });
    expect(doc).toEqual(DOC);
    const [req] = seen;
    const url = new URL(req!.url);
    expect(url.origin + url.pathname).toBe('http://folio.test/api/v1/documentos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      esperar: '0',
      nombre: 'pagina.html',
      url: 'https://example.org/a?b=1',
      titulo: 'Cenotes de Yucatán',
    });
    expect(req!.init.method).toBe('POST');
    expect(req!.init.body).toBe('<html><body>Hola</body></html>');
    expect(req!.init.headers).toMatchObject({
      Authorization: 'Bearer folio_k',
      'Idempotency-Key': 'uuid-1',
      'Content-Type': 'text/html',
    });
  });

  it('sends a bare URL as JSON for the server to fetch', async () => {
    const { fetch, seen } = stub(json(201, { ...DOC, estado: 'listo' }));
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    await client.upload({ url: 'https://example.org/paper.pdf', titulo: 'Paper', autores: 'Eco, Umberto; Kahneman' });
    expect(seen[0]!.init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.init.body as string)).toEqual({
      url: 'https://example.org/paper.pdf',
      titulo: 'Paper',
      autores: ['Eco, Umberto', 'Kahneman'],
    });
  });

  it('sends a correction as PATCH with a JSON body and reads back the document', async () => {
    const corrected = { ...DOC, estado: 'listo', anio: 2020, detalles_bibliograficos: { volumen: '12' } };
    const { fetch, seen } = stub(json(200, corrected));
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    const doc = await client.correct(DOC.id, { anio: 2020, volumen: '12', numero: null });
    expect(doc).toMatchObject({ anio: 2020, detalles_bibliograficos: { volumen: '12' } });
    expect(seen[0]!.url).toBe(`http://folio.test/api/v1/documentos/${DOC.id}`);
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(seen[0]!.init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ anio: 2020, volumen: '12', numero: null });
  });

  it('throws the contract error as one ApiError with estado, codigo, mensaje and Retry-After', async () => {
    const { fetch } = stub(
      json(401, errorBody('no_autenticado', 401, 'La clave de API no es válida o fue revocada.')),
      json(429, errorBody('limite_de_ritmo', 429, 'Demasiadas peticiones.'), { 'Retry-After': '12' }),
    );
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'bad', fetch });
    const unauth = await client.document('x').catch((e: unknown) => e);
    expect(unauth).toBeInstanceOf(ApiError);
    expect(unauth).toMatchObject({
      estado: 401,
      codigo: 'no_autenticado',
      mensaje: 'La clave de API no es válida o fue revocada.',
      retryable: false,
    });
    const limited = await client.search({ q: 'x' }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ estado: 429, codigo: 'limite_de_ritmo', retryAfter: 12, retryable: true });
  });

  it('retries a 409 only when the server says when (the first request with its key still running)', async () => {
    const running = errorBody('conflicto', 409, 'La primera petición con esta Idempotency-Key sigue en curso.');
    const reused = errorBody('conflicto', 409, 'Esta Idempotency-Key ya se usó con una petición distinta.');
    const { fetch } = stub(json(409, running, { 'Retry-After': '5' }), json(409, reused));
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    expect(await client.search({ q: 'x' }).catch((e: unknown) => e)).toMatchObject({
      estado: 409,
      retryAfter: 5,
      retryable: true,
    });
    expect(await client.search({ q: 'x' }).catch((e: unknown) => e)).toMatchObject({ estado: 409, retryable: false });
  });

  it('tells a server that is not Folio (HTML, wrong shape) from one that cannot be reached', async () => {
    const { fetch } = stub(
      new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
      json(200, { status: 'UP' }),
      new TypeError('fetch failed'),
    );
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    await expect(client.list()).rejects.toMatchObject({ estado: 404, codigo: 'respuesta_invalida' });
    await expect(client.health()).rejects.toMatchObject({ codigo: 'respuesta_invalida' });
    const offline = await client.health().catch((e: unknown) => e);
    expect(offline).toMatchObject({ estado: 0, codigo: 'sin_conexion', retryable: true });
    expect((offline as ApiError).mensaje).toBe('No se pudo conectar con http://folio.test.');
  });

  it('reads a degraded health report (503) without a key', async () => {
    const report = { estado: 'degradado', version: '1.0.0', api: 'http://folio.test/api/v1', cola: { ok: false } };
    const { fetch, seen } = stub(json(503, report));
    const health = await createClient({ baseUrl: 'http://folio.test/', apiKey: 'k', fetch }).health();
    expect(health).toMatchObject({ estado: 'degradado', version: '1.0.0', cola: { ok: false } });
    expect(seen[0]!.url).toBe('http://folio.test/health');
    expect(seen[0]!.init.headers.Authorization).toBeUndefined();
  });

  it('searches with repeated documento parameters and validates the passages', async () => {
    const { fetch, seen } = stub(json(200, { consulta: 'nitratos', pasajes: [PASAJE], ms: 4 }));
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    const result = await client.search({ q: 'nitratos', k: 5, documentos: ['a', 'b'] });
    expect(result.pasajes[0]!.cita).toBe('(Pérez Canul, 2021, p. 3)');
    const params = new URL(seen[0]!.url).searchParams;
    expect(params.getAll('documento')).toEqual(['a', 'b']);
    expect(params.get('k')).toBe('5');
  });

  it('tells which scopes a key holds without changing anything', async () => {
    const { fetch, seen } = stub(
      json(200, { documentos: [], total: 0 }),
      json(403, errorBody('prohibido', 403, "La clave no tiene el permiso 'escritura'.")),
    );
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    expect(await client.checkKey()).toEqual({ lectura: true, escritura: false });
    expect(seen[1]!.init.method).toBe('POST');
    expect(JSON.parse(seen[1]!.init.body as string)).toEqual({});
  });

  it('streams /preguntar events as they arrive, even split mid-character', async () => {
    const events = [
      { event: 'pasajes', data: { pasajes: [PASAJE] } },
      { event: 'texto', data: { texto: 'En Homún se midieron 44.9 mg/L de nitratos.[^1]' } },
      { event: 'fuente', data: { ...PASAJE, n: 1 } },
      {
        event: 'fin',
        data: {
          pregunta: '¿Nitratos?',
          respuesta: 'En Homún se midieron 44.9 mg/L de nitratos.[^1]',
          fuentes: [{ ...PASAJE, n: 1 }],
          confianza: 'alta',
        },
      },
    ];
    const text =
      ': keep-alive\n\n' + events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
    const bytes = new TextEncoder().encode(text);
    // Seven-byte chunks cut lines, and the two-byte 'ú', at arbitrary places.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const { fetch, seen } = stub(
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    );
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    const got = [];
    for await (const e of client.ask({ pregunta: '¿Nitratos?', k: 4 })) got.push(e);
    expect(got.map((e) => e.event)).toEqual(['pasajes', 'texto', 'fuente', 'fin']);
    expect(got[1]).toEqual(events[1]);
    expect(JSON.parse(seen[0]!.init.body as string)).toEqual({ pregunta: '¿Nitratos?', k: 4, stream: true });
  });

  it('throws sin_conexion when the stream breaks off before fin', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: texto\ndata: {"texto":"Hola"}\n\n'));
        controller.close();
      },
    });
    const { fetch } = stub(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    const client = createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch });
    const got: string[] = [];
    const err = await (async () => {
      for await (const e of client.ask({ pregunta: 'x' })) got.push(e.event);
    })().catch((e: unknown) => e);
    expect(got).toEqual(['texto']);
    expect(err).toMatchObject({ codigo: 'sin_conexion', mensaje: 'La respuesta se cortó antes de terminar.' });
  });
});

describe('readSse', () => {
  it('joins multi-line data, skips comments and flushes a last event without a blank line', async () => {
    const body = new Response('data: a\ndata: b\r\n\r\n:comment\nevent: x\ndata: c').body!;
    const got = [];
    for await (const e of readSse(body)) got.push(e);
    expect(got).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'x', data: 'c' },
    ]);
  });
});
