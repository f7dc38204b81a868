import { stemsOf } from './stems';
import { synonymsOf } from './synonyms';
import { contentWords, isFigure, sentences, stemKey, tokens, type ContentWord } from './text';

/** A stretch of a passage and how much of the claim it holds. */
export interface Span {
  text: string;
  /** Weighted share of the claim's content words found in it, a synonym counting SYNONYM_CREDIT, 0-1. */
  coverage: number;
  /** Weighted share found as written or inflected (same key or same Snowball stem), synonyms left out. */
  literal: number;
  /** Weighted share found as written, inflected or by a synonym, each in full. */
  stated: number;
  /** How many of the claim's content words were found only by a synonym. */
  synonyms: number;
  /** The claim's content words (folded) not found at all. */
  unfound: string[];
  /** Share of the claim's consecutive content-word pairs found within three words of each other, in order. */
  pairs: number;
}

/** Where a claim stands in a passage: its best sentence, its best run of up to three sentences, and the whole. */
export interface Alignment {
  claimWords: ContentWord[];
  /** The sentence that holds most of the claim (the one negation and entities are read against). */
  sentence: Span;
  /** The best one to three consecutive sentences (claims often span a finding, its setting and its figures). */
  window: Span;
  /** The whole passage. */
  whole: Span;
}

/**
 * What a word found only through a synonym is worth: the lexical resources pair words that share a sense,
 * not every use of them ('aumento'/'subida' but also 'aumentar'/'engordar'), so a rewording counts a little
 * less than the word itself.
 */
export const SYNONYM_CREDIT = 0.8;

/** Sentences a window may join. */
const WINDOW_SENTENCES = 3;

/** The words of a stretch of text, by position: their keys, and their Snowball stems in both languages. */
interface Words {
  keys: string[];
  stems: string[][];
}

function wordsOf(text: string): Words {
  const t = tokens(text);
  return { keys: t.map(stemKey), stems: t.map(stemsOf) };
}

/** A content word of the claim with what it may be found as: its stems, and its synonyms' stems. */
interface ClaimTerm {
  word: ContentWord;
  number: boolean;
  stems: Set<string>;
  synonyms: Set<string>;
}

function claimTerms(claimWords: ContentWord[]): ClaimTerm[] {
  return claimWords.map((word) => {
    const number = isFigure(word.word);
    const stems = stemsOf(word.word);
    const synonyms = new Set(number ? [] : stems.flatMap((s) => [...(synonymsOf(s) ?? [])]));
    return { word, number, stems: new Set(stems), synonyms };
  });
}

/**
 * Where one claim word is in `words`: as written or inflected (same key, or same Snowball stem; a number only
 * as written), else by a synonym.
 */
function positions(t: ClaimTerm, words: Words): { at: number[]; bySynonym: boolean } {
  const at: number[] = [];
  words.keys.forEach((k, i) => {
    if (k === t.word.key || (!t.number && words.stems[i]!.some((s) => t.stems.has(s)))) at.push(i);
  });
  if (at.length > 0 || t.synonyms.size === 0) return { at, bySynonym: false };
  words.stems.forEach((ss, i) => {
    if (ss.some((s) => t.synonyms.has(s))) at.push(i);
  });
  return { at, bySynonym: at.length > 0 };
}

/** Scores of the claim's terms against a stretch of text (see `Span`). */
function spanScore(claim: ClaimTerm[], words: Words): Omit<Span, 'text'> {
  if (claim.length === 0) return { coverage: 0, literal: 0, stated: 0, synonyms: 0, unfound: [], pairs: 0 };
  const found = claim.map((t) => positions(t, words));
  let total = 0;
  let coverage = 0;
  let literal = 0;
  let stated = 0;
  let synonyms = 0;
  const unfound: string[] = [];
  claim.forEach(({ word: w }, i) => {
    const f = found[i]!;
    total += w.weight;
    if (f.at.length === 0) {
      unfound.push(w.word);
      return;
    }
    stated += w.weight;
    if (f.bySynonym) {
      synonyms++;
      coverage += SYNONYM_CREDIT * w.weight;
    } else {
      literal += w.weight;
      coverage += w.weight;
    }
  });
  let pairs = 0;
  for (let i = 1; i < claim.length; i++) {
    const a = found[i - 1]!.at;
    const b = found[i]!.at;
    if (a.some((p) => b.some((q) => q > p && q - p <= 3))) pairs++;
  }
  return {
    coverage: coverage / total,
    literal: literal / total,
    stated: stated / total,
    synonyms,
    unfound,
    pairs: claim.length > 1 ? pairs / (claim.length - 1) : stated > 0 ? 1 : 0,
  };
}

/** A row of a sheet as its passages write it: 'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01'. */
export function isRecord(text: string): boolean {
  return /^[^:;\n]{1,60}:\s*[^;\n]*(?:;\s*[^:;\n]{1,60}:\s*[^;\n]*)+$/u.test(text.trim());
}

/** Aligns a claim with a passage (see `Alignment`). */
export function align(claim: string, passage: string): Alignment {
  const claimWords = contentWords(claim);
  const terms = claimTerms(claimWords);
  const parts = sentences(passage);
  const span = (text: string): Span => ({ text, ...spanScore(terms, wordsOf(text)) });
  const rank = (s: Span) => s.coverage + 0.1 * s.pairs;
  const better = (a: Span, b: Span) => (rank(b) > rank(a) ? b : a);
  const whole = span(passage);
  const empty: Span = { text: '', coverage: 0, literal: 0, stated: 0, synonyms: 0, unfound: [], pairs: 0 };
  let sentence = empty;
  let window = empty;
  parts.forEach((s, i) => {
    const one = span(s);
    sentence = better(sentence, one);
    window = better(window, one);
    // A longer window wins only when it holds more of the claim, so the shortest stretch that states it stays.
    // Rows of a sheet are never joined: each row is one fact.
    for (let n = 2; n <= WINDOW_SENTENCES && i - n + 1 >= 0; n++) {
      const run = parts.slice(i - n + 1, i + 1);
      if (run.some(isRecord)) break;
      window = better(window, span(run.join(' ')));
    }
  });
  if (!sentence.text) sentence = window = whole;
  return { claimWords, sentence, window, whole };
}
