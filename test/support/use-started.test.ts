import { describe, expect, it } from 'vitest';
import { useStarted } from './use-started';

describe('useStarted', () => {
  const read = useStarted(
    'probe',
    async () => ({ n: 42 }),
    async () => undefined,
    1_000,
  );
  // Read as a file's top level would, before any hook has run.
  const early = (() => {
    try {
      return read();
    } catch (err) {
      return (err as Error).message;
    }
  })();

  it('throws, naming its user, when read before its beforeAll', () => {
    expect(early).toBe('probe: read before its beforeAll has started it (or after it stopped)');
  });

  it('reads what its beforeAll started', () => {
    expect(read()).toEqual({ n: 42 });
  });
});
