import type { NliProbabilities } from '../ai/nli';
import type { LogisticModel } from './lexical';

/**
 * The lexical-semantic scorer's model: a multinomial logistic regression over the features of
 * `lexical.ts` (coverage, word pairs, the checks' flags) into support / contradiction / neither, fitted
 * on SciFact's training claims (919 claim-abstract pairs: 370 SUPPORT, 194 CONTRADICT, 355 NOT ENOUGH INFO;
 * `npx tsx backend/bench/fit-support.ts`, L2 0.001, 6,000 gradient steps). Alone, on the 340 dev pairs:
 * accuracy 0.659, macro-F1 0.563, calibration error of its support probability 0.040. The scorer then caps
 * it by the checks and maps the capped score through `LEXICAL_CALIBRATION`.
 */
export const LEXICAL_MODEL: LogisticModel = {
  classes: ['respaldo', 'contradiccion', 'ninguna'],
  weights: [
    [
      -1.066, 0.752, 0.12, 0.52, 1.467, -0.224, -0.473, 0.255, -0.103, -1.053, -0.133, -0.251, 0.143, -0.41, 0.13, 0.17,
      0.487,
    ],
    [
      -1.813, 1.043, 0.009, 0.866, 0.87, -0.226, -0.649, -0.213, -0.029, 0.985, 0.27, -0.708, 0.189, 0.494, 0.269, -0.3,
      -0.32,
    ],
    [
      2.878, -1.795, -0.128, -1.386, -2.337, 0.451, 1.122, -0.042, 0.133, 0.068, -0.137, 0.959, -0.332, -0.084, -0.399,
      0.13, -0.167,
    ],
  ],
};

/**
 * The isotonic map from the lexical scorer's support, once capped by the checks, to the share of SciFact
 * training pairs with that score that are SUPPORT (pool-adjacent-violators, blocks of ≥ 20 pairs), as
 * (score, probability) breakpoints interpolated linearly. On the 340 dev pairs (never fitted on) it brings
 * the expected calibration error of `respaldo` from 0.078 to 0.054; 81 % of the 36 dev pairs it puts at
 * ≥ 0.7 are SUPPORT (uncalibrated: 88 % of 25). Refit with `npx tsx backend/bench/fit-support.ts`.
 */
export const LEXICAL_CALIBRATION: readonly (readonly [number, number])[] = [
  [0.033, 0],
  [0.078, 0.032],
  [0.122, 0.146],
  [0.176, 0.25],
  [0.253, 0.349],
  [0.372, 0.356],
  [0.474, 0.477],
  [0.581, 0.545],
  [0.638, 0.631],
  [0.698, 0.741],
  [0.807, 0.939],
];

/** Piecewise-linear interpolation through ascending `points`, flat beyond the first and the last. */
export function interpolate(points: readonly (readonly [number, number])[], x: number): number {
  if (points.length === 0) return x;
  if (x <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    if (x <= x1) {
      const [x0, y0] = points[i - 1]!;
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return points.at(-1)![1];
}

/** Maps an NLI model's raw probabilities to calibrated ones (fitted per model; identity when none is known). */
export type NliCalibration = (p: NliProbabilities) => { entailment: number; contradiction: number };
