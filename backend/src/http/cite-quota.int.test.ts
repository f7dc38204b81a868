import { beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestServer } from '../testing/harness';

/** A server with a quota of two cite requests per user per 30 days (FOLIO_CITE_QUOTA=2). */
const ctx = useTestServer({ citeQuota: { max: 2, days: 30 } });
let key: string;

const cite = (as: string, headers: Record<string, string> = {}) =>
  ctx.server.request('/api/v1/citar?esperar=0', {
    method: 'POST',
    body: JSON.stringify({ texto: 'El agua de los cenotes de Yucatán es dulce y muy clara.' }),
    headers: auth(as, { 'Content-Type': 'application/json', ...headers }),
  });

beforeAll(async () => {
  key = await ctx.server.key('cuota@example.org');
});

describe('citation quota', () => {
  it('answers 402 cuota_superada past the quota, per user; a repeated Idempotency-Key is not a new request', async () => {
    expect((await cite(key, { 'Idempotency-Key': 'una' })).status).toBe(202);
    expect((await cite(key)).status).toBe(202);
    const over = await cite(key);
    expect(over.status).toBe(402);
    const { error } = await over.json();
    expect(error).toMatchObject({
      codigo: 'cuota_superada',
      estado: 402,
      detalles: { cuota: 2, dias: 30, usadas: 2 },
    });
    expect(error.mensaje).toMatch(/2 peticiones de citas/);
    expect((await cite(key, { 'Idempotency-Key': 'una' })).status).not.toBe(402);
    const someoneElse = await ctx.server.key('otra-cuota@example.org');
    expect((await cite(someoneElse)).status).toBe(202);
  });
});
