/** The usual constant of reciprocal-rank fusion: damps the weight of the very top ranks. */
export const RRF_K = 60;

/**
 * Reciprocal-rank fusion of ranked lists of ids: each list adds 1 / (RRF_K + rank) to an id it holds.
 * Returns the fused score of every id, normalized so the best is 1.
 */
export function reciprocalRankFusion(lists: string[][]): Map<string, number> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + i + 1)));
  }
  const best = Math.max(...scores.values(), 0);
  if (best > 0) for (const [id, s] of scores) scores.set(id, s / best);
  return scores;
}
