import type { Alignment } from './align';
import type { CheckOutcome } from './checks';

/** Names of the features the lexical-semantic scorer reads, in the order of `features()`. */
export const FEATURE_NAMES = [
  'cobertura_ventana',
  'pares_ventana',
  'cobertura_frase',
  'cobertura_pasaje',
  'cifra_ausente',
  'cifra_distinta',
  'anio_ausente',
  'anio_distinto',
  'sentido_opuesto',
  'negacion_invertida',
  'nombre_ausente',
  'nombre_distinto',
  'afirmacion_negada',
  'frase_negada',
  'mismo_sentido',
  'cobertura_completa',
] as const;

/**
 * The feature vector of one claim-passage pair. `semantic` (0-1, from the embedder's cosine, when there is
 * one) lifts the coverages where it exceeds them, so a paraphrase or a translation is not scored as unrelated.
 */
export function features(alignment: Alignment, checks: CheckOutcome, semantic?: number): number[] {
  const lift = (c: number) => (semantic === undefined ? c : Math.max(c, (c + semantic) / 2));
  const f = checks.flags;
  return [
    lift(alignment.window.coverage),
    alignment.window.pairs,
    lift(alignment.sentence.coverage),
    lift(alignment.whole.coverage),
    f.numberMissing > 0 ? 1 : 0,
    f.numberConflict > 0 ? 1 : 0,
    f.yearMissing > 0 ? 1 : 0,
    f.yearConflict > 0 ? 1 : 0,
    f.directionFlip ? 1 : 0,
    f.negationFlip ? 1 : 0,
    f.entityMissing > 0 ? 1 : 0,
    f.entitySwap ? 1 : 0,
    f.claimNegated ? 1 : 0,
    f.passageNegated ? 1 : 0,
    f.directionAgree ? 1 : 0,
    // Every content word of the claim in one or two sentences: what a quotation or close paraphrase looks like.
    alignment.window.literal >= 0.999 ? 1 : 0,
  ];
}

/**
 * A multinomial logistic model over the features: one row of weights per class (support, contradiction,
 * neither), bias first. Its probabilities are calibrated on labeled pairs (see support/calibration.ts).
 */
export interface LogisticModel {
  classes: readonly ['respaldo', 'contradiccion', 'ninguna'];
  /** Weights per class: [bias, ...one per feature]. */
  weights: number[][];
}

/** Class probabilities of one feature vector (softmax of the three linear scores). */
export function predict(model: LogisticModel, x: number[]): [number, number, number] {
  const z = model.weights.map((w) => w[0]! + x.reduce((s, v, i) => s + v * w[i + 1]!, 0));
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const sum = e.reduce((a, b) => a + b, 0);
  return [e[0]! / sum, e[1]! / sum, e[2]! / sum];
}
