import { describe, expect, it } from 'vitest';
import type { Reranker } from '../ai/reranker';
import { CROSS_ENCODER_WEIGHT, crossEncoderRerank, crossEncoderWindow, type Scored } from './cross-encoder-rerank';

/** A reranker that scores by a table of passage → relevance and records what it was asked. */
function tableReranker(relevance: Record<string, number>) {
  const calls: { query: string; passages: string[] }[] = [];
  const reranker: Reranker = {
    name: 'tabla',
    async score(query, passages) {
      calls.push({ query, passages });
      return passages.map((p) => relevance[p] ?? 0);
    },
  };
  return { reranker, calls };
}

/** Candidates already in feature order: a, b, c … with feature scores 0.9, 0.8, 0.7 … */
const candidates = (n: number): Scored<{ texto: string }>[] =>
  Array.from({ length: n }, (_, i) => ({
    hit: { texto: String.fromCharCode(97 + (i % 26)) + i },
    score: 0.9 - i * 0.01,
  }));

describe('crossEncoderWindow', () => {
  it('rescores three per result asked, between 30 and 60, and never fewer than k', () => {
    expect(crossEncoderWindow(1)).toBe(30);
    expect(crossEncoderWindow(10)).toBe(30);
    expect(crossEncoderWindow(15)).toBe(45);
    expect(crossEncoderWindow(20)).toBe(60);
    expect(crossEncoderWindow(50)).toBe(60);
    expect(crossEncoderWindow(80)).toBe(80);
  });
});

describe('crossEncoderRerank', () => {
  it('orders the window by mostly the cross-encoder, and says which one answered', async () => {
    const byFeatures = candidates(5);
    const { reranker } = tableReranker({ a0: 0.1, b1: 0.2, c2: 0.95, d3: 0.5, e4: 0.3 });
    const { ranked, reranker: used } = await crossEncoderRerank(reranker, 'q', byFeatures, 3);
    expect(used).toBe('tabla');
    expect(ranked.map((r) => r.hit.texto)).toEqual(['c2', 'd3', 'e4']);
    const w = CROSS_ENCODER_WEIGHT;
    expect(ranked[0]!.score).toBeCloseTo(w * 0.95 + (1 - w) * 0.88, 4);
    expect(ranked.every((r) => r.score >= 0 && r.score <= 1)).toBe(true);
  });

  it('keeps the feature order between equal relevances, so features break ties', async () => {
    const { reranker } = tableReranker({});
    const { ranked } = await crossEncoderRerank(reranker, 'q', candidates(4), 4);
    expect(ranked.map((r) => r.hit.texto)).toEqual(['a0', 'b1', 'c2', 'd3']);
    expect(ranked[0]!.score).toBeCloseTo((1 - CROSS_ENCODER_WEIGHT) * 0.9, 4);
  });

  it('sends only the best by features (the window) and the query without quote marks', async () => {
    const { reranker, calls } = tableReranker({});
    const byFeatures = candidates(100);
    const { ranked } = await crossEncoderRerank(reranker, '"capa y espada"  teatro', byFeatures, 10);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toBe('capa y espada teatro');
    expect(calls[0]!.passages).toEqual(byFeatures.slice(0, 30).map((c) => c.hit.texto));
    expect(ranked).toHaveLength(10);
  });

  it('falls back to the feature order, and logs, when the cross-encoder fails or answers nonsense', async () => {
    const byFeatures = candidates(5);
    const errors: string[] = [];
    const log = { error: (msg: string) => errors.push(msg) };
    const broken: Reranker = {
      name: 'roto',
      score: () => Promise.reject(new Error('onnx runtime exploded')),
    };
    const nonsense: Reranker = { name: 'raro', score: async (_q, p) => p.map(() => Number.NaN) };
    const short: Reranker = { name: 'corto', score: async () => [0.5] };
    for (const reranker of [broken, nonsense, short]) {
      const result = await crossEncoderRerank(reranker, 'q', byFeatures, 3, log);
      expect(result.reranker).toBeUndefined();
      expect(result.ranked).toEqual(byFeatures.slice(0, 3));
    }
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('roto');
  });

  it('without a cross-encoder, or without candidates, is the best k by features', async () => {
    const byFeatures = candidates(5);
    expect(await crossEncoderRerank(undefined, 'q', byFeatures, 2)).toEqual({ ranked: byFeatures.slice(0, 2) });
    const { reranker, calls } = tableReranker({});
    expect(await crossEncoderRerank(reranker, 'q', [], 2)).toEqual({ ranked: [] });
    expect(calls).toHaveLength(0);
  });
});
