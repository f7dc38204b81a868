/**
 * Support scoring on a labeled set: `npm run eval:verify` (or `npx tsx backend/bench/eval-verify.ts`).
 * SciFact dev claims (`scifact/` of the outside test material): each claim with evidence against each abstract its
 * evidence names (SUPPORT or CONTRADICT), and each claim without evidence against the abstracts it cites
 * (NOT ENOUGH INFO). Every scorer this machine has is run on the same pairs: the lexical-semantic scorer,
 * with the embedding model when one is under FOLIO_MODELS_DIR (or FOLIO_EMBEDDINGS_URL), and the NLI model
 * (FOLIO_NLI_MODEL) when present; a missing one is listed as not available.
 *
 * Printed per scorer: label accuracy and macro-F1 over support / contradiction / no-info, two ways —
 * `argmax` (the largest of respaldo, contradiccion and what remains) and `umbral` (the relation the API
 * gives: APOYO_DIRECTO needs respaldo ≥ 0.7, CONTRADICCION contradiccion ≥ 0.5) — then the calibration of
 * `respaldo` (expected calibration error, 10 bins) and the precision of respaldo ≥ 0.7. The lexical model
 * was fitted on the train claims only (backend/bench/fit-support.ts); dev is never fitted on.
 *
 * Then Folio's own claim set (backend/bench/verify-claims.json, see verify-claims.ts): Spanish and English
 * claims of every kind (literal copies, paraphrases, equivalent figures, partial, contradicted, unstated,
 * unrelated, too late) over a small library of real files, checked through POST /verificar: accuracy and
 * macro-F1 over the four verdicts per split and language, per kind with the ids of the wrong claims, and how
 * often the best passage comes from the expected document. Run with the engines this machine's configuration
 * gives and, when those include any model, again with none (the lexical path).
 *
 * Then the outside material's `claims-dev/` (claims-dev-set.ts: CLIMATE-FEVER in English, esXNLI in Spanish,
 * labelled by other people) through the judge verify answers with, lexical (no model): per language accuracy,
 * macro-F1, precision and recall of each verdict, and the refuted claims called `respaldada`. `--misses` lists
 * the claims wrongly called `respaldada` or `contradicha`. Then, side by side per language, the lexical path and
 * the NLI path (the scorer the support engine builds with FOLIO_NLI_MODEL under FOLIO_MODELS_DIR; 'not available'
 * without it): the same figures, and the expected calibration error of `probabilidad` (calibrated, and the
 * support it comes from) against "the label is respaldada" on the half its calibration was never fitted on
 * (bench/fit-verdict-calibration.ts) and on the whole set. With `--floor`, exits non-zero when a figure falls
 * below `CLAIMS_DEV_FLOORS` or the held-out calibration error of the lexical path passes `CALIBRATION_CEILING`
 * (CI runs `eval:verify -- --claims-dev --floor`). `--limit N` judges only the first N claims of each language
 * (and checks no floor): a quick run of the NLI path. Skips with a message where the material is absent.
 *
 * `--scifact`, `--own` or `--claims-dev` runs only that part (default all three).
 */
import type { Embedder } from '../src/ai/embedder';
import { createOpenAiEmbedder } from '../src/ai/openai-embedder';
import { createTransformersEmbedder } from '../src/ai/transformers-embedder';
import { createTransformersNli, findNliModel } from '../src/ai/transformers-nli';
import { loadConfig } from '../src/config';
import { createSupportScorer } from '../src/support/scorer';
import type { SupportJudgement, SupportScorer } from '../src/ai/support-scorer';
import { calibrationError, classification } from './logistic';
import { sciFactDir } from './scifact';
import { LABELS, loadCorpus, loadPairs, type LabeledPair } from './scifact-claims';
import { formatOwnSetRun, loadClaimSet, runOwnClaimSet } from './verify-claims';
import { VEREDICTOS } from '@folio/shared';
import { DISTRACTORS, LABELLED, loadClaimsDev, runClaimsDev, scoreClaimsDev, type DevScores } from './claims-dev-set';
import { formatPaths, type PathRun } from './claims-dev-paths';
import { calibrationSplits } from './verdict-calibration-halves';

interface Row {
  name: string;
  result?: ReturnType<typeof measure> & { msPerPair: number };
  missing?: string;
}

/** The evaluation pairs: evidence docs of claims with evidence, cited docs of claims without any. */
export function evaluationPairs(pairs: LabeledPair[]): LabeledPair[] {
  const withEvidence = new Set(pairs.filter((p) => p.label !== 'NEI').map((p) => p.claimId));
  return pairs.filter((p) => p.label !== 'NEI' || !withEvidence.has(p.claimId));
}

