import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { antonymsHeld, opposedWords } from './opposites';
import { keepStemPairsFor } from './stem-pairs';
import { synonymsHeld, synonymsOf } from './synonyms';
import { stemIn } from './stems';

describe('the synonym and antonym tables', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    keepStemPairsFor(60_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    keepStemPairsFor(5 * 60_000);
  });

  it('are read on first use and dropped after the engines idle time, then read again with the same pairs', async () => {
    const crecer = stemIn('es', 'crecer');
    const first = [...(synonymsOf(stemIn('es', 'aumentar')) ?? [])];
    expect(first).toContain(crecer);
    expect(opposedWords('los pozos están lejanos', 'los pozos están cercanos')).toBeDefined();
    expect(synonymsHeld()).toBe(true);
    expect(antonymsHeld()).toBe(true);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(synonymsHeld()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    // ~18 MB in memory for the synonyms alone: not kept for good once the answers stop.
    expect(synonymsHeld()).toBe(false);
    expect(antonymsHeld()).toBe(false);
    expect([...(synonymsOf(stemIn('es', 'aumentar')) ?? [])]).toEqual(first);
  });
});
