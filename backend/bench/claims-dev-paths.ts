/**
 * The claims-dev figures of several judging paths side by side (eval:verify -- --claims-dev): the lexical
 * judge and, where the model is on the machine, the NLI-backed one, with what each gets right and how well its
 * `probabilidad` is calibrated.
 */
import { scoreClaimsDev, type DevOutcome } from './claims-dev-set';
import { calibrationSplits } from './verdict-calibration-halves';

/** One path's run over a language's claims, or why it did not run. */
export interface PathRun {
  name: string;
  outcomes?: DevOutcome[];
  seconds?: number;
  missing?: string;
}

const f = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));

/** Two markdown tables: the verdict figures of each path, then the calibration of its `probabilidad`. */
export function formatPaths(setName: string, paths: PathRun[]): string {
  const out: string[] = [`Paths side by side, ${setName}:\n`];
  out.push(
    '| path | claims | accuracy | macro-F1 | respaldada P / R | contradicha P / R | refuted called respaldada | s |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const p of paths) {
    if (!p.outcomes) {
      out.push(`| ${p.name} | ${p.missing} |`);
      continue;
    }
    const s = scoreClaimsDev(p.outcomes);
    out.push(
      `| ${p.name} | ${s.n} | ${f(s.accuracy)} | ${f(s.macroF1)} | ` +
        `${f(s.by.respaldada.precision)} / ${f(s.by.respaldada.recall)} | ` +
        `${f(s.by.contradicha.precision)} / ${f(s.by.contradicha.recall)} | ${s.refutedBacked} | ` +
        `${(p.seconds ?? 0).toFixed(0)} |`,
    );
  }
  out.push(
    '',
    'Calibration of probabilidad against "the label is respaldada" (expected calibration error, 10 bins), ' +
      'calibrated and, before →, the support it is calibrated from; held-out: the half the map was not fitted on:\n',
    '| path | held-out claims | ECE held-out | all claims | ECE all |',
    '|---|---|---|---|---|',
  );
  for (const p of paths) {
    if (!p.outcomes) continue;
    const { heldOut, all } = calibrationSplits(p.outcomes);
    out.push(
      `| ${p.name} | ${heldOut.n} | ${f(heldOut.raw)} → ${f(heldOut.calibrated)} | ${all.n} | ` +
        `${f(all.raw)} → ${f(all.calibrated)} |`,
    );
  }
  return out.join('\n').concat('\n');
}
