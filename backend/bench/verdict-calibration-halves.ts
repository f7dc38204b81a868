/**
 * The calibration of verify's `probabilidad` on claims-dev: which half of each language's claims the map is
 * fitted on and which is held out (by a hash of the item's id, so the halves never change with the order of
 * the file or with the judge), the fewest claims a step of the map may rest on (the fit is `fitIsotonic` of
 * logistic.ts), and the expected calibration error of `probabilidad` against "the label is respaldada".
 * Used by fit-verdict-calibration.ts (which fits) and eval-verify.ts (which reports).
 */
import { createHash } from 'node:crypto';
import { calibrationError } from './logistic';
import type { DevOutcome } from './claims-dev-set';

/** Which half an item is in: the first byte of the SHA-256 of its id, even for the fit half, odd for held out. */
export function calibrationHalf(id: string): 'fit' | 'held-out' {
  return createHash('sha256').update(id).digest()[0]! % 2 === 0 ? 'fit' : 'held-out';
}

/** The fewest claims a block of the isotonic map may rest on. */
export const MIN_BLOCK = 60;

const backed = (os: DevOutcome[]) => os.map((o) => (o.claim.expected === 'respaldada' ? 1 : 0));

/** ECE (10 equal-width bins) of the uncalibrated support and of `probabilidad`, against "the label is respaldada". */
export function calibrationOf(outcomes: DevOutcome[]): { n: number; raw: number; calibrated: number } {
  return {
    n: outcomes.length,
    raw: calibrationError(
      outcomes.map((o) => o.uncalibrated),
      backed(outcomes),
    ),
    calibrated: calibrationError(
      outcomes.map((o) => o.probabilidad),
      backed(outcomes),
    ),
  };
}

/** The held-out half of a language's outcomes and the whole set, each with its calibration errors. */
export function calibrationSplits(outcomes: DevOutcome[]) {
  return {
    heldOut: calibrationOf(outcomes.filter((o) => calibrationHalf(o.claim.id) === 'held-out')),
    all: calibrationOf(outcomes),
  };
}
