import { contentWords, sentences, stemKey, tokens, type ContentWord } from './text';

/** A stretch of a passage and how much of the claim it holds. */
export interface Span {
  text: string;
  /** Weighted share of the claim's content words found in it, 0-1. */
  coverage: number;
  /** Share of the claim's consecutive content-word pairs found within three words of each other, in order. */
  pairs: number;
}

/** Where a claim stands in a passage: its best sentence, its best pair of adjacent sentences, and the whole. */
export interface Alignment {
  claimWords: ContentWord[];
  /** The sentence that holds most of the claim (the one negation and entities are read against). */
  sentence: Span;
  /** The best one or two consecutive sentences (claims often span a finding and its figures). */
  window: Span;
  /** The whole passage. */
  whole: Span;
}

function keysOf(text: string): string[] {
  return tokens(text).map(stemKey);
}

/** Weighted coverage of `claim` by the words of `keys`, and the share of the claim's word pairs kept close. */
export function spanScore(claim: ContentWord[], keys: string[]): Omit<Span, 'text'> {
  if (claim.length === 0) return { coverage: 0, pairs: 0 };
  const at = new Map<string, number[]>();
  keys.forEach((k, i) => at.set(k, [...(at.get(k) ?? []), i]));
  let total = 0;
  let found = 0;
  for (const w of claim) {
    total += w.weight;
    if (at.has(w.key)) found += w.weight;
  }
  let pairs = 0;
  for (let i = 1; i < claim.length; i++) {
    const a = at.get(claim[i - 1]!.key) ?? [];
    const b = at.get(claim[i]!.key) ?? [];
    if (a.some((p) => b.some((q) => q > p && q - p <= 3))) pairs++;
  }
  return { coverage: found / total, pairs: claim.length > 1 ? pairs / (claim.length - 1) : found > 0 ? 1 : 0 };
}

/** Aligns a claim with a passage (see `Alignment`). */
export function align(claim: string, passage: string): Alignment {
  const claimWords = contentWords(claim);
  const parts = sentences(passage);
  const span = (text: string): Span => ({ text, ...spanScore(claimWords, keysOf(text)) });
  const better = (a: Span, b: Span) => (b.coverage + 0.1 * b.pairs > a.coverage + 0.1 * a.pairs ? b : a);
  const whole = span(passage);
  let sentence: Span = { text: '', coverage: 0, pairs: 0 };
  let window: Span = sentence;
  parts.forEach((s, i) => {
    const one = span(s);
    sentence = better(sentence, one);
    window = better(window, one);
    if (i > 0) window = better(window, span(`${parts[i - 1]} ${s}`));
  });
  if (!sentence.text) sentence = window = whole;
  return { claimWords, sentence, window, whole };
}
