import { closestPassage, lexicalNote, type Pasaje, type Verificacion } from '@folio/shared';
import type { Deps } from '../context';
import { verdictOf } from '../support/bar';
import { claimClauses } from '../support/clauses';
import type { SupportJudgement, SupportScorer } from '../ai/support-scorer';
import { judgeKind } from './documents/judge-kind';
import { verdictProbability } from '../support/verdict-probability';
import { searchLibrary } from './search';

export interface VerifyRequest {
  afirmacion: string;
  /** Year of the text making the claim: sources dated later cannot back it. */
  anio?: number;
  /** Passages weighed (default 10, maximum 50). */
  k?: number;
  documentos?: string[];
  biblioteca?: string;
}

export const DEFAULT_VERIFY_K = 10;

type PasajeVerificado = Verificacion['pasajes'][number];
type Veredicto = Verificacion['veredicto'];

/** Later than the claim: a source dated after the text that makes the claim cannot be its backing. */
const tooLate = (p: Pasaje, anio?: number) =>
  anio !== undefined && p.documento.anio !== undefined && p.documento.anio > anio;

/**
 * A claim judged against passages: each passage's judgement of the whole claim, and the verdict from those and
 * from the judgements of the claim's clauses (when it has several), with `probabilidad` calibrated from the
 * verdict's support (support/verdict-probability.ts; `uncalibrated` is that support). What verify answers once it has its
 * passages; `eval:verify -- --claims-dev` runs the same function on labelled claims.
 */
export async function judgeClaim(
  scorer: SupportScorer,
  claim: string,
  texts: string[],
  signal?: AbortSignal,
): Promise<{
  whole: SupportJudgement[];
  veredicto: Veredicto;
  probabilidad: number;
  uncalibrated: number;
}> {
  const whole = await scorer.judge(claim, texts, signal);
  const parts = claimClauses(claim);
  const clauses = parts.length > 1 ? await Promise.all(parts.map((c) => scorer.judge(c, texts, signal))) : [];
  const verdict = verdictOf(whole, clauses);
  return {
    whole,
    veredicto: verdict.veredicto,
    ...verdictProbability(scorer.name, claim, verdict.probabilidad, texts.length),
  };
}

/**
 * Checks a claim against the caller's library: the claim is searched like any query (so only the
 * caller's passages, with `cita`, `localizador` and `enlace` from their stored anchors, exactly as search
 * gives them), passages from sources later than `anio` are set aside as IMPOSIBLE_TEMPORAL, and every
 * other passage is judged by the support scorer, for the whole claim and for each of its clauses.
 * Passages come back strongest first (backing or contradicting), the temporally impossible ones last.
 * `juez` says which judge answered; when the lexical one found no backing, `nota` and `cercano` say that the
 * closest passage does not state the claim in the same words and that the NLI model judges paraphrase.
 */
export async function verifyClaim(
  deps: Pick<Deps, 'db' | 'config' | 'engines'> & Partial<Pick<Deps, 'log'>>,
  userId: string,
  req: VerifyRequest,
  signal?: AbortSignal,
): Promise<Verificacion> {
  const started = performance.now();
  const k = req.k ?? DEFAULT_VERIFY_K;
  // Quotes in a claim are the claim's own, not a demand that the phrase appear literally.
  const q = req.afirmacion.replace(/["“”«»]/g, ' ');
  // With a year, look further so that k passages remain once the later ones are set aside.
  const found = await searchLibrary(deps, userId, {
    q,
    k: req.anio !== undefined ? Math.min(50, k * 2) : k,
    documentos: req.documentos,
    biblioteca: req.biblioteca,
  });
  const timely = found.pasajes.flatMap((p, i) => (tooLate(p, req.anio) ? [] : [i])).slice(0, k);
  const judged = timely.map((i) => found.pasajes[i]!);
  const late = found.pasajes.filter((p) => tooLate(p, req.anio)).slice(0, k);

  // Judged on the whole passage each result was narrowed from, as the claim's backing may span its blocks.
  const texts = timely.map((i) => found.contextos[i]!);
  const { whole, veredicto, probabilidad } = await judgeClaim(deps.engines.support, req.afirmacion, texts, signal);

  const weighed: PasajeVerificado[] = judged
    .map((p, i) => ({ p, j: whole[i]!, rank: i }))
    .sort(
      (a, b) =>
        Math.max(b.j.respaldo, b.j.contradiccion) - Math.max(a.j.respaldo, a.j.contradiccion) || a.rank - b.rank,
    )
    .map(({ p, j }) => ({ ...p, relacion: j.relacion, respaldo: j.respaldo }));
  const impossible: PasajeVerificado[] = late.map((p) => ({ ...p, relacion: 'IMPOSIBLE_TEMPORAL', respaldo: 0 }));
  const pasajes = [...weighed, ...impossible];
  const juez = judgeKind(deps.engines.support);
  // Without a model, no backing may only mean other words: the note says so and names the closest passage.
  const nota = lexicalNote({ veredicto, pasajes, juez });
  return {
    afirmacion: req.afirmacion,
    veredicto,
    respaldada: veredicto === 'respaldada',
    probabilidad,
    pasajes,
    ms: Math.round(performance.now() - started),
    juez,
    ...(nota && { nota, cercano: closestPassage(pasajes)!.id }),
  };
}