const argmax = (j: SupportJudgement) => {
  const rest = Math.max(0, 1 - j.respaldo - j.contradiccion);
  const all = [j.respaldo, j.contradiccion, rest];
  return all.indexOf(Math.max(...all));
};
const byRelation = (j: SupportJudgement) =>
  j.relacion === 'APOYO_DIRECTO' ? 0 : j.relacion === 'CONTRADICCION' ? 1 : 2;

function measure(judgements: SupportJudgement[], pairs: LabeledPair[]) {
  const gold = pairs.map((p) => LABELS.indexOf(p.label));
  const isSupport = gold.map((g) => (g === 0 ? 1 : 0));
  const support = judgements.map((j) => j.respaldo);
  const above = support.flatMap((s, i) => (s >= 0.7 ? [i] : []));
  return {
    argmax: classification(judgements.map(argmax), gold, 3),
    umbral: classification(judgements.map(byRelation), gold, 3),
    ece: calibrationError(support, isSupport),
    above: above.length,
    precision: above.length ? above.filter((i) => isSupport[i] === 1).length / above.length : NaN,
  };
}

async function run(scorer: SupportScorer, pairs: LabeledPair[]) {
  const started = performance.now();
  const judgements: SupportJudgement[] = [];
  for (const p of pairs) judgements.push((await scorer.judge(p.claim, [p.passage]))[0]!);
  return { ...measure(judgements, pairs), msPerPair: (performance.now() - started) / pairs.length };
}

async function localEmbedder(config: ReturnType<typeof loadConfig>): Promise<Embedder | string> {
  const { remote, localModel } = config.embeddings;
  if (remote) return createOpenAiEmbedder(remote);
  try {
    return await createTransformersEmbedder({ modelsDir: config.modelsDir, model: localModel });
  } catch {
    return `not available (${localModel} not in ${config.modelsDir})`;
  }
}

async function sciFactPart() {
  const SCIFACT = sciFactDir('eval:verify');
  if (!SCIFACT) return;
  const config = loadConfig({ ...process.env, FOLIO_LOG: 'silent' });
  const pairs = evaluationPairs(loadPairs(SCIFACT, 'dev', loadCorpus(SCIFACT)));
  const count = (l: string) => pairs.filter((p) => p.label === l).length;
  console.log(
    `SciFact dev: ${pairs.length} claim-abstract pairs (${count('SUPPORT')} support, ` +
      `${count('CONTRADICT')} contradict, ${count('NEI')} not enough info)\n`,
  );

  const rows: Row[] = [];
  rows.push({ name: 'léxico-semántico + comprobaciones', result: await run(createSupportScorer(), pairs) });
  const embedder = await localEmbedder(config);
  rows.push(
    typeof embedder === 'string'
      ? { name: 'léxico-semántico + embeddings', missing: embedder }
      : { name: `léxico-semántico + ${embedder.name}`, result: await run(createSupportScorer({ embedder }), pairs) },
  );
  const nliModel = { modelsDir: config.modelsDir, model: config.nli.model };
  try {
    await findNliModel(nliModel);
    const nli = await createTransformersNli(nliModel);
    rows.push({ name: `NLI ${nli.name} + comprobaciones`, result: await run(createSupportScorer({ nli }), pairs) });
  } catch (err) {
    rows.push({
      name: `NLI ${config.nli.model}`,
      missing: `not available (${(err as Error).message.split(':')[0]}; set FOLIO_MODELS_DIR / FOLIO_NLI_MODEL)`,
    });
  }

  const f = (x: number) => (Number.isNaN(x) ? '  —  ' : x.toFixed(3));
  const header =
    '| scorer | acc (argmax) | macro-F1 (argmax) | acc (umbral) | macro-F1 (umbral) | F1 S/C/N (argmax) | ECE respaldo | respaldo ≥ 0.7: n, precision | ms/pair |';
  console.log(header);
  console.log(
    `|${header
      .split('|')
      .slice(1, -1)
      .map(() => '---')
      .join('|')}|`,
  );
  for (const row of rows) {
    if (!row.result) {
      console.log(`| ${row.name} | ${row.missing} |`);
      continue;
    }
    const r = row.result;
    console.log(
      `| ${row.name} | ${f(r.argmax.accuracy)} | ${f(r.argmax.macroF1)} | ${f(r.umbral.accuracy)} | ` +
        `${f(r.umbral.macroF1)} | ${r.argmax.f1.map(f).join(' / ')} | ${f(r.ece)} | ${r.above}, ${f(r.precision)} | ` +
        `${r.msPerPair.toFixed(1)} |`,
    );
  }
  const majority = Math.max(count('SUPPORT'), count('CONTRADICT'), count('NEI')) / pairs.length;
  console.log(`\nMajority-class accuracy: ${f(majority)}.`);
}

