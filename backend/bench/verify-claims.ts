/**
 * Folio's own labelled claim set for `eval:verify` (`verify-claims.json`): claims in Spanish and English over a
 * small library of real files (committed fixtures, plus outside material when present), each labelled by
 * reading the source with the verdict a careful reader would give. Every claim is checked through the real
 * API (POST /verificar) against the whole library, with the engines the server has.
 *
 * The set is validated when it is loaded (known kinds and verdicts, unique ids, at least 150 claims) so a bad
 * edit fails with a message rather than skewing the numbers. Claims whose file is absent on this machine are
 * skipped and counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VEREDICTOS } from '@folio/shared';
import { fixtureAbsent } from '../src/testing/fixtures';
import { createSupportScorer } from '../src/support/scorer';
import { auth } from '../src/testing/harness';
import { openFixtureLibrary, type LibraryFile } from './fixture-library';
import { calibrationError, classification } from './logistic';

/** What a claim tests; see verify-claims.json and docs/TESTING.md. */
export const CLAIM_KINDS = [
  'literal',
  'clausula',
  'parafrasis',
  'cifra_equivalente',
  'parcial',
  'contra_cifra',
  'contra_negacion',
  'contra_sentido',
  'contra_entidad',
  'contra_fecha',
  'no_dicha',
  'ajena',
  'temporal',
] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
export type Verdict = (typeof VEREDICTOS)[number];

export interface LabelledClaim {
  id: string;
  lang: 'es' | 'en';
  kind: ClaimKind;
  claim: string;
  expected: Verdict;
  /** The library file whose passage bears on the claim; absent for unrelated claims. */
  file?: string;
  /** Year of the text making the claim (`anio` of /verificar). */
  anio?: number;
  split: 'dev' | 'test';
  note?: string;
}

interface ClaimSetFile {
  library: LibraryFile[];
  claims: LabelledClaim[];
}

export const CLAIM_SET_PATH = path.join(import.meta.dirname, 'verify-claims.json');
const MIN_CLAIMS = 150;

/** Reads and validates the set; throws one message listing every problem found. */
export function loadClaimSet(file = CLAIM_SET_PATH): ClaimSetFile {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as ClaimSetFile;
  const problems: string[] = [];
  const files = new Set((data.library ?? []).map((f) => f.file));
  const seen = new Set<string>();
  for (const c of data.claims ?? []) {
    const where = `claim ${c.id ?? JSON.stringify(c.claim)}`;
    if (!c.id) problems.push(`${where}: no id`);
    else if (seen.has(c.id)) problems.push(`${where}: duplicate id`);
    seen.add(c.id);
    if (!CLAIM_KINDS.includes(c.kind)) problems.push(`${where}: unknown kind ${c.kind}`);
    if (!VEREDICTOS.includes(c.expected)) problems.push(`${where}: unknown verdict ${c.expected}`);
    if (c.lang !== 'es' && c.lang !== 'en') problems.push(`${where}: lang must be es or en`);
    if (c.split !== 'dev' && c.split !== 'test') problems.push(`${where}: split must be dev or test`);
    if (typeof c.claim !== 'string' || !c.claim.trim()) problems.push(`${where}: empty claim`);
    if (c.file !== undefined && !files.has(c.file)) problems.push(`${where}: file ${c.file} is not in the library`);
    if (c.file === undefined && c.kind !== 'ajena') problems.push(`${where}: only 'ajena' claims may omit file`);
    if (c.anio !== undefined && !Number.isInteger(c.anio)) problems.push(`${where}: anio must be an integer`);
  }
  if ((data.claims ?? []).length < MIN_CLAIMS) {
    problems.push(`${data.claims?.length ?? 0} claims, at least ${MIN_CLAIMS} needed`);
  }
  if (problems.length) throw new Error(`${file} is not a valid claim set:\n- ${problems.join('\n- ')}`);
  return data;
}

/** One claim as the API judged it. */
export interface ClaimOutcome {
  claim: LabelledClaim;
  got: Verdict;
  probabilidad: number;
  /** Document id of the first passage, if any. */
  firstDocument?: string;
  expectedDocument?: string;
}

export interface OwnSetRun {
  /** Engines of the server that judged (from its engine report). */
  engines: Record<string, string>;
  /** True when the server had no model at all: no embeddings, no cross-encoder, the lexical support scorer. */
  lexical: boolean;
  outcomes: ClaimOutcome[];
  skipped: { claims: number; files: string[]; reason: string }[];
  msPerClaim: number;
}

