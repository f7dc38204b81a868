/**
 * Fits the calibration of verify's `probabilidad` (src/support/verdict-calibration.ts) on the outside material's
 * claims-dev: `npx tsx backend/bench/fit-verdict-calibration.ts` (about 3 minutes). Every claim is run through
 * verify's judge (`judgeClaim`, lexical scorer); on the fit half of each language (verdict-calibration-halves.ts)
 * an isotonic map is fitted from the verdict's support (its uncalibrated `probabilidad`) to "the label is respaldada", one for English, one for
 * Spanish and one pooled over both (`otras`, for claims of any other language); the data module is written
 * again and the calibration errors before and after are printed for the held-out half and the whole set.
 *
 * With `--nli` the NLI path is fitted instead, with the model of FOLIO_MODELS_DIR / FOLIO_NLI_MODEL (the other
 * path's maps are kept). `--min-block N` sets the fewest claims per step (default MIN_BLOCK). `--dry-run`
 * prints without writing. The output depends only on the judge and the data: run it again after any change to
 * the judge's rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { createTransformersNli, findNliModel } from '../src/ai/transformers-nli';
import { loadConfig } from '../src/config';
import { createSupportScorer } from '../src/support/scorer';
import type { SupportScorer } from '../src/ai/support-scorer';
import {
  VERDICT_CALIBRATION,
  VERDICT_CALIBRATION_FIT,
  type CalibrationMaps,
  type VerdictCalibration,
} from '../src/support/verdict-calibration';
import { calibratedSupport } from '../src/support/verdict-probability';
import { loadClaimsDev, runClaimsDev, type DevOutcome } from './claims-dev-set';
import { fitIsotonic } from './logistic';
import { calibrationHalf, calibrationSplits, MIN_BLOCK } from './verdict-calibration-halves';

const MODULE = path.join(import.meta.dirname, '../src/support/verdict-calibration.ts');

const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function scorerFor(nli: boolean): Promise<SupportScorer> {
  if (!nli) return createSupportScorer();
  const config = loadConfig({ ...process.env, FOLIO_LOG: 'silent' });
  const model = { modelsDir: config.modelsDir, model: config.nli.model };
  await findNliModel(model);
  return createSupportScorer({ nli: await createTransformersNli(model) });
}

/** The maps of one path: per language on its fit half, and `otras` on both fit halves together. */
export function fitMaps(byLang: Record<string, DevOutcome[]>, minBlock: number): CalibrationMaps {
  const fit = (os: DevOutcome[]) => {
    const half = os.filter((o) => calibrationHalf(o.claim.id) === 'fit');
    return fitIsotonic(
      half.map((o) => o.uncalibrated),
      half.map((o) => (o.claim.expected === 'respaldada' ? 1 : 0)),
      minBlock,
    );
  };
  const maps: Record<string, [number, number][]> = {};
  for (const [lang, os] of Object.entries(byLang)) maps[lang] = fit(os);
  maps.otras = fit(Object.values(byLang).flat());
  return maps;
}

const points = (ps: readonly (readonly [number, number])[]) => ps.map(([x, y]) => `[${x}, ${y}]`).join(', ');

type Fits = Readonly<Partial<Record<'lexico' | 'nli', readonly string[]>>>;

function moduleText(calibration: VerdictCalibration, fits: Fits): string {
  const paths = Object.entries(calibration)
    .map(
      ([p, maps]) =>
        `  ${p}: {\n${Object.entries(maps!)
          .map(([lang, ps]) => `    ${lang}: [${points(ps)}],`)
          .join('\n')}\n  },`,
    )
    .join('\n');
  const lines = (ls: readonly string[]) => ls.map((l) => JSON.stringify(l)).join(', ');
  return `/** Breakpoints (support, probability) of one map, ascending, interpolated linearly and flat beyond the ends. */
export type CalibrationPoints = readonly (readonly [number, number])[];
/** One path's maps by claim language ('en', 'es'), with \`otras\` pooled over all for any other language. */
export type CalibrationMaps = Readonly<Record<string, CalibrationPoints>>;
/** The maps of each scorer path. */
export type VerdictCalibration = Readonly<Partial<Record<'lexico' | 'nli', CalibrationMaps>>>;

/**
 * The calibration of verify's \`probabilidad\` (support/verdict-probability.ts): per scorer path and claim language,
 * the isotonic map from the verdict's support to the share of claims labelled \`respaldada\`. Fitted by
 * \`npx tsx backend/bench/fit-verdict-calibration.ts\` (add \`--nli\` for the NLI path) on the fit half of
 * claims-dev (CLIMATE-FEVER in English, esXNLI in Spanish; the halves split by a hash of the item's id),
 * pool-adjacent-violators; \`otras\` pools both languages. Generated: refit after any change to the judge's rules
 * rather than editing it. What each fit measured is in \`VERDICT_CALIBRATION_FIT\`.
 */
export const VERDICT_CALIBRATION: VerdictCalibration = {
${paths}
};

/**
 * Each path's fit: its fewest claims per step, then the expected calibration error (10 bins) of \`probabilidad\`
 * against "the label is respaldada" per language, uncalibrated → calibrated, on the held-out half and the whole set.
 */
export const VERDICT_CALIBRATION_FIT: Readonly<Partial<Record<'lexico' | 'nli', readonly string[]>>> = {
${Object.entries(fits)
  .map(([p, ls]) => `  ${p}: [${lines(ls!)}],`)
  .join('\n')}
};
`;
}

async function main() {
  const nli = process.argv.includes('--nli');
  const minBlock = Number(option('--min-block') ?? MIN_BLOCK);
  const scorer = await scorerFor(nli);
  const byLang: Record<string, DevOutcome[]> = {};
  for (const set of loadClaimsDev()) {
    const started = performance.now();
    byLang[set.lang] = await runClaimsDev(set, scorer);
    console.log(
      `${set.name}: ${set.claims.length} claims judged in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  if (!byLang.en || !byLang.es) {
    console.log('fit-verdict-calibration: both languages of claims-dev are needed; nothing written.');
    return;
  }
  const pathName = nli ? 'nli' : 'lexico';
  const maps = fitMaps(byLang, minBlock);
  const calibration: VerdictCalibration = { ...VERDICT_CALIBRATION, [pathName]: maps };
  const summary: string[] = [`at least ${minBlock} claims per step`];
  const f = (x: number) => x.toFixed(3);
  for (const [lang, os] of Object.entries(byLang)) {
    const recalibrated = os.map((o) => ({
      ...o,
      probabilidad: calibratedSupport(maps, o.claim.claim, o.uncalibrated)!,
    }));
    const { heldOut, all } = calibrationSplits(recalibrated);
    summary.push(
      `${lang}: held-out half (${heldOut.n} claims) ${f(heldOut.raw)} → ${f(heldOut.calibrated)}; ` +
        `whole set (${all.n}) ${f(all.raw)} → ${f(all.calibrated)}`,
    );
  }
  for (const l of summary) console.log(`${pathName}, ${l}`);
  for (const [lang, ps] of Object.entries(maps)) console.log(`${lang}: ${JSON.stringify(ps)}`);
  if (process.argv.includes('--dry-run')) return;
  // Laid out as the repository's formatter would, so that the lint passes on what is written.
  const options = { ...(await resolveConfig(MODULE)), filepath: MODULE };
  fs.writeFileSync(
    MODULE,
    await format(moduleText(calibration, { ...VERDICT_CALIBRATION_FIT, [pathName]: summary }), options),
  );
  console.log(`written: ${path.relative(process.cwd(), MODULE)}`);
}

await main();