async function ownSetPart() {
  const set = loadClaimSet();
  const count = (lang: string) => set.claims.filter((c) => c.lang === lang).length;
  console.log(
    `## Folio's own claim set\n\n${set.claims.length} claims (${count('es')} Spanish, ${count('en')} English) over ` +
      `${set.library.length} files (backend/bench/verify-claims.json).\n`,
  );
  const configured = await runOwnClaimSet(set);
  console.log(`### ${configured.lexical ? 'Lexical path (no model on this machine)' : 'Configured engines'}\n`);
  console.log(formatOwnSetRun(configured));
  if (!configured.lexical) {
    console.log('\n### Lexical path (no embeddings, cross-encoder or NLI)\n');
    console.log(formatOwnSetRun(await runOwnClaimSet(set, { lexicalOnly: true })));
  }
}

/**
 * The accepted claims-dev figures per language (raise them as the judge improves; lower only with a reason in
 * the commit). `refutedBacked` is a ceiling: refuted claims called `respaldada`, at most.
 */
const CLAIMS_DEV_FLOORS: Record<'en' | 'es', Record<string, number>> = {
  // Lowered with a reason (precision before recall): accuracy, macro-F1, respaldada recall and English
  // contradicha precision fell when respaldada stopped being given on a word the passage does not say (all but
  // one, or any of a short claim), on words spread over sentences and on a hedged passage; respaldada precision
  // rose (en 0.74 -> 0.80, es 0.64 -> 0.71).
  // English contradicha precision fell again (0.29 -> 0.26) when a figure in dispute stopped counting against
  // the same subject; the own set's careful labels rose (macro-F1 0.818 -> 0.840).
  // A negation flip counts against a claim only when the negation reaches a word both texts hold: Spanish
  // contradicha precision 0.62 -> 0.72, its recall 0.29 -> 0.25 and macro-F1 0.39 -> 0.38 (precision first).
  // even*: precision with the three labels weighed equally, as on the held-out sets (50 claims of each).
  en: {
    accuracy: 0.35,
    macroF1: 0.3,
    respaldadaPrecision: 0.81,
    respaldadaRecall: 0.06,
    contradichaPrecision: 0.27,
    contradichaRecall: 0.31,
    refutedBacked: 2,
    evenRespaldadaPrecision: 0.7,
    evenContradichaPrecision: 0.49,
  },
  es: {
    accuracy: 0.43,
    macroF1: 0.37,
    respaldadaPrecision: 0.7,
    respaldadaRecall: 0.13,
    contradichaPrecision: 0.71,
    contradichaRecall: 0.24,
    refutedBacked: 20,
    evenRespaldadaPrecision: 0.7,
    evenContradichaPrecision: 0.71,
  },
};

/** The most the expected calibration error of `probabilidad` may be on a language's held-out half (lexical path). */
const CALIBRATION_CEILING = 0.1;

/** Each floor's figure from the scores. */
function claimsDevFigures(s: DevScores): Record<string, number> {
  return {
    accuracy: s.accuracy,
    macroF1: s.macroF1,
    respaldadaPrecision: s.by.respaldada.precision,
    respaldadaRecall: s.by.respaldada.recall,
    contradichaPrecision: s.by.contradicha.precision,
    contradichaRecall: s.by.contradicha.recall,
    refutedBacked: s.refutedBacked,
    evenRespaldadaPrecision: s.equalLabels.respaldadaPrecision,
    evenContradichaPrecision: s.equalLabels.contradichaPrecision,
  };
}

