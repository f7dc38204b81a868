import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { useTestStore } from '../testing/harness';
import type { JobDefinition } from './job-definition';
import { startPgBossQueue, type JobQueue } from './queue';

// Pick-up is measured with the poll at 30 s: only the NOTIFY wake-up (or, for a backlog, the worker
// fetching again as soon as it ends a job) can start a job within the second these tests allow.
const POLL_SECONDS = 30;

// A queue of its own per test, so no job of one test is left for the next.
let probe: JobDefinition<{ n: number }>;
let tests = 0;

// pg-boss keeps its own schema: an empty database (in memory for the embedded store) is all it needs.
const fx = useTestStore();
let pglite: PGlite | undefined;
const queues: JobQueue[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  if (!fx.store.databaseUrl) pglite = await PGlite.create();
});
afterAll(async () => pglite?.close());
beforeEach(() => {
  probe = {
    name: `wakeup-probe-${++tests}`,
    payload: z.object({ n: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
  };
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
  expect(errors.splice(0)).toEqual([]);
});

async function open(pollOnly = false) {
  const queue = await startPgBossQueue({
    pglite,
    connectionString: fx.store.databaseUrl,
    pollSeconds: POLL_SECONDS,
    pollOnly,
    heartbeatSeconds: 30,
    onError: (err) => errors.push(err),
  });
  queues.push(queue);
  return queue;
}

/** A worker that records when each job starts; `started(n)` resolves with that time. */
async function recordStarts(queue: JobQueue, concurrency = 1) {
  const starts = new Map<number, number>();
  const waiting = new Map<number, (t: number) => void>();
  await queue.work(probe, concurrency, async ({ data }) => {
    const t = performance.now();
    starts.set(data.n, t);
    waiting.get(data.n)?.(t);
  });
  // The worker's first fetch runs as it starts; let it find the queue empty and go to sleep.
  await new Promise((r) => setTimeout(r, 500));
  return {
    starts,
    started: (n: number, withinMs: number) =>
      new Promise<number | undefined>((resolve) => {
        if (starts.has(n)) return resolve(starts.get(n));
        waiting.set(n, resolve);
        setTimeout(() => resolve(undefined), withinMs);
      }),
  };
}

describe('job queue pick-up', () => {
  it('starts a sent job at once, not at the next poll', async () => {
    const queue = await open();
    const worker = await recordStarts(queue);
    for (let n = 1; n <= 3; n++) {
      const t0 = performance.now();
      await queue.send(probe, { n });
      const t = await worker.started(n, 5_000);
      expect(t, `job ${n} not started within 5 s (poll every ${POLL_SECONDS} s)`).toBeDefined();
      expect(t! - t0).toBeLessThan(1_000);
    }
  });

  it('wakes a worker of another queue instance (another process, on a server PostgreSQL)', async () => {
    const workerSide = await open();
    const apiSide = await open(); // its own pg-boss instance and, on a server, its own connections
    const worker = await recordStarts(workerSide);
    const t0 = performance.now();
    await apiSide.send(probe, { n: 1 });
    const t = await worker.started(1, 5_000);
    expect(t).toBeDefined();
    expect(t! - t0).toBeLessThan(1_000);
  });

  it('drains a backlog without waiting for the poll between jobs', async () => {
    const queue = await open();
    // Queued before any worker runs, so no NOTIFY is pending: each worker must fetch again on its own.
    for (let n = 1; n <= 8; n++) await queue.send(probe, { n });
    const t0 = performance.now();
    const worker = await recordStarts(queue, 2);
    const last = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => worker.started(n, 10_000)));
    expect(last.every((t) => t !== undefined)).toBe(true);
    expect(Math.max(...(last as number[])) - t0).toBeLessThan(5_000);
  });

  it('polling only (the old behaviour), waits for the poll: what the tests above rule out', async () => {
    const queue = await open(true);
    const worker = await recordStarts(queue);
    await queue.send(probe, { n: 1 });
    expect(await worker.started(1, 1_500)).toBeUndefined();
  });
});

describe('FOLIO_WORKERS', () => {
  it("defaults to the machine's cores and still takes 0 (no workers) or a number", () => {
    expect(loadConfig({}).workers).toBe(Math.min(os.availableParallelism(), 16));
    expect(loadConfig({ FOLIO_WORKERS: '0' }).workers).toBe(0);
    expect(loadConfig({ FOLIO_WORKERS: '3' }).workers).toBe(3);
  });
});
