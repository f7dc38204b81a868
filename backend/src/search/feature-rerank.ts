import { foldText } from '../text/fold';
import { isStopword } from '../text/language';
import { queryStem, type ParsedQuery } from './query';

/** A lexical candidate as the reranker sees it. */
export interface RerankCandidate {
  texto: string;
  titulo: string;
  /** The lexical (BM25) or fused score, any scale. */
  lexical: number;
}

/**
 * Weights of the feature reranker, the one used when no cross-encoder is available. Each feature is
 * in 0-1, so the score is too:
 * - lexical: the BM25 (or fused) score relative to the best candidate;
 * - coverage: share of the query's words the passage contains (a word matches by its first letters,
 *   so 'nitrato' finds 'nitratos');
 * - proximity: how close together those words stand (the tightest window of content words holding them all);
 * - phrase: the unquoted query appears in the passage as it was typed;
 * - title: share of the query's words in the document's title.
 */
/** How much each feature counts; they sum to 1. */
export type FeatureWeights = Record<'lexical' | 'coverage' | 'proximity' | 'phrase' | 'title', number>;

/**
 * Chosen on SciFact's 400 training claims (BM25 pools of 100, nDCG@10 0.696 by BM25 alone, 0.700 with
 * these; the former 0.4/0.3/0.15 weights gave less) — never on the test claims eval:search reports.
 */
export const FEATURE_WEIGHTS: FeatureWeights = {
  lexical: 0.6,
  coverage: 0.2,
  proximity: 0.05,
  phrase: 0.05,
  title: 0.1,
};

/** The feature reranker as /health describes it (Spanish, like the rest of the report). */
export const FEATURE_RERANKER = 'rasgos (rango léxico o fusionado, cobertura, proximidad, frase, título)';

/**
 * Where each stem begins a word. Stems are looked up by their first letter, so each word is compared
 * with the few stems that can begin it, not with all of them (100 candidates of 200 words per search).
 */
function positions(words: string[], stems: string[]): number[][] {
  const out = stems.map((): number[] => []);
  const byFirst = new Map<string, number[]>();
  stems.forEach((s, t) => {
    const list = byFirst.get(s[0]!);
    if (list) list.push(t);
    else byFirst.set(s[0]!, [t]);
  });
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const candidates = byFirst.get(w[0]!);
    if (candidates) for (const t of candidates) if (w.startsWith(stems[t]!)) out[t]!.push(i);
  }
  return out;
}

/** The smallest span of word positions that holds one occurrence of every matched term. */
function tightestWindow(hits: number[][]): number {
  const lists = hits.filter((h) => h.length > 0);
  if (lists.length <= 1) return lists.length;
  const events = lists.flatMap((h, t) => h.map((p) => [p, t] as const)).sort((a, b) => a[0] - b[0]);
  const count = new Map<number, number>();
  let best = Infinity;
  let left = 0;
  for (let right = 0; right < events.length; right++) {
    count.set(events[right]![1], (count.get(events[right]![1]) ?? 0) + 1);
    while (count.size === lists.length) {
      best = Math.min(best, events[right]![0] - events[left]![0] + 1);
      const t = events[left]![1];
      const c = count.get(t)! - 1;
      if (c === 0) count.delete(t);
      else count.set(t, c);
      left++;
    }
  }
  return best;
}

/** Scores candidates 0-1 by the documented features; returns the scores in the candidates' order. */
export function featureScores(
  query: ParsedQuery,
  rawQuery: string,
  candidates: RerankCandidate[],
  weights: FeatureWeights = FEATURE_WEIGHTS,
): number[] {
  const stems = query.terms.map(queryStem);
  const maxLexical = Math.max(...candidates.map((c) => c.lexical), 1e-9);
  const typed = foldText(rawQuery.replace(/"/g, ' '));
  // A document's passages share its title: its share of the query's words is counted once.
  const titleShares = new Map<string, number>();
  const titleShare = (titulo: string) => {
    let share = titleShares.get(titulo);
    if (share === undefined) {
      const titleWords = foldText(titulo).match(/[\p{L}\p{N}]+/gu) ?? [];
      share = stems.length ? positions(titleWords, stems).filter((h) => h.length > 0).length / stems.length : 0;
      titleShares.set(titulo, share);
    }
    return share;
  };
  return candidates.map((c) => {
    // Positions count content words only: 'nitratos en los cenotes' is as close as Spanish gets.
    const folded = foldText(c.texto);
    const words = (folded.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !isStopword(w));
    const hits = positions(words, stems);
    const matched = hits.filter((h) => h.length > 0).length;
    const coverage = stems.length ? matched / stems.length : 0;
    const window = tightestWindow(hits);
    const proximity = matched > 1 ? matched / window : matched === 1 ? 0.5 : 0;
    const phrase = typed.split(' ').length > 1 && folded.includes(typed) ? 1 : 0;
    const title = titleShare(c.titulo);
    const w = weights;
    const score =
      w.lexical * (c.lexical / maxLexical) +
      w.coverage * coverage +
      w.proximity * Math.min(1, proximity) +
      w.phrase * phrase +
      w.title * title;
    return Math.round(score * 10_000) / 10_000;
  });
}
