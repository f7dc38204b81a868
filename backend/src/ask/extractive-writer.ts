import { cleanSentences } from './clean-sentences';
import { contentKeys, coverage, definedAcronyms, questionTerms, similarity } from './overlap';
import { holdsAskedThing, questionType } from './question-type';
import { holdsFocus, questionFocus, sentenceBefore } from './specific-terms';
import { pipeTableRows, rowSentence, rowValues, tableRows, type TableRow } from './table-rows';
import type { Writer, WriterPassage } from '../ai/writer';

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

/** Two sentences sharing this much of their vocabulary say the same thing; the second is left out. */
const REDUNDANT = 0.6;
/** How much a passage's search rank adds to its sentences' score (the first passage gets all of it). */
const RANK_WEIGHT = 0.1;
/**
 * How much a question term counts when it is not in the sentence but in the rest of its passage or the
 * passage's title: "we measured speedups of 10x" answers a question about TraceMonkey in a passage about it.
 */
const CONTEXT_WEIGHT = 0.5;
/** What holding the asked-for thing (a number for 'how much', a year for 'when' …) adds to a sentence's score. */
const ASKED_WEIGHT = 0.3;
/** A sentence holding the asked-for thing is used with this much of the question's terms in it alone. */
const ASKED_MIN_COVERAGE = 0.25;
/** Sentences scoring below this share of the best one's score are left out: they answer something else. */
const RELATIVE_CUT = 0.5;

/** The document of a passage: the title its origin starts with ('«Title» (Author, 2020, p. 4)'). */
function documentOf(p: WriterPassage): string {
  return /^«([^»]*)»/.exec(p.fuente)?.[1] ?? p.fuente;
}

interface Candidate {
  n: number;
  texto: string;
  keys: Set<string>;
  score: number;
  /** Holds some of the question's terms by itself, and the asked-for thing when there is one. */
  onItsOwn: boolean;
  /** The weighted share of the question's terms the sentence holds by itself. */
  direct: number;
  /** The document it comes from (the passage's title, as the writer is given it). */
  document: string;
  /**
   * Holds the question's names and figures (specific-terms.ts), by itself, with its document's title or with
   * the sentence before it in its passage: it is about what the question names, not only on its theme.
   */
  specific: boolean;
}

/**
 * The writer used when no language model is configured: it answers with the passages' own sentences, picked
 * for the question asked. Only clean sentences are candidates (ask/clean-sentences.ts: no headings, captions,
 * usage or code lines, cut fragments); a table's rows become sentences naming their columns (ask/table-rows.ts),
 * and only the rows whose values the question names. A candidate scores the weighted share of the question's
 * terms it holds (accent-folded word keys, see overlap.ts; an acronym the passage defines stands for its words;
 * terms only in the rest of its passage count for half), plus ASKED_WEIGHT when it holds what the question asks
 * for (ask/question-type.ts: a quantity, a date, a name, a cause), plus a little for its passage's search rank.
 * The best are taken in order of score while they add something new (not a near-repeat of one already taken,
 * at most `perPassage` from one passage) and, after the first, only while each holds some of the question's
 * terms by itself and the asked-for thing when there is one (from another document, `minCoverage` of the terms
 * by itself), and the names and figures the question gives (ask/specific-terms.ts: 'Homún', '2019'), by itself,
 * with its document's title or with the sentence before it in its passage. Each is written literally
 * followed by its passage's footnote, joined by spaces. Nothing is paraphrased, so nothing is invented; when
 * no sentence is close enough to the question the answer is empty and the caller says that nothing was found. The sentences keep the passages' language; a question in another
 * language finds little lexically (use a model for that).
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
      const type = questionType(pregunta);
      const typed = type !== 'otro' && type !== 'definicion';
      const named = questionFocus(pregunta);

      const fromRows = (p: WriterPassage, rows: TableRow[], rankBonus: number): Candidate[] =>
        rows.flatMap((row) => {
          // Column names are in every row; a row is about the question only when its values are.
          if (coverage(terms, contentKeys(rowValues(row))) === 0) return [];
          const texto = rowSentence(row);
          const keys = contentKeys(texto);
          const covered = coverage(terms, keys);
          if (covered < minCoverage) return [];
          const asked = holdsAskedThing(type, texto);
          return [
            {
              n: p.n,
              texto,
              keys,
              score: covered + ASKED_WEIGHT * asked + rankBonus,
              onItsOwn: !typed || asked > 0,
              direct: covered,
              document: documentOf(p),
              specific: holdsFocus(named, `${texto} ${documentOf(p)}`),
            },
          ];
        });

      const fromProse = (p: WriterPassage, rankBonus: number): Candidate[] => {
        const around = contentKeys(`${p.texto} ${p.fuente}`);
        const acronyms = definedAcronyms(p.texto);
        const rows = fromRows(p, pipeTableRows(p.texto), rankBonus);
        return rows.concat(
          cleanSentences(p.texto).flatMap((texto) => {
            const keys = contentKeys(texto);
            for (const [acronym, expansion] of acronyms) {
              if (new RegExp(`\\b${acronym}\\b`).test(texto)) for (const k of expansion) keys.add(k);
            }
            const direct = coverage(terms, keys);
            const covered = direct + CONTEXT_WEIGHT * (coverage(terms, new Set([...keys, ...around])) - direct);
            const asked = holdsAskedThing(type, texto);
            if (covered < minCoverage && !(asked === 1 && direct >= ASKED_MIN_COVERAGE)) return [];
            const onItsOwn = direct >= ASKED_MIN_COVERAGE && (!typed || asked > 0);
            const score = covered + ASKED_WEIGHT * asked + rankBonus;
            const specific = holdsFocus(named, `${texto} ${documentOf(p)} ${sentenceBefore(p.texto, texto) ?? ''}`);
            return [{ n: p.n, texto, keys, score, onItsOwn, direct, document: documentOf(p), specific }];
          }),
        );
      };

      const candidates = pasajes.flatMap((p, rank) => {
        const rankBonus = RANK_WEIGHT * (1 - rank / Math.max(1, pasajes.length));
        const sheet = tableRows(p.texto);
        return sheet ? fromRows(p, sheet, rankBonus) : fromProse(p, rankBonus);
      });
      candidates.sort((a, b) => b.score - a.score);
      const best = candidates[0]?.score ?? 0;
      const chosen: Candidate[] = [];
      const fromPassage = new Map<number, number>();
      for (const c of candidates) {
        if (chosen.length >= maxSentences || c.score < best * RELATIVE_CUT) break;
        // The first answers as well as it can; the ones after it must each answer too, not just share words.
        if (chosen.length > 0 && !c.onItsOwn) continue;
        // Nor may they drift to another place, person or year than the one the question names.
        if (chosen.length > 0 && !c.specific) continue;
        // Another document's sentence joins only when it is about the question by itself, not by its context.
        if (chosen.length > 0 && c.document !== chosen[0]!.document && c.direct < minCoverage) continue;
        if ((fromPassage.get(c.n) ?? 0) >= perPassage) continue;
        if (chosen.some((s) => similarity(s.keys, c.keys) >= REDUNDANT)) continue;
        chosen.push(c);
        fromPassage.set(c.n, (fromPassage.get(c.n) ?? 0) + 1);
      }
      for (const [i, s] of chosen.entries()) yield `${i > 0 ? ' ' : ''}${s.texto}[^${s.n}]`;
    },
  };
}
