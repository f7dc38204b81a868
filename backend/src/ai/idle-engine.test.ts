import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleEngine, idleValue } from './idle-engine';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An engine that counts its starts and releases. */
function counted(idleMs: number) {
  const log = { created: 0, released: 0 };
  const engine = idleEngine({
    create: async () => ({ id: ++log.created }),
    release: async () => void (log.released += 1),
    idleMs,
  });
  return { engine, log };
}

describe('idleEngine', () => {
  it('creates nothing until used, keeps one engine across calls, releases it after the idle time', async () => {
    const { engine, log } = counted(150);
    expect(engine.loaded()).toBe(false);
    expect(log.created).toBe(0);
    expect(await engine.use(async (e) => e.id)).toBe(1);
    expect(await engine.use(async (e) => e.id)).toBe(1);
    expect(engine.loaded()).toBe(true);
    await sleep(400);
    expect(engine.loaded()).toBe(false);
    expect(log).toEqual({ created: 1, released: 1 });
    // The next call starts a new one.
    expect(await engine.use(async (e) => e.id)).toBe(2);
    await engine.close();
    expect(log).toEqual({ created: 2, released: 2 });
  });

  it('never releases an engine while a call is in flight', async () => {
    const { engine, log } = counted(50);
    await engine.use(async () => sleep(300));
    expect(log.released).toBe(0);
    await sleep(250);
    expect(log.released).toBe(1);
  });

  it('keeps the engine until close when idleMs is 0', async () => {
    const { engine, log } = counted(0);
    await engine.use(async () => undefined);
    await sleep(200);
    expect(engine.loaded()).toBe(true);
    await engine.close();
    expect(log).toEqual({ created: 1, released: 1 });
  });

  it('tries a failed start again on the next call', async () => {
    let attempts = 0;
    const engine = idleEngine({
      create: async () => {
        if (++attempts === 1) throw new Error('data missing');
        return attempts;
      },
      release: async () => {},
      idleMs: 0,
    });
    await expect(engine.use(async (n) => n)).rejects.toThrow('data missing');
    expect(engine.loaded()).toBe(false);
    expect(await engine.use(async (n) => n)).toBe(2);
  });
});

describe('idleValue', () => {
  // A faked clock: the test is about which comes first, the idle time or the next use.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds on first use, is kept while used, dropped after the idle time, built again by the next use', async () => {
    let built = 0;
    const held = idleValue(
      () => ({ n: ++built }),
      () => 1000,
    );
    expect(held.loaded()).toBe(false);
    expect(held.get().n).toBe(1);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(600); // used every 600 ms: never 1000 ms without use
      expect(held.get().n).toBe(1);
    }
    await vi.advanceTimersByTimeAsync(999);
    expect(held.loaded()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.loaded()).toBe(false);
    expect(held.get().n).toBe(2);
    held.drop();
    expect(held.loaded()).toBe(false);
  });

  it('keeps the value for good with an idle time of 0', async () => {
    const held = idleValue(
      () => 'tabla',
      () => 0,
    );
    held.get();
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(held.loaded()).toBe(true);
  });
});
