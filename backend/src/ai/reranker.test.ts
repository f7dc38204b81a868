import { describe, expect, it } from 'vitest';
import { logitsToRelevance, RerankerError } from './reranker';

describe('logitsToRelevance', () => {
  it('is the sigmoid of each logit for one-label models', () => {
    const [zero, high, low] = logitsToRelevance(Float32Array.of(0, 9.06, -11.7), 1);
    expect(zero).toBe(0.5);
    expect(high).toBeCloseTo(1 / (1 + Math.exp(-9.06)), 6);
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThan(1e-4);
  });

  it("is the softmax probability of label 1 ('relevant') for two-label models, row by row", () => {
    const scores = logitsToRelevance([1, 3, 2, -2, 800, -800], 2);
    expect(scores).toHaveLength(3);
    const softmax1 = (a: number, b: number) => Math.exp(b) / (Math.exp(a) + Math.exp(b));
    expect(scores[0]).toBeCloseTo(softmax1(1, 3), 6);
    expect(scores[1]).toBeCloseTo(softmax1(2, -2), 6);
    // Large logits do not overflow to NaN.
    expect(scores[2]).toBe(0);
  });

  it('refuses any other number of labels', () => {
    expect(() => logitsToRelevance([0.1, 0.2, 0.7], 3)).toThrow(RerankerError);
    expect(() => logitsToRelevance([], 0)).toThrow(/0 labels/);
  });
});