async function claimsDevPart(): Promise<string[]> {
  const limit = Number(option('--limit') ?? Infinity);
  const sets = loadClaimsDev().map((set) => ({ ...set, claims: set.claims.slice(0, limit) }));
  const below: string[] = [];
  const f = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));
  const config = loadConfig({ ...process.env, FOLIO_LOG: 'silent' });
  const nli = sets.length ? await nliScorer(config) : undefined;
  if (Number.isFinite(limit)) console.log(`The first ${limit} claims of each language only (--limit): no floors.\n`);
  for (const set of sets) {
    const started = performance.now();
    const outcomes = await runClaimsDev(set, createSupportScorer());
    const seconds = (performance.now() - started) / 1000;
    const paths: PathRun[] = [{ name: 'léxico (sin modelo)', outcomes, seconds }];
    if (typeof nli === 'string') paths.push({ name: `NLI ${config.nli.model}`, missing: nli });
    else if (nli) {
      const nliStarted = performance.now();
      const nliOutcomes = await runClaimsDev(set, nli);
      paths.push({ name: nli.name, outcomes: nliOutcomes, seconds: (performance.now() - nliStarted) / 1000 });
    }
    const s = scoreClaimsDev(outcomes);
    const count = (v: string) => set.claims.filter((c) => c.expected === v).length;
    console.log(
      `### ${set.name}: ${s.n} claims (${LABELLED.map((v) => `${count(v)} ${v}`).join(', ')}), ` +
        `each against its evidence and the ${DISTRACTORS} other evidence texts of ${set.texts.length} nearest to it; ` +
        `lexical judge, ${seconds.toFixed(0)} s\n`,
    );
    console.log(
      `accuracy ${f(s.accuracy)}, macro-F1 ${f(s.macroF1)} (over the three labelled verdicts; parcial counts as ` +
        `wrong); refuted claims called respaldada: ${s.refutedBacked}\n`,
    );
    const e = s.equalLabels;
    console.log(
      `With the three labels weighed equally (as on the held-out sets, 50 claims of each): accuracy ` +
        `${f(e.accuracy)}, macro-F1 ${f(e.macroF1)}, respaldada precision ${f(e.respaldadaPrecision)}, ` +
        `contradicha precision ${f(e.contradichaPrecision)}\n`,
    );
    console.log('| verdict | given | expected | precision | recall | F1 |\n|---|---|---|---|---|---|');
    for (const v of VEREDICTOS) {
      const r = s.by[v];
      console.log(`| ${v} | ${r.given} | ${r.expected} | ${f(r.precision)} | ${f(r.recall)} | ${f(r.f1)} |`);
    }
    console.log(`\nConfusion (rows expected, columns got):\n\n| expected \\ got | ${VEREDICTOS.join(' | ')} |`);
    console.log(`|${['', ...VEREDICTOS].map(() => '---').join('|')}|`);
    VEREDICTOS.forEach((v, i) => console.log(`| ${v} | ${s.confusion[i]!.join(' | ')} |`));
    const wrongBacked = outcomes.filter((o) => o.got === 'respaldada' && o.claim.expected !== 'respaldada');
    const fromOther = wrongBacked.filter((o) => !o.bestIsOwn).length;
    console.log(
      `\nWrongly respaldada: ${wrongBacked.length}, of which ${fromOther} on a distractor's support (best passage ` +
        "not the claim's own evidence).\n",
    );
    if (process.argv.includes('--misses')) {
      for (const o of outcomes) {
        const wrong = o.got !== o.claim.expected && (o.got === 'respaldada' || o.got === 'contradicha');
        if (wrong) {
          console.log(
            `- ${o.claim.id} ${o.claim.expected} → ${o.got} ${o.probabilidad.toFixed(2)}` +
              `${o.bestIsOwn ? '' : ' (distractor)'}: ${o.claim.claim}`,
          );
        }
      }
      console.log('');
    }
    console.log(formatPaths(set.name, paths));
    if (Number.isFinite(limit)) continue;
    const floors = CLAIMS_DEV_FLOORS[set.lang];
    const figures = claimsDevFigures(s);
    for (const [k, floor] of Object.entries(floors)) {
      const x = figures[k]!;
      if (k === 'refutedBacked' ? x > floor : !(x + 1e-9 >= floor)) {
        below.push(`${set.lang} ${k} ${k === 'refutedBacked' ? x : f(x)} is past its floor ${floor}`);
      }
    }
    const heldOut = calibrationSplits(outcomes).heldOut.calibrated;
    if (heldOut > CALIBRATION_CEILING) {
      below.push(
        `${set.lang} held-out calibration error ${f(heldOut)} is past its ceiling ${CALIBRATION_CEILING} ` +
          '(refit: npx tsx backend/bench/fit-verdict-calibration.ts)',
      );
    }
  }
  return below;
}

/** The NLI-backed scorer as the support engine builds it, or why there is none. */
async function nliScorer(config: ReturnType<typeof loadConfig>): Promise<SupportScorer | string> {
  const model = { modelsDir: config.modelsDir, model: config.nli.model };
  try {
    await findNliModel(model);
    return createSupportScorer({ nli: await createTransformersNli(model) });
  } catch (err) {
    return `not available (${(err as Error).message.split(':')[0]}; set FOLIO_MODELS_DIR / FOLIO_NLI_MODEL)`;
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const parts = ['--scifact', '--own', '--claims-dev'].filter((p) => process.argv.includes(p));
  const runs = (p: string) => parts.length === 0 || parts.includes(p);
  const headed = parts.length !== 1;
  if (runs('--scifact')) {
    if (headed) console.log('## SciFact dev\n');
    await sciFactPart();
    if (headed) console.log('');
  }
  if (runs('--own')) {
    await ownSetPart();
    if (headed) console.log('');
  }
  if (runs('--claims-dev')) {
    console.log('## claims-dev (outside material, labelled by other people)\n');
    const below = await claimsDevPart();
    for (const line of below) console.log(`eval:verify: ${line}`);
    if (process.argv.includes('--floor') && below.length) process.exit(1);
  }
}

await main();
