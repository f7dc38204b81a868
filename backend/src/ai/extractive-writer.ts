import { contentKeys, coverage, questionTerms, similarity } from './overlap';
import { splitSentences } from './sentences';
import type { Writer } from './writer';

export interface ExtractiveWriterOptions {
  /** Most sentences in an answer. Default 4. */
  maxSentences?: number;
  /** Most sentences taken from one passage. Default 2. */
  perPassage?: number;
  /** Weighted share of the question's terms a sentence must hold to be used, 0-1. Default 0.4. */
  minCoverage?: number;
}

/** The name /health shows for the extractive writer. */
export const EXTRACTIVE_WRITER = 'extractivo (frases literales de los pasajes; sin modelo de lenguaje)';

/** Sentences this short or long are fragments (headings, captions) or whole paragraphs, not answers. */
const MIN_WORDS = 4;
const MAX_WORDS = 80;
/** Two sentences sharing this much of their vocabulary say the same thing; the second is left out. */
const REDUNDANT = 0.6;
/** How much a passage's search rank adds to its sentences' score (the first passage gets all of it). */
const RANK_WEIGHT = 0.1;

/**
 * The writer used when no language model is configured: it answers with the passages' own sentences. Every
 * sentence of every passage is scored by the weighted share of the question's terms it holds (accent-folded
 * word keys, see overlap.ts) plus a little for its passage's search rank; sentences below `minCoverage` are
 * never used, the best are taken in order of score while they add something new (not a near-repeat of one
 * already taken, at most `perPassage` from one passage), and each is written literally followed by the
 * footnote of its passage. Nothing is paraphrased, so nothing is invented; when no sentence is close enough
 * to the question the answer is empty and the caller says that nothing was found. The sentences keep the
 * passages' language; a question in another language finds little lexically (use a model for that).
 */
export function createExtractiveWriter(options: ExtractiveWriterOptions = {}): Writer {
  const maxSentences = options.maxSentences ?? 4;
  const perPassage = options.perPassage ?? 2;
  const minCoverage = options.minCoverage ?? 0.4;
  return {
    name: EXTRACTIVE_WRITER,
    async *write({ pregunta, pasajes }) {
      const terms = questionTerms(pregunta);
      if (terms.size === 0) return;
      const candidates = pasajes.flatMap((p, rank) =>
        splitSentences(p.texto).flatMap((texto) => {
          const words = texto.split(/\s+/).length;
          if (words < MIN_WORDS || words > MAX_WORDS) return [];
          const keys = contentKeys(texto);
          const covered = coverage(terms, keys);
          if (covered < minCoverage) return [];
          const score = covered + RANK_WEIGHT * (1 - rank / Math.max(1, pasajes.length));
          return [{ n: p.n, texto: texto.replace(/\s+/g, ' '), keys, score }];
        }),
      );
      candidates.sort((a, b) => b.score - a.score);
      const chosen: typeof candidates = [];
      const fromPassage = new Map<number, number>();
      for (const c of candidates) {
        if (chosen.length >= maxSentences) break;
        if ((fromPassage.get(c.n) ?? 0) >= perPassage) continue;
        if (chosen.some((s) => similarity(s.keys, c.keys) >= REDUNDANT)) continue;
        chosen.push(c);
        fromPassage.set(c.n, (fromPassage.get(c.n) ?? 0) + 1);
      }
      for (const [i, s] of chosen.entries()) yield `${i > 0 ? ' ' : ''}${s.texto}[^${s.n}]`;
    },
  };
}
