/** Fitting and measuring the support scorer's models (used by fit-support.ts and eval-verify.ts). */

/**
 * Multinomial logistic regression by full-batch gradient descent with L2 on the weights (not the biases).
 * `y` holds class indexes; returns one row of weights per class, bias first. Small data (hundreds of rows,
 * a dozen features): plain gradient descent converges in a few thousand steps.
 */
export function fitMultinomial(
  x: number[][],
  y: number[],
  classes: number,
  { l2 = 0.01, steps = 4000, rate = 0.5 } = {},
): number[][] {
  const d = x[0]!.length;
  const w = Array.from({ length: classes }, () => new Array<number>(d + 1).fill(0));
  for (let step = 0; step < steps; step++) {
    const grad = Array.from({ length: classes }, () => new Array<number>(d + 1).fill(0));
    x.forEach((row, n) => {
      const z = w.map((wc) => wc[0]! + row.reduce((s, v, i) => s + v * wc[i + 1]!, 0));
      const m = Math.max(...z);
      const e = z.map((v) => Math.exp(v - m));
      const sum = e.reduce((a, b) => a + b, 0);
      e.forEach((ec, c) => {
        const g = ec / sum - (y[n] === c ? 1 : 0);
        grad[c]![0]! += g;
        row.forEach((v, i) => (grad[c]![i + 1]! += g * v));
      });
    });
    w.forEach((wc, c) =>
      wc.forEach((_, i) => {
        const reg = i === 0 ? 0 : l2 * wc[i]!;
        wc[i] = wc[i]! - rate * (grad[c]![i]! / x.length + reg);
      }),
    );
  }
  return w.map((wc) => wc.map((v) => Math.round(v * 1000) / 1000));
}

/**
 * Isotonic regression of 0/1 outcomes on scores (pool adjacent violators): equal scores are one block from the
 * start, and a block of fewer than `minBlock` items is pooled with its neighbour, so no step rests on a handful
 * of claims. Returns the breakpoints (block's mean score, its share of positives), ascending, rounded to 3
 * decimals.
 */
export function fitIsotonic(scores: number[], outcomes: number[], minBlock = 20): [number, number][] {
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

/** Reliability of probabilities against outcomes: expected calibration error over `bins` equal-width bins. */
export function calibrationError(p: number[], outcomes: number[], bins = 10): number {
  let ece = 0;
  for (let b = 0; b < bins; b++) {
    const idx = p.flatMap((v, i) => (Math.min(bins - 1, Math.floor(v * bins)) === b ? [i] : []));
    if (idx.length === 0) continue;
    const conf = idx.reduce((s, i) => s + p[i]!, 0) / idx.length;
    const acc = idx.reduce((s, i) => s + outcomes[i]!, 0) / idx.length;
    ece += (idx.length / p.length) * Math.abs(conf - acc);
  }
  return ece;
}

/** Accuracy and macro-F1 of predicted class indexes, plus per-class F1. */
export function classification(pred: number[], gold: number[], classes: number) {
  const f1 = Array.from({ length: classes }, (_, c) => {
    const tp = pred.filter((p, i) => p === c && gold[i] === c).length;
    const fp = pred.filter((p, i) => p === c && gold[i] !== c).length;
    const fn = pred.filter((p, i) => p !== c && gold[i] === c).length;
    return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  });
  const accuracy = pred.filter((p, i) => p === gold[i]).length / Math.max(1, gold.length);
  return { accuracy, macroF1: f1.reduce((a, b) => a + b, 0) / classes, f1 };
}
