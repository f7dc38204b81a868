import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { PhaseTimeoutError, phaseProgress } from './phase-progress';

/** Records the document updates instead of writing them: this test is about the clock. */
function recordingDb() {
  const writes: unknown[][] = [];
  const db = {
    kind: 'pglite',
    query: async (_sql: string, params?: readonly unknown[]) => {
      writes.push([...(params ?? [])]);
      return [];
    },
    transaction: async <T>(fn: (tx: Db) => Promise<T>) => fn(db),
  } as unknown as Db;
  return { db, writes };
}

describe('phaseProgress', () => {
  it('aborts with a PhaseTimeoutError naming the phase that ran too long', async () => {
    const { db } = recordingDb();
    const p = phaseProgress({ db }, 'd1', { phaseMs: 60 });
    await p.phase('ocr');
    await new Promise((r) => setTimeout(r, 120));
    expect(p.signal.aborted).toBe(true);
    expect(p.signal.reason).toBeInstanceOf(PhaseTimeoutError);
    expect((p.signal.reason as PhaseTimeoutError).mensaje).toMatch(/fase de OCR/);
    p.done();
  });

  it('gives every phase its own budget and stops the clock when done', async () => {
    const { db } = recordingDb();
    const p = phaseProgress({ db }, 'd2', { phaseMs: 80 });
    await new Promise((r) => setTimeout(r, 50));
    await p.phase('indexado'); // re-armed: 50 + 50 ms is past one budget but within each phase's
    await new Promise((r) => setTimeout(r, 50));
    expect(p.signal.aborted).toBe(false);
    p.done();
    await new Promise((r) => setTimeout(r, 100));
    expect(p.signal.aborted).toBe(false);
  });

  it('passes on the job being cancelled', () => {
    const { db } = recordingDb();
    const outer = new AbortController();
    const p = phaseProgress({ db }, 'd3', { phaseMs: 10_000, signal: outer.signal });
    outer.abort(new Error('cancelled'));
    expect(p.signal.aborted).toBe(true);
    expect((p.signal.reason as Error).message).toBe('cancelled');
    p.done();
  });

  it('moves progress through the slice of the current phase, throttled', async () => {
    const { db, writes } = recordingDb();
    const p = phaseProgress({ db }, 'd4', { phaseMs: 10_000 });
    await p.phase('conversion');
    await p.progress(0.5);
    await p.progress(0.51); // under 5 % and within a second: not written
    const progresos = writes.filter((w) => w[0] === 'd4').map((w) => w.find((v) => typeof v === 'number'));
    expect(progresos).toEqual([0.15, 0.375]);
    p.done();
  });
});
