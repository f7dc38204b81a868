/**
 * The calibration of verify's `probabilidad` on claims-dev: which half of each language's claims the map is
 * fitted on and which is held out (by a hash of the item's id, so the halves never change with the order of
 * the file or with the judge), the fit (isotonic, pool-adjacent-violators over tied supports, with a minimum
 * block size), and the expected calibration error of `probabilidad` against "the label is respaldada".
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

/**
 * Isotonic regression of 0/1 outcomes on scores (pool adjacent violators): equal scores are one block from the
 * start, and a block of fewer than `minBlock` items is pooled with its neighbour, so no step rests on a handful
 * of claims. Returns the breakpoints (block's mean score, its share of positives), ascending, rounded to 3
 * decimals.
 */
export function fitIsotonicMap(scores: number[], outcomes: number[], minBlock = MIN_BLOCK): [number, number][] {
  type Block = { sumScore: number; sum: number; n: number };
  const tied = new Map<number, Block>();
  scores.forEach((s, i) => {
    const b = tied.get(s) ?? { sumScore: 0, sum: 0, n: 0 };
    b.sumScore += s;
    b.sum += outcomes[i]!;
    b.n++;
    tied.set(s, b);
  });
  const mean = (b: Block) => b.sum / b.n;
  const blocks: Block[] = [];
  const pool = () => {
    const b = blocks.pop()!;
    const a = blocks.at(-1)!;
    a.sumScore += b.sumScore;
    a.sum += b.sum;
    a.n += b.n;
  };
  for (const [, b] of [...tied.entries()].sort((x, y) => x[0] - y[0])) {
    blocks.push({ ...b });
    while (blocks.length > 1 && (mean(blocks.at(-2)!) >= mean(blocks.at(-1)!) || blocks.at(-2)!.n < minBlock)) pool();
  }
  while (blocks.length > 1 && blocks.at(-1)!.n < minBlock) pool();
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return blocks.map((b) => [r(b.sumScore / b.n), r(mean(b))]);
}

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
