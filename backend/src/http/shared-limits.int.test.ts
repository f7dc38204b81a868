import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { setPassword } from '../services/accounts/set-password';
import { auth, useTestServer, useTestStore, type TestServer } from '../testing/harness';
import { WebClient } from '../testing/web-client';

const PASSWORD = 'una frase de paso bastante larga';
const LIMIT = 3;

describe('limits kept in the database', () => {
  const ctx = useTestServer({}, { workers: false });

  it('two apps over one store spend from the same per-key budget', async () => {
    // Two apps over the same services, as two API processes are over one database.
    const config = { ...ctx.server.config, rateLimitPerMinute: LIMIT };
    const [one, two] = [
      createApp({ ...ctx.server.runtime.deps, config }),
      createApp({ ...ctx.server.runtime.deps, config }),
    ];
    const key = await ctx.server.key('compartida@example.org');
    const list = (app: typeof one) => app.request('http://folio.test/api/v1/documentos', { headers: auth(key) });
    for (let i = 0; i < LIMIT; i++) expect((await list(one)).status).toBe(200);
    const refused = await list(two);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('sweeps idle buckets and old failures', async () => {
    const { db } = ctx.server.runtime.deps;
    await db.query(
      "INSERT INTO rate_limit_buckets (bucket, tokens, updated) VALUES ('clave:vieja', 0, now() - interval '2 hours')",
    );
    await db.query(
      "INSERT INTO sign_in_failures (key, at) VALUES ('correo:vieja@example.org', now() - interval '1 hour')",
    );
    // A fresh app sweeps on its first limited request and its first failure.
    const app = createApp({ ...ctx.server.runtime.deps, config: { ...ctx.server.config, rateLimitPerMinute: LIMIT } });
    const key = await ctx.server.key('barre@example.org');
    expect((await app.request('http://folio.test/api/v1/documentos', { headers: auth(key) })).status).toBe(200);
    const web = new WebClient({
      ...ctx.server,
      request: async (p, init) => app.request(`http://folio.test${p}`, init),
    });
    expect((await web.signIn('nadie-aqui@example.org', 'not the password at all')).res.status).toBe(401);
    expect(await db.query("SELECT 1 FROM rate_limit_buckets WHERE bucket = 'clave:vieja'")).toHaveLength(0);
    expect(await db.query("SELECT 1 FROM sign_in_failures WHERE key = 'correo:vieja@example.org'")).toHaveLength(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'two API processes on one server database (needs DATABASE_URL: the embedded store is opened by one process only)',
  () => {
    const fx = useTestStore();
    let first: TestServer;
    let second: TestServer;
    beforeAll(async () => {
      // Two runtimes, each with its own connection pool, as two processes would open them.
      first = await fx.startServer({ rateLimitPerMinute: LIMIT }, { workers: false });
      second = await fx.startServer({ rateLimitPerMinute: LIMIT }, { workers: false });
    });

    it(`shares the rate limit: ${LIMIT} requests to one, then the other answers 429`, async () => {
      const key = await first.key('dos-procesos@example.org');
      const list = (srv: TestServer) => srv.request('/api/v1/documentos', { headers: auth(key) });
      for (let i = 0; i < LIMIT; i++) expect((await list(first)).status).toBe(200);
      const refused = await list(second);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = await refused.json();
      expect(body.error.codigo).toBe('limite_de_ritmo');
      expect(body.error.detalles).toEqual({ limite_por_minuto: LIMIT });
    });

    it('lets exactly the limit through when both are hit at once', async () => {
      const key = await first.key('a-la-vez@example.org');
      const statuses = await Promise.all(
        Array.from({ length: 4 * LIMIT }, (_, i) =>
          (i % 2 ? second : first).request('/api/v1/documentos', { headers: auth(key) }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LIMIT);
    });

    it('shares the sign-in throttle: 5 failures spread over both hold the email back on either', async () => {
      await setPassword(first.runtime.deps.db, 'gala@example.org', PASSWORD);
      for (const srv of [first, second, first, second, first]) {
        expect((await new WebClient(srv).signIn('gala@example.org', 'a wrong guess')).res.status).toBe(401);
      }
      const blocked = await new WebClient(second).signIn('gala@example.org', PASSWORD);
      expect(blocked.res.status).toBe(429);
      expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await new WebClient(first).signIn('gala@example.org', PASSWORD)).res.status).toBe(429);
    });
  },
);
