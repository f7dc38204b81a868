import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, RRF_K } from './fusion';

describe('reciprocalRankFusion', () => {
  it('ranks an id found by both lists above ids found by one, normalized to 1', () => {
    const s = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'd'],
    ]);
    expect(s.get('c')).toBe(1);
    expect(s.get('a')!).toBeLessThan(1);
    expect(s.get('a')!).toBeGreaterThan(s.get('b')!);
    expect(s.get('d')!).toBeCloseTo(1 / (RRF_K + 2) / (1 / (RRF_K + 3) + 1 / (RRF_K + 1)), 10);
  });

  it('handles empty lists', () => {
    expect(reciprocalRankFusion([[], []]).size).toBe(0);
  });
});
