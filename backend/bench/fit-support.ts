/**
 * Fits the lexical-semantic support scorer on SciFact's training claims and reports it on the dev claims:
 * `npx tsx backend/bench/fit-support.ts` prints the model's weights and the calibration breakpoints to put
 * in backend/src/support/calibration.ts, and the numbers documented there. Two steps, both on train only:
 * 1. a multinomial logistic model of support / contradiction / neither over the features of lexical.ts;
 * 2. an isotonic map from its support probability, once capped by the checks, to the share of SUPPORT pairs.
 * Dev is never fitted on: it is what `npm run eval:verify` reports.
 */
import { align } from '../src/support/align';
import { runChecks } from '../src/support/checks';
import { FEATURE_NAMES, features, type LogisticModel } from '../src/support/lexical';
import { createSupportScorer, sameQuantities } from '../src/support/scorer';
import type { SupportJudgement } from '../src/ai/support-scorer';
import { calibrationError, classification, fitIsotonic, fitMultinomial } from './logistic';
import { sciFactDir } from './scifact';
import { LABELS, loadCorpus, loadPairs, type LabeledPair } from './scifact-claims';

function featurize(pairs: LabeledPair[]) {
  return pairs.map((p) => {
    const [claim, passage] = [sameQuantities(p.claim), sameQuantities(p.passage)];
    const a = align(claim, passage);
    return features(a, runChecks(claim, passage, a));
  });
}

async function judge(pairs: LabeledPair[], deps: Parameters<typeof createSupportScorer>[0]) {
  const scorer = createSupportScorer(deps);
  const out: SupportJudgement[] = [];
  for (const p of pairs) out.push((await scorer.judge(p.claim, [p.passage]))[0]!);
  return out;
}

function summary(name: string, js: SupportJudgement[], pairs: LabeledPair[]) {
  const gold = pairs.map((p) => LABELS.indexOf(p.label));
  const pred = js.map((j) => {
    const all = [j.respaldo, j.contradiccion, Math.max(0, 1 - j.respaldo - j.contradiccion)];
    return all.indexOf(Math.max(...all));
  });
  const { accuracy, macroF1 } = classification(pred, gold, 3);
  const isSupport = gold.map((g) => (g === 0 ? 1 : 0));
  const above = js.flatMap((j, i) => (j.respaldo >= 0.7 ? [i] : []));
  const precision = above.filter((i) => isSupport[i] === 1).length / Math.max(1, above.length);
  const ece = calibrationError(
    js.map((j) => j.respaldo),
    isSupport,
  );
  const f = (x: number) => x.toFixed(3);
  console.log(
    `${name}: ${pairs.length} pairs, accuracy ${f(accuracy)}, macro-F1 ${f(macroF1)}, ECE(respaldo) ${f(ece)}, ` +
      `respaldo ≥ 0.7: ${above.length} pairs, precision ${f(precision)}`,
  );
}

async function main() {
  const SCIFACT = sciFactDir('fit-support');
  if (!SCIFACT) return;
  const corpus = loadCorpus(SCIFACT);
  const train = loadPairs(SCIFACT, 'train', corpus);
  const dev = loadPairs(SCIFACT, 'dev', corpus);
  const weights = fitMultinomial(
    featurize(train),
    train.map((p) => LABELS.indexOf(p.label)),
    3,
    { l2: 0.001, steps: 6000 },
  );
  const lexical: LogisticModel = { classes: ['respaldo', 'contradiccion', 'ninguna'], weights };
  const rawTrain = await judge(train, { lexical, lexicalCalibration: null });
  const calibration = fitIsotonic(
    rawTrain.map((j) => j.respaldo),
    train.map((p) => (p.label === 'SUPPORT' ? 1 : 0)),
  );
  summary('train, capped, uncalibrated', rawTrain, train);
  summary('dev, capped, uncalibrated', await judge(dev, { lexical, lexicalCalibration: null }), dev);
  summary('train, calibrated', await judge(train, { lexical, lexicalCalibration: calibration }), train);
  summary('dev, calibrated', await judge(dev, { lexical, lexicalCalibration: calibration }), dev);
  console.log('features:', FEATURE_NAMES.join(', '));
  console.log('weights:', JSON.stringify(weights));
  console.log('calibration:', JSON.stringify(calibration));
}

await main();
