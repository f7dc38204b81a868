import { describe, expect, it } from 'vitest';
import { auth, useTestServer } from '../testing/harness';

const IDLE_MS = 300;
/** The collection's delay in runtime.ts: the engines' idle time plus a second. */
const DELAY_MS = IDLE_MS + 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 35: requests count as work for the collection once work stops (jobs/collect-when-idle.ts), as
 * jobs do: an hour of searching and reading with no upload left its garbage in the heap for good.
 */
describe('a collection once requests stop', () => {
  const ctx = useTestServer({ engineIdleMs: IDLE_MS }, { workers: false });
  const collections = () => ctx.server.runtime.deps.idle!.collections();

  it('runs once after the last search, not before, and a monitor polling /health does not put it off', async () => {
    const key = await ctx.server.key('memoria@example.org', ['lectura']);
    await sleep(DELAY_MS + 200); // anything the start left pending
    const before = collections();
    for (let i = 0; i < 3; i++) {
      const res = await ctx.server.request('/api/v1/buscar?q=agua%20del%20p%C3%A1ramo', { headers: auth(key) });
      expect(res.status).toBe(200);
      await sleep(DELAY_MS / 3); // less than the delay between searches: each one puts it off
    }
    expect(collections()).toBe(before);
    const started = performance.now();
    while (performance.now() - started < DELAY_MS + 600) {
      expect((await ctx.server.request('/health')).status).toBe(200);
      await sleep(100);
    }
    expect(collections()).toBe(before + 1);
  });
});
