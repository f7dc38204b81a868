import { describe, expect, it } from 'vitest';
import type { JobAttempt } from '../jobs/job-definition';
import { collectWhenIdle } from './collect-when-idle';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const attempt = { data: {}, retryCount: 0, retryLimit: 0, signal: new AbortController().signal } as JobAttempt<object>;

describe('a collection once the jobs stop', () => {
  it('runs once after the last of overlapping jobs, never while one is in flight', async () => {
    let collected = 0;
    let inJob = 0;
    const collector = collectWhenIdle(60, () => {
      expect(inJob).toBe(0);
      collected++;
    });
    const job = (ms: number) =>
      collector.around(async () => {
        inJob++;
        await sleep(ms);
        inJob--;
      })(attempt);
    await Promise.all([job(30), job(150)]); // the short one ends while the long one runs: no collection yet
    expect(collected).toBe(0);
    await sleep(100);
    expect(collected).toBe(1);
    expect(collector.collections()).toBe(1);
    await sleep(100);
    expect(collected).toBe(1); // nothing ran since: no second collection
  });

  it('waits again when a job starts before the delay is over, and runs after a failed job too', async () => {
    let collected = 0;
    const collector = collectWhenIdle(80, () => collected++);
    const failing = collector.around(async () => {
      throw new Error('the file is broken');
    });
    await expect(failing(attempt)).rejects.toThrow('broken');
    await sleep(50);
    await collector.around(async () => {
      await sleep(10);
    })(attempt);
    await sleep(50); // 110 ms after the first job, 50 after the second
    expect(collected).toBe(0);
    await sleep(60);
    expect(collected).toBe(1);
  });

  it('is cancelled by stop', async () => {
    let collected = 0;
    const collector = collectWhenIdle(40, () => collected++);
    await collector.around(async () => undefined)(attempt);
    collector.stop();
    await sleep(80);
    expect(collected).toBe(0);
  });

  it('collects for real by default: memory held only by garbage goes', async () => {
    const collector = collectWhenIdle(10);
    let weak: WeakRef<object> | undefined;
    await collector.around(async () => {
      weak = new WeakRef({ payload: new Array(1000).fill('x') });
    })(attempt);
    await sleep(60);
    expect(collector.collections()).toBe(1);
    expect(weak!.deref()).toBeUndefined();
  });
});
