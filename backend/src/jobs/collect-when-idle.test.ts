import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobAttempt } from './job-definition';
import { collectWhenIdle } from './collect-when-idle';

const attempt = { data: {}, retryCount: 0, retryLimit: 0, signal: new AbortController().signal } as JobAttempt<object>;

describe('a collection once the jobs stop', () => {
  // A faked clock: on a busy machine real timers fire late, and these tests are about which comes first.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('runs once after the last of overlapping jobs, never while one is in flight', async () => {
    let collected = 0;
    let inJob = 0;
    const collector = collectWhenIdle(200, () => {
      expect(inJob).toBe(0);
      collected++;
    });
    const job = (ms: number) =>
      collector.around(async () => {
        inJob++;
        await wait(ms);
        inJob--;
      })(attempt);
    const both = Promise.all([job(30), job(150)]);
    await vi.advanceTimersByTimeAsync(140); // the short one ended 110 ms ago, the long one still runs
    expect(collected).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    await both;
    await vi.advanceTimersByTimeAsync(199);
    expect(collected).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(collected).toBe(1);
    expect(collector.collections()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(collected).toBe(1); // nothing ran since: no second collection
  });

  it('waits again when a job starts before the delay is over, and runs after a failed job too', async () => {
    let collected = 0;
    const collector = collectWhenIdle(80, () => collected++);
    const failing = collector.around(async () => {
      throw new Error('the file is broken');
    });
    await expect(failing(attempt)).rejects.toThrow('broken');
    await vi.advanceTimersByTimeAsync(50);
    const second = collector.around(async () => {
      await wait(10);
    })(attempt);
    await vi.advanceTimersByTimeAsync(10);
    await second;
    await vi.advanceTimersByTimeAsync(79); // 139 ms after the first job, 79 after the second
    expect(collected).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(collected).toBe(1);
  });

  it('counts a request as work like a job, and hands back its answer', async () => {
    let collected = 0;
    const collector = collectWhenIdle(100, () => collected++);
    const request = collector.during(async () => {
      await wait(40);
      return 'respuesta';
    });
    await vi.advanceTimersByTimeAsync(30);
    expect(collected).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    await expect(request).resolves.toBe('respuesta');
    await vi.advanceTimersByTimeAsync(99);
    expect(collected).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(collected).toBe(1);
  });

  it('collects each delay between requests that never pause that long, and once more after the last', async () => {
    const at: number[] = [];
    let inRequest = 0;
    const start = Date.now();
    const collector = collectWhenIdle(100, () => {
      expect(inRequest).toBe(0);
      at.push(Date.now() - start);
    });
    // A request every 30 ms for 450 ms, each taking 20: never 100 ms without one.
    for (let t = 0; t < 450; t += 30) {
      const request = collector.during(async () => {
        inRequest++;
        await wait(20);
        inRequest--;
      });
      await vi.advanceTimersByTimeAsync(30);
      await request;
    }
    expect(at.length).toBeGreaterThanOrEqual(3);
    expect(at.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(100);
    const during = at.length;
    await vi.advanceTimersByTimeAsync(100);
    expect(at.length).toBe(during + 1); // and the one after the last request
    await vi.advanceTimersByTimeAsync(1000);
    expect(at.length).toBe(during + 1);
  });

  it('is cancelled by stop', async () => {
    let collected = 0;
    const collector = collectWhenIdle(40, () => collected++);
    await collector.around(async () => undefined)(attempt);
    collector.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(collected).toBe(0);
  });
});

describe('the default collection', () => {
  it('collects for real: memory held only by garbage goes', async () => {
    const collector = collectWhenIdle(10);
    let weak: WeakRef<object> | undefined;
    await collector.around(async () => {
      weak = new WeakRef({ payload: new Array(1000).fill('x') });
    })(attempt);
    // A later timer than the collection's: it fires after it, however late both are.
    await new Promise((r) => setTimeout(r, 60));
    expect(collector.collections()).toBe(1);
    expect(weak!.deref()).toBeUndefined();
  });
});
