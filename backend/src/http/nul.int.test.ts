import { beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestServer } from '../testing/harness';

const ctx = useTestServer();
let key: string;

beforeAll(async () => {
  key = await ctx.server.key('nul@example.org');
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: auth(key, { 'Content-Type': 'application/json' }),
  body: JSON.stringify(body),
});

/** Requests a fuzzer found answered 500 (issue 18): a NUL in a path, a query or a JSON string. */
const CASES: [string, string, () => RequestInit, string][] = [
  ['search query', '/api/v1/buscar?q=a%00b', () => ({ headers: auth(key) }), 'q'],
  ['document id', '/api/v1/documentos/ab%00cd', () => ({ headers: auth(key) }), 'ruta'],
  ['list filter', '/api/v1/documentos?q=a%00', () => ({ headers: auth(key) }), 'q'],
  ['search body', '/api/v1/buscar', () => json({ q: 'agua', documentos: ['a\u0000'] }), 'documentos[0]'],
  ['search library', '/api/v1/buscar', () => json({ q: 'agua', biblioteca: 'x\u0000' }), 'biblioteca'],
  ['verify', '/api/v1/verificar', () => json({ afirmacion: 'a\u0000b' }), 'afirmacion'],
  ['cite', '/api/v1/citar?esperar=0', () => json({ texto: 'Hola.', estilo: 'apa\u0000' }), 'estilo'],
  ['ask', '/api/v1/preguntar', () => json({ pregunta: 'a\u0000b' }), 'pregunta'],
  ['upload by url', '/api/v1/documentos', () => json({ url: 'https://example.org/', titulo: 'x\u0000' }), 'titulo'],
  [
    'upload metadata in the query',
    '/api/v1/documentos?nombre=a.txt&autores=P%C3%A9rez%00',
    () => ({ method: 'POST', headers: auth(key, { 'Content-Type': 'text/plain' }), body: 'hola' }),
    'autores',
  ],
  [
    'multipart field',
    '/api/v1/documentos',
    () => {
      const form = new FormData();
      form.append('archivo', new Blob(['hola']), 'a.txt');
      form.append('titulo', 'x\u0000y');
      return { method: 'POST', headers: auth(key), body: form };
    },
    'titulo',
  ],
];

describe('a NUL anywhere in a request (issue 18)', () => {
  it.each(CASES)('%s: 400 peticion_invalida naming where it is, never a 500', async (_, path, init, campo) => {
    const res = await ctx.server.request(path, init());
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({ codigo: 'peticion_invalida', estado: 400, detalles: { campo } });
    expect(body.error.mensaje).toContain('U+0000');
    expect(body.error.message).toContain('U+0000');
  });

  it('keeps nothing of a refused upload, and the same request without the NUL goes through', async () => {
    const before = await (await ctx.server.request('/api/v1/documentos', { headers: auth(key) })).json();
    const refused = await ctx.server.request('/api/v1/documentos?nombre=a.txt&titulo=t%00', {
      method: 'POST',
      headers: auth(key, { 'Content-Type': 'text/plain' }),
      body: 'Una línea de texto.',
    });
    expect(refused.status).toBe(400);
    const after = await (await ctx.server.request('/api/v1/documentos', { headers: auth(key) })).json();
    expect(after.total).toBe(before.total);
    const ok = await ctx.server.request('/api/v1/documentos?nombre=a.txt&titulo=t', {
      method: 'POST',
      headers: auth(key, { 'Content-Type': 'text/plain' }),
      body: 'Una línea de texto.',
    });
    expect(ok.status).toBe(201);
  });
});
