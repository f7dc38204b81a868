import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Db } from '../db/db';
import { auth, useTestServer } from '../testing/harness';

const ctx = useTestServer({}, { workers: false });

describe('unexpected failures', () => {
  it('answer 500 interno in the spec shape without leaking internals', async () => {
    const key = await ctx.server.key('boom@example.org');
    const real = ctx.server.runtime.deps.db;
    // A database that fails after authentication: the listing query hits it.
    const failing: Db = {
      ...real,
      query: async (sql, params) => {
        if (/FROM documents/.test(sql)) throw new Error('relation "secret_table" password=hunter2');
        return real.query(sql, params);
      },
    };
    const logged: string[] = [];
    const app = createApp({
      ...ctx.server.runtime.deps,
      db: failing,
      log: { ...ctx.server.runtime.deps.log, error: (m: string) => logged.push(m) },
    });
    const res = await app.request('http://folio.test/api/v1/documentos', { headers: auth(key) });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error).toMatchObject({ codigo: 'interno', estado: 500 });
    expect(text).not.toMatch(/secret_table|hunter2|at .*\.ts/);
    expect(logged).toEqual(['GET /api/v1/documentos failed']);
  });

  it('enforces the 95 MB default upload limit from the declared length', async () => {
    const key = await ctx.server.key('big@example.org');
    const app = createApp({
      ...ctx.server.runtime.deps,
      config: { ...ctx.server.config, maxUploadBytes: 95 * 1024 * 1024 },
    });
    const res = await app.request('http://folio.test/api/v1/documentos?nombre=x.pdf', {
      method: 'POST',
      body: new Uint8Array(8),
      headers: auth(key, { 'Content-Length': String(95 * 1024 * 1024 + 1) }),
    });
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: { mensaje: string; detalles: { limite_bytes: number } } };
    expect(error.detalles.limite_bytes).toBe(95 * 1024 * 1024);
    expect(error.mensaje).toContain('95 MB');
  });
});
