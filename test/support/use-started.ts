import { afterAll, beforeAll } from 'vitest';

/**
 * Registers a `beforeAll` that starts something for the calling file (or `describe`) and an `afterAll` that
 * stops it; returns its reader, which throws, naming `who`, when read before the start or after the stop (a
 * test that reads it outside a test or hook, or before the hook has run, fails saying so rather than on
 * `undefined`). `timeout` is the starting hook's.
 */
export function useStarted<T>(
  who: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
  timeout: number,
): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeout);
  afterAll(async () => {
    const stopping = started;
    started = undefined;
    if (stopping !== undefined) await stop(stopping);
  });
  return () => {
    if (started === undefined)
      throw new Error(`${who}: read before its beforeAll has started it (or after it stopped)`);
    return started;
  };
}
