import type { Reranker } from '../ai/reranker';
import type { Logger } from '../log';

/**
 * Share of a result's `puntuacion` that is the cross-encoder's relevance; the rest is its feature score.
 * The cross-encoder reads query and passage together and is the better judge, so it decides the order;
 * the feature score (literal phrase, title, coverage, all 0-1) keeps a fifth so that near-ties go to
 * the passage that also matches the words asked for. Both are 0-1, so the sum is too.
 */
export const CROSS_ENCODER_WEIGHT = 0.8;

/**
 * How many of the best candidates by features the cross-encoder rescores: three per result asked,
 * at least 30 (short lists still get a real choice), at most 60 (one forward pass per passage bounds the
 * latency: a few hundred ms with a small model, seconds with a large one on CPU), never fewer than `k`.
 */
export function crossEncoderWindow(k: number): number {
  return Math.max(k, Math.min(60, Math.max(30, 3 * k)));
}

/** A candidate with its score, as the search ranks them. */
export interface Scored<T> {
  hit: T;
  score: number;
}

/**
 * The best `k` of `byFeatures` (already sorted by feature score, best first). With a reranker, the top
 * `crossEncoderWindow(k)` are rescored: score = CROSS_ENCODER_WEIGHT · relevance + (1 − CROSS_ENCODER_WEIGHT)
 * · feature score, rounded to 4 decimals, and reordered by it (ties keep the feature order). Returns the
 * reranker's name when it answered. Without one, or when it fails (logged), the feature order stands:
 * a broken model never breaks search.
 */
export async function crossEncoderRerank<T extends { texto: string }>(
  reranker: Reranker | undefined,
  query: string,
  byFeatures: Scored<T>[],
  k: number,
  log?: Pick<Logger, 'error'>,
): Promise<{ ranked: Scored<T>[]; reranker?: string }> {
  if (!reranker || byFeatures.length === 0) return { ranked: byFeatures.slice(0, k) };
  const window = byFeatures.slice(0, crossEncoderWindow(k));
  let relevance: number[];
  try {
    // Quotes are search syntax (literal phrase), not language the model was trained on.
    relevance = await reranker.score(
      query.replace(/"/g, ' ').replace(/\s+/g, ' ').trim(),
      window.map((c) => c.hit.texto),
    );
    if (relevance.length !== window.length || !relevance.every((r) => r >= 0 && r <= 1)) {
      throw new Error(`expected ${window.length} scores in 0-1, got [${relevance.join(', ')}]`);
    }
  } catch (err) {
    log?.error(`reranker ${reranker.name} failed; search falls back to the feature reranker`, err);
    return { ranked: byFeatures.slice(0, k) };
  }
  const w = CROSS_ENCODER_WEIGHT;
  const ranked = window
    .map((c, i) => ({ hit: c.hit, score: Math.round((w * relevance[i]! + (1 - w) * c.score) * 10_000) / 10_000 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
  return { ranked, reranker: reranker.name };
}
