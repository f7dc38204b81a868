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
 * `--scifact` or `--own` runs only that part (default both).
 */
import type { Embedder } from '../src/ai/embedder';
import { createOpenAiEmbedder } from '../src/ai/openai-embedder';
import { createTransformersEmbedder } from '../src/ai/transformers-embedder';
import { createTransformersNli, findNliModel } from '../src/ai/transformers-nli';
import { loadConfig } from '../src/config';
import { createSupportScorer } from '../src/support/scorer';
import type { SupportJudgement, SupportScorer } from '../src/support/support';
import { calibrationError, classification } from './logistic';
import { sciFactDir } from './scifact';
import { LABELS, loadCorpus, loadPairs, type LabeledPair } from './scifact-claims';
import { formatOwnSetRun, loadClaimSet, runOwnClaimSet } from './verify-claims';

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

async function main() {
  const only = process.argv.includes('--own') ? 'own' : process.argv.includes('--scifact') ? 'scifact' : undefined;
  if (only !== 'own') {
    if (!only) console.log('## SciFact dev\n');
    await sciFactPart();
  }
  if (only !== 'scifact') {
    if (!only) console.log('');
    await ownSetPart();
  }
}

await main();