/**
 * Uploads the set's library into a fresh store, checks every claim whose file is there, and closes it. The
 * server has the engines this machine's configuration gives, or none of the models with `lexicalOnly`.
 */
export async function runOwnClaimSet(set = loadClaimSet(), { lexicalOnly = false } = {}): Promise<OwnSetRun> {
  const lib = await openFixtureLibrary(set.library, undefined, { lexicalOnly });
  try {
    const unavailable = new Map<string, string>();
    for (const f of lib.absent) unavailable.set(f, fixtureAbsent(f.replace(/^shared:/, '')));
    for (const f of lib.failed) unavailable.set(f.file, `upload failed: ${f.why}`);
    const skipped = new Map<string, { claims: number; files: string[]; reason: string }>();
    const runnable = set.claims.filter((c) => {
      const why = c.file && unavailable.get(c.file);
      if (!why) return true;
      const s = skipped.get(why) ?? { claims: 0, files: [], reason: why };
      s.claims++;
      if (!s.files.includes(c.file!)) s.files.push(c.file!);
      skipped.set(why, s);
      return false;
    });
    const deps = lib.server.runtime.deps;
    const report = deps.engines.report();
    const engines = { respaldo: report.respaldo, embeddings: report.embeddings, reranker: report.reranker };
    const lexical =
      !deps.engines.embedder && !deps.engines.reranker && deps.engines.support.name === createSupportScorer().name;
    const outcomes: ClaimOutcome[] = [];
    const started = performance.now();
    for (const claim of runnable) {
      const res = await lib.server.request('/api/v1/verificar', {
        method: 'POST',
        body: JSON.stringify({ afirmacion: claim.claim, ...(claim.anio !== undefined && { anio: claim.anio }) }),
        headers: auth(lib.key, { 'Content-Type': 'application/json' }),
      });
      const body = await res.json();
      if (res.status !== 200)
        throw new Error(`verificar ${claim.id} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
      outcomes.push({
        claim,
        got: body.veredicto as Verdict,
        probabilidad: body.probabilidad as number,
        firstDocument: body.pasajes?.[0]?.documento?.id as string | undefined,
        expectedDocument: claim.file ? lib.ids.get(claim.file) : undefined,
      });
    }
    return {
      engines,
      lexical,
      outcomes,
      skipped: [...skipped.values()],
      msPerClaim: outcomes.length ? (performance.now() - started) / outcomes.length : 0,
    };
  } finally {
    await lib.close();
  }
}

const f3 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ]
    .join('\n')
    .concat('\n');
}

/**
 * Accuracy and macro-F1 over the four verdicts, with per-verdict F1. The macro average is over the verdicts
 * that occur (expected or given) in `outcomes`, as usual: a subset with no `parcial` claim and no `parcial`
 * answer is not marked down for it. Such a verdict's F1 is NaN.
 */
export function scoreOutcomes(outcomes: ClaimOutcome[]) {
  const index = (v: Verdict) => VEREDICTOS.indexOf(v);
  const pred = outcomes.map((o) => index(o.got));
  const gold = outcomes.map((o) => index(o.claim.expected));
  const { accuracy, f1 } = classification(pred, gold, VEREDICTOS.length);
  const occurring = f1.map((x, c) => (pred.includes(c) || gold.includes(c) ? x : NaN));
  const present = occurring.filter((x) => !Number.isNaN(x));
  const macroF1 = present.length ? present.reduce((a, b) => a + b, 0) / present.length : NaN;
  return { accuracy: outcomes.length ? accuracy : NaN, macroF1, f1: occurring };
}

/** The markdown tables of a run: overall by split and language, per kind, right-document rate, skips. */
export function formatOwnSetRun(run: OwnSetRun): string {
  const out: string[] = [];
  const { outcomes } = run;
  out.push(
    `Engines of the server (from its engine report):\n- respaldo: ${run.engines.respaldo}\n` +
      `- embeddings: ${run.engines.embeddings}\n- reranker: ${run.engines.reranker}\n\n` +
      `${outcomes.length} claims checked, ${run.msPerClaim.toFixed(0)} ms/claim.\n`,
  );
  const skippedTotal = run.skipped.reduce((s, x) => s + x.claims, 0);
  out.push(`Skipped: ${skippedTotal} claims.`);
  for (const s of run.skipped) out.push(`- ${s.claims} claims over ${s.files.join(', ')}: ${s.reason}`);
  out.push('');

  const groups: [string, ClaimOutcome[]][] = [];
  for (const split of ['dev', 'test', 'all'] as const) {
    for (const lang of ['es', 'en', 'all'] as const) {
      groups.push([
        `${split} / ${lang}`,
        outcomes.filter(
          (o) => (split === 'all' || o.claim.split === split) && (lang === 'all' || o.claim.lang === lang),
        ),
      ]);
    }
  }
  out.push(
    table(
      ['split / lang', 'n', 'accuracy', 'macro-F1', ...VEREDICTOS.map((v) => `F1 ${v}`)],
      groups.map(([name, os]) => {
        const s = scoreOutcomes(os);
        return [name, String(os.length), f3(s.accuracy), f3(s.macroF1), ...s.f1.map(f3)];
      }),
    ),
  );

  const confusion = VEREDICTOS.map((exp) => [
    exp,
    ...VEREDICTOS.map((got) => String(outcomes.filter((o) => o.claim.expected === exp && o.got === got).length)),
  ]);
  out.push('Confusion (rows expected, columns got), all claims:\n');
  out.push(table(['expected \\ got', ...VEREDICTOS], confusion));

  out.push('Per kind (correct/n overall, per language and per split; wrong: id → verdict got, probabilidad):\n');
  out.push(
    table(
      ['kind', 'expected', 'n', 'correct', 'es', 'en', 'dev', 'test', 'wrong'],
      CLAIM_KINDS.map((kind) => {
        const os = outcomes.filter((o) => o.claim.kind === kind);
        const ok = (xs: ClaimOutcome[]) => `${xs.filter((o) => o.got === o.claim.expected).length}/${xs.length}`;
        const expected = [...new Set(os.map((o) => o.claim.expected))].join(', ');
        const wrong = os
          .filter((o) => o.got !== o.claim.expected)
          .map((o) => `${o.claim.id} → ${o.got} ${o.probabilidad.toFixed(2)}`)
          .join('; ');
        return [
          kind,
          expected,
          String(os.length),
          ok(os),
          ok(os.filter((o) => o.claim.lang === 'es')),
          ok(os.filter((o) => o.claim.lang === 'en')),
          ok(os.filter((o) => o.claim.split === 'dev')),
          ok(os.filter((o) => o.claim.split === 'test')),
          wrong || '—',
        ];
      }),
    ),
  );

  const backed = outcomes.filter((o) => o.claim.expected === 'respaldada' && o.expectedDocument);
  const rightDoc = backed.filter((o) => o.firstDocument === o.expectedDocument);
  const wrongDoc = backed.filter((o) => o.firstDocument !== o.expectedDocument).map((o) => o.claim.id);
  out.push(
    `Right document first (claims expected respaldada): ${rightDoc.length}/${backed.length} ` +
      `(${f3(rightDoc.length / Math.max(1, backed.length))})` +
      (wrongDoc.length ? `; other or no document first: ${wrongDoc.join(', ')}` : '') +
      '.',
  );
  // How far 'probabilidad' is from the probability that the claim is backed; its map was fitted on claims-dev, so
  // the test split (and the dev one) of this set are held out from it.
  const ece = (os: ClaimOutcome[]) =>
    calibrationError(
      os.map((o) => o.probabilidad),
      os.map((o) => (o.claim.expected === 'respaldada' ? 1 : 0)),
    );
  const above = outcomes.filter((o) => o.probabilidad >= 0.7);
  out.push(
    `Calibration of probabilidad against 'respaldada' (expected calibration error, 10 bins): ${groups
      .filter(([, os]) => os.length)
      .map(([name, os]) => `${name} ${f3(ece(os))}`)
      .join(', ')}; probabilidad ≥ 0.7: ${above.length} claims, ${f3(
      above.filter((o) => o.claim.expected === 'respaldada').length / Math.max(1, above.length),
    )} of them respaldada.`,
  );
  const majority = Math.max(...VEREDICTOS.map((v) => outcomes.filter((o) => o.claim.expected === v).length));
  out.push(`Majority-class accuracy: ${f3(majority / Math.max(1, outcomes.length))}.`);
  return out.join('\n');
}
