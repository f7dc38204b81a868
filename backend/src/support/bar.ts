import type { Respuesta, Verificacion } from '@folio/shared';
import type { SupportJudgement } from '../ai/support-scorer';

/**
 * The bar a passage must clear to back a claim, and every decision built on it: verify's verdict, the passage
 * cite cites, whether an answer's footnote stands, and ask's confidence. One module, so verify, cite and ask
 * share one bar by construction: a sentence Folio cites, a footnote it keeps and a `respaldada` verdict all
 * mean the same thing.
 */

/** Support a passage needs to back a claim: the `umbral` the contract states, which the scorer is calibrated to. */
export const SUPPORT_THRESHOLD = 0.7;
/** Contradiction that makes a claim `contradicha` (when no passage backs it more strongly). */
export const STRONG_CONTRADICTION = 0.6;

/**
 * A footnote of an answer stands when its passage backs its sentence at the support threshold: the same bar as
 * a `respaldada` verification and the default `umbral` of cite, so a footnote means what a citation means.
 */
export const RESPALDO_NOTA = SUPPORT_THRESHOLD;

/**
 * A sentence that combines several cited passages ("A and B[^1][^2]") may be backed by them together and by
 * none alone: then, when the passages joined back it at RESPALDO_NOTA, each cited passage that alone gives at
 * least this much keeps its footnote.
 */
export const RESPALDO_PARTE = 0.3;

type Veredicto = Verificacion['veredicto'];

/**
 * The passage that backs a claim, by its judgements: the best-supported one when its support reaches
 * `umbral` and no passage contradicts the claim more strongly (at STRONG_CONTRADICTION or above); -1 when
 * none. Cite inserts a citation of this passage, and verify's `respaldada` rests on the same rule, so a
 * claim verify finds contradicted is never cited.
 */
export function backingPassage(judged: SupportJudgement[], umbral = SUPPORT_THRESHOLD): number {
  let best = -1;
  judged.forEach((j, i) => {
    if (best < 0 || j.respaldo > judged[best]!.respaldo) best = i;
  });
  if (best < 0 || judged[best]!.respaldo < umbral) return -1;
  const worstContradiction = Math.max(0, ...judged.map((j) => j.contradiccion));
  if (worstContradiction >= STRONG_CONTRADICTION && worstContradiction > judged[best]!.respaldo) return -1;
  return best;
}

/**
 * The verdict from the judgements of the whole claim and of its clauses (when it has several):
 * - respaldada: a passage backs the whole claim (respaldo ≥ 0.7), or every clause is backed by some passage;
 * - contradicha: a passage contradicts it strongly (≥ 0.6) and more strongly than any passage backs it;
 * - parcial: some clauses are backed and others not;
 * - sin_respaldo: none of these.
 * `probabilidad` is the best passage's support of the whole claim, or, when it is respaldada by its clauses,
 * the weakest clause's best support.
 */
export function verdictOf(
  whole: SupportJudgement[],
  clauses: SupportJudgement[][],
): { veredicto: Veredicto; probabilidad: number } {
  const best = Math.max(0, ...whole.map((j) => j.respaldo));
  const worstContradiction = Math.max(0, ...whole.map((j) => j.contradiccion));
  const clauseBest = clauses.map((js) => Math.max(0, ...js.map((j) => j.respaldo)));
  const backedClauses = clauses.filter((js) => backingPassage(js) >= 0).length;
  if (backingPassage(whole) >= 0) return { veredicto: 'respaldada', probabilidad: best };
  if (worstContradiction >= STRONG_CONTRADICTION && worstContradiction > best) {
    return { veredicto: 'contradicha', probabilidad: best };
  }
  if (clauses.length > 1 && backedClauses === clauses.length) {
    return { veredicto: 'respaldada', probabilidad: Math.max(best, Math.min(...clauseBest)) };
  }
  if (backedClauses > 0) return { veredicto: 'parcial', probabilidad: best };
  return { veredicto: 'sin_respaldo', probabilidad: best };
}

/** Weighted share of the question's terms an answer needs for `alta`. */
export const CONFIANZA_ALTA_COBERTURA = 0.6;
/** Below this share of the question's terms an answer is `baja`: it is about something else. */
export const CONFIANZA_BAJA_COBERTURA = 0.25;
/** Support every standing sentence of an `alta` answer has. */
export const CONFIANZA_ALTA_RESPALDO = 0.85;

/** What ask measured of an answer, for its confidence. */
export interface AnswerFacts {
  /**
   * Each sentence the writer wrote that says something: whether it stood (a footnote backs it), its support, and
   * whether it is about what the question names (its place, person, year …), not only on the question's theme.
   */
  sentences: { keep: boolean; respaldo: number; onQuestion: boolean }[];
  /** Weighted share of the question's terms the answer (with its sources' titles and sections) holds, 0-1. */
  covered: number;
  /** The answer holds what the question asks for (a number, a date, a name), or the question needs none. */
  answered: boolean;
}

/**
 * An answer's confidence, from what the footnote check left standing (every standing footnote already backs its
 * sentence at RESPALDO_NOTA) and from how much of the question the answer covers. `alta`: every sentence that
 * says something stood, each backed at CONFIANZA_ALTA_RESPALDO or more and about what the question names (a
 * backed sentence about another place or year does not answer: every sentence must answer), the answer covers at least
 * CONFIANZA_ALTA_COBERTURA of the question's terms, and it holds the asked-for thing. `baja`: nothing stood (the
 * answer says nothing was found), or it covers less than CONFIANZA_BAJA_COBERTURA. `media`: the rest — some of
 * what the writer said could not be backed and was left out, a sentence is backed only just, the asked-for thing
 * is missing, or the answer covers the question only in part.
 */
export function confidenceOf(facts: AnswerFacts): Respuesta['confianza'] {
  const kept = facts.sentences.filter((s) => s.keep);
  if (kept.length === 0) return 'baja';
  if (facts.covered < CONFIANZA_BAJA_COBERTURA) return 'baja';
  const allStood = facts.sentences.every((s) => s.keep);
  const wellBacked = kept.every((s) => s.respaldo >= CONFIANZA_ALTA_RESPALDO);
  const onQuestion = kept.every((s) => s.onQuestion);
  return allStood && wellBacked && onQuestion && facts.answered && facts.covered >= CONFIANZA_ALTA_COBERTURA
    ? 'alta'
    : 'media';
}
