import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { auth, type TestResponse, useTestServer } from '../testing/harness';

const ctx = useTestServer({ rateLimitPerMinute: 0 });

const expectError = async (res: TestResponse, status: number, codigo: string) => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body.error).toMatchObject({ codigo, estado: status });
  expect(body.error.mensaje.length).toBeGreaterThan(5);
  expect(body.error.message.length).toBeGreaterThan(5);
  expect(body.error.documentacion).toMatch(/^http:\/\/folio\.test\/api\/v1\/llms\.txt#/);
  return body.error;
};

describe('authentication', () => {
  it('answers 401 no_autenticado without a key, with a malformed one and with an unknown one', async () => {
    await expectError(await ctx.server.request('/api/v1/documentos'), 401, 'no_autenticado');
    await expectError(
      await ctx.server.request('/api/v1/documentos', { headers: { Authorization: 'Basic abc' } }),
      401,
      'no_autenticado',
    );
    const fake = `folio_abcdefghjk_${'A'.repeat(43)}`;
    const res = await ctx.server.request('/api/v1/documentos', { headers: auth(fake) });
    await expectError(res, 401, 'no_autenticado');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers 403 prohibido when the key lacks the scope', async () => {
    const reader = await ctx.server.key('reader@example.org', ['lectura']);
    expect((await ctx.server.request('/api/v1/documentos', { headers: auth(reader) })).status).toBe(200);
    const err = await expectError(
      await ctx.server.request('/api/v1/documentos?nombre=a.txt', {
        method: 'POST',
        body: 'hola',
        headers: auth(reader),
      }),
      403,
      'prohibido',
    );
    expect(err.detalles).toEqual({ requiere: 'escritura' });
    const writer = await ctx.server.key('writer@example.org', ['escritura']);
    await expectError(await ctx.server.request('/api/v1/documentos', { headers: auth(writer) }), 403, 'prohibido');
    const mcpOnly = await ctx.server.key('mcp@example.org', ['mcp']);
    await expectError(
      await ctx.server.request('/api/v1/documentos/x/texto', { headers: auth(mcpOnly) }),
      403,
      'prohibido',
    );
  });
});

describe('tenant isolation', () => {
  let alice: string;
  let bob: string;
  let docId: string;
  beforeAll(async () => {
    alice = await ctx.server.key('alice@example.org');
    bob = await ctx.server.key('bob@example.org');
    const res = await ctx.server.request('/api/v1/documentos?nombre=secreto.txt&titulo=Diario%20secreto', {
      method: 'POST',
      body: 'Solo Alice puede leer esto.',
      headers: auth(alice, { 'Content-Type': 'text/plain' }),
    });
    expect(res.status).toBe(201);
    docId = (await res.json()).id;
  });

  it("never shows, lists, reads or deletes another user's document", async () => {
    await expectError(
      await ctx.server.request(`/api/v1/documentos/${docId}`, { headers: auth(bob) }),
      404,
      'no_encontrado',
    );
    await expectError(
      await ctx.server.request(`/api/v1/documentos/${docId}/texto`, { headers: auth(bob) }),
      404,
      'no_encontrado',
    );
    await expectError(
      await ctx.server.request(`/api/v1/documentos/${docId}`, { method: 'DELETE', headers: auth(bob) }),
      404,
      'no_encontrado',
    );
    const list = await (await ctx.server.request('/api/v1/documentos?q=secreto', { headers: auth(bob) })).json();
    expect(list).toEqual({ documentos: [], total: 0 });
    // Alice still has it, untouched.
    expect((await ctx.server.request(`/api/v1/documentos/${docId}/texto`, { headers: auth(alice) })).status).toBe(200);
  });

  it('treats the same bytes from two users as two documents', async () => {
    const res = await ctx.server.request('/api/v1/documentos?nombre=secreto.txt', {
      method: 'POST',
      body: 'Solo Alice puede leer esto.',
      headers: auth(bob, { 'Content-Type': 'text/plain' }),
    });
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc.id).not.toBe(docId);
    expect(doc.duplicado).toBeUndefined();
  });

  it("does not replay another user's Idempotency-Key", async () => {
    const headers = { 'Idempotency-Key': 'same-key', 'Content-Type': 'text/plain' };
    const a = await (
      await ctx.server.request('/api/v1/documentos', {
        method: 'POST',
        body: 'de alice',
        headers: auth(alice, headers),
      })
    ).json();
    const b = await (
      await ctx.server.request('/api/v1/documentos', { method: 'POST', body: 'de bob', headers: auth(bob, headers) })
    ).json();
    expect(a.id).not.toBe(b.id);
  });
});

describe('rate limit', () => {
  it('answers 429 limite_de_ritmo with Retry-After per key, and other keys go on', async () => {
    // A second app over the same services, configured with a tight limit.
    const app = createApp({ ...ctx.server.runtime.deps, config: { ...ctx.server.config, rateLimitPerMinute: 3 } });
    const k1 = await ctx.server.key('busy@example.org');
    const k2 = await ctx.server.key('calm@example.org');
    const list = (k: string) => app.request('http://folio.test/api/v1/documentos', { headers: auth(k) });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await list(k1)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await list(k1);
    await expectError(res, 429, 'limite_de_ritmo');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await list(k2)).status).toBe(200);
  });

  it('puts RateLimit-Limit, -Remaining and -Reset on every answer of a limited route: success, error, 429', async () => {
    const app = createApp({ ...ctx.server.runtime.deps, config: { ...ctx.server.config, rateLimitPerMinute: 5 } });
    const k = await ctx.server.key('paced@example.org');
    const get = (p: string) => app.request(`http://folio.test/api/v1${p}`, { headers: auth(k) });
    const fields = (res: Response) => ({
      limit: Number(res.headers.get('ratelimit-limit')),
      remaining: Number(res.headers.get('ratelimit-remaining')),
      reset: Number(res.headers.get('ratelimit-reset')),
    });
    const answers = [
      await get('/documentos'), // 200
      await get('/documentos/no-existe'), // 404 from the route
      await get('/documentos?limite=muchos'), // 400 from validation
      await app.request('http://folio.test/api/v1/subidas', {
        method: 'POST', // a route that answers with its own Response (tus): refused for its missing length
        headers: auth(k, { 'Tus-Resumable': '1.0.0' }),
      }),
      await get('/documentos'),
      await get('/documentos'), // over the limit
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 400, 400, 200, 429]);
    for (const res of answers) {
      expect(res.headers.get('ratelimit-limit'), String(res.status)).toBe('5');
      expect(res.headers.get('ratelimit-reset'), String(res.status)).toMatch(/^\d+$/);
    }
    // Each request spends one: 4, 3, 2, 1, 0 left, then refused with none.
    expect(answers.map((r) => fields(r).remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    // Seconds until the bucket is full again, at 5 a minute: 12 s for each request spent.
    expect(fields(answers[0]!).reset).toBe(12);
    expect(fields(answers[4]!).reset).toBe(60);
    expect(fields(answers[5]!).reset).toBeGreaterThan(48);
    expect(fields(answers[5]!).reset).toBeLessThanOrEqual(60);
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
