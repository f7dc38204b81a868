/**
 * The outside material's `claims-dev/` (see its README.md): 1,231 English CLIMATE-FEVER claims with five
 * Wikipedia sentences each, and 2,040 Spanish esXNLI hypotheses over 680 premises, labelled by other people
 * `respaldada`, `contradicha` or `sin_respaldo`. `eval:verify -- --claims-dev` runs every claim through the
 * judge verify answers with (`judgeClaim` of services/verify.ts, the lexical scorer, no model) and scores the
 * verdicts per language.
 *
 * Each item's evidence (its five sentences, or its premise) is one passage, as a small uploaded document
 * would be; the other evidence texts of the same language stand in for the rest of a library. A claim is
 * judged against its own evidence and the `DISTRACTORS` other texts that share the most informative words with
 * it (summed inverse document frequency of their word keys), as search would put them beside it. Its own
 * evidence is always among them: what is measured is the judge, not retrieval.
 */
import fs from 'node:fs';
import { VEREDICTOS } from '@folio/shared';
import { fixtureAbsent, fixturePath, hasFixture } from '../src/testing/fixtures';
import { judgeClaim } from '../src/services/verify';
import { contentWords } from '../src/support/text';
import type { SupportScorer } from '../src/ai/support-scorer';

export type Verdict = (typeof VEREDICTOS)[number];
/** The verdicts the set labels (no item expects `parcial`). */
export const LABELLED: readonly Verdict[] = ['respaldada', 'contradicha', 'sin_respaldo'];

/** One labelled claim with the text it is judged against. */
export interface DevClaim {
  id: string;
  lang: 'en' | 'es';
  claim: string;
  expected: Verdict;
  /** Index of its evidence in the language's `texts`. */
  evidence: number;
}

export interface DevLanguageSet {
  lang: 'en' | 'es';
  name: string;
  texts: string[];
  claims: DevClaim[];
}

/** Other evidence texts judged beside a claim's own (verify weighs 10 passages by default). */
export const DISTRACTORS = 9;

const FILES = { en: 'claims-dev/climate-fever-dev.json', es: 'claims-dev/esxnli-dev.json' } as const;

interface ClimateFeverItem {
  id: string;
  afirmacion: string;
  expected: Verdict;
  evidencias: { texto: string }[];
}
interface EsXnliItem {
  id: string;
  premisa: string;
  afirmacion: string;
  expected: Verdict;
}

/** The sets that are on this machine; prints one line for each that is absent. */
export function loadClaimsDev(): DevLanguageSet[] {
  const out: DevLanguageSet[] = [];
  for (const lang of ['en', 'es'] as const) {
    const file = FILES[lang];
    if (!hasFixture(file)) {
      console.log(`eval:verify claims-dev (${lang}) skipped: ${fixtureAbsent(file)}`);
      continue;
    }
    const data = JSON.parse(fs.readFileSync(fixturePath(file), 'utf8')) as { items: unknown[] };
    const texts: string[] = [];
    const index = new Map<string, number>();
    const textOf = (t: string) => {
      if (!index.has(t)) index.set(t, texts.push(t) - 1);
      return index.get(t)!;
    };
    const claims = data.items.map((raw): DevClaim => {
      if (lang === 'en') {
        const item = raw as ClimateFeverItem;
        const evidence = textOf(item.evidencias.map((e) => e.texto.trim()).join('\n'));
        return { id: item.id, lang, claim: item.afirmacion, expected: item.expected, evidence };
      }
      const item = raw as EsXnliItem;
      return { id: item.id, lang, claim: item.afirmacion, expected: item.expected, evidence: textOf(item.premisa) };
    });
    for (const c of claims) {
      if (!LABELLED.includes(c.expected)) throw new Error(`${file}: ${c.id} has unknown verdict ${c.expected}`);
    }
    out.push({ lang, name: lang === 'en' ? 'CLIMATE-FEVER (en)' : 'esXNLI (es)', texts, claims });
  }
  return out;
}

/** For each claim, the indexes of the texts it is judged against: its evidence first, then the distractors. */
export function passagesFor(set: DevLanguageSet, distractors = DISTRACTORS): number[][] {
  const keysOf = (t: string) => new Set(contentWords(t).map((w) => w.key));
  const postings = new Map<string, number[]>();
  set.texts.forEach((t, i) => {
    for (const k of keysOf(t)) {
      const list = postings.get(k) ?? [];
      list.push(i);
      postings.set(k, list);
    }
  });
  const n = set.texts.length;
  return set.claims.map((c) => {
    const score = new Map<number, number>();
    for (const k of keysOf(c.claim)) {
      const list = postings.get(k);
      if (!list) continue;
      const idf = Math.log(1 + n / list.length);
      for (const i of list) score.set(i, (score.get(i) ?? 0) + idf);
    }
    const others = [...score.entries()]
      .filter(([i]) => i !== c.evidence)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, distractors)
      .map(([i]) => i);
    return [c.evidence, ...others];
  });
}

/** One claim as the judge answered it. */
export interface DevOutcome {
  claim: DevClaim;
  got: Verdict;
  probabilidad: number;
  /** The verdict's support, which `probabilidad` is calibrated from. */
  uncalibrated: number;
  /** Whether the passage with the best support was the claim's own evidence. */
  bestIsOwn: boolean;
}

/** Runs every claim of `set` through `judgeClaim` with `scorer`. */
export async function runClaimsDev(set: DevLanguageSet, scorer: SupportScorer): Promise<DevOutcome[]> {
  const passages = passagesFor(set);
  const out: DevOutcome[] = [];
  for (const [i, claim] of set.claims.entries()) {
    const texts = passages[i]!.map((t) => set.texts[t]!);
    const { whole, veredicto, probabilidad, uncalibrated } = await judgeClaim(scorer, claim.claim, texts);
    const best = whole.reduce((b, j, k) => (j.respaldo > whole[b]!.respaldo ? k : b), 0);
    out.push({ claim, got: veredicto, probabilidad, uncalibrated, bestIsOwn: best === 0 });
  }
  return out;
}

/** Precision and recall of one verdict. */
export interface VerdictRates {
  precision: number;
  recall: number;
  f1: number;
  given: number;
  expected: number;
}

export interface DevScores {
  n: number;
  accuracy: number;
  /** Mean F1 over the three labelled verdicts (a `parcial` answer counts as wrong). */
  macroF1: number;
  by: Record<Verdict, VerdictRates>;
  /** Claims their evidence refutes that were called `respaldada`. */
  refutedBacked: number;
  /** Rows expected, columns got, in VEREDICTOS order. */
  confusion: number[][];
  /** The same figures with the three labels weighed equally (see `equalLabelScores`). */
  equalLabels: EqualLabelScores;
}

/**
 * Figures of a run as they would be on a set with as many claims of each label (the held-out sets this
 * project is judged on have 50 of each): each claim counts 1 / (the claims of its label). On a set where
 * most claims are backed (CLIMATE-FEVER's dev set: 604 of 1,231), a `respaldada` is right more often than it
 * would be on an even set, so its plain precision flatters the judge.
 */
export interface EqualLabelScores {
  accuracy: number;
  macroF1: number;
  respaldadaPrecision: number;
  contradichaPrecision: number;
}

function equalLabelScores(outcomes: DevOutcome[]): EqualLabelScores {
  const count = new Map(LABELLED.map((v) => [v, outcomes.filter((o) => o.claim.expected === v).length]));
  const weight = (o: DevOutcome) => 1 / Math.max(1, count.get(o.claim.expected) ?? 1);
  const sum = (os: DevOutcome[]) => os.reduce((s, o) => s + weight(o), 0);
  const rates = (v: Verdict) => {
    const tp = sum(outcomes.filter((o) => o.got === v && o.claim.expected === v));
    const given = sum(outcomes.filter((o) => o.got === v));
    const expected = sum(outcomes.filter((o) => o.claim.expected === v));
    return { precision: ratio(tp, given), f1: tp === 0 ? 0 : (2 * tp) / (given + expected) };
  };
  return {
    accuracy: ratio(sum(outcomes.filter((o) => o.got === o.claim.expected)), sum(outcomes)),
    macroF1: LABELLED.reduce((s, v) => s + rates(v).f1, 0) / LABELLED.length,
    respaldadaPrecision: rates('respaldada').precision,
    contradichaPrecision: rates('contradicha').precision,
  };
}

const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);

/** The figures of a run. */
export function scoreClaimsDev(outcomes: DevOutcome[]): DevScores {
  const by = Object.fromEntries(
    VEREDICTOS.map((v) => {
      const tp = outcomes.filter((o) => o.got === v && o.claim.expected === v).length;
      const given = outcomes.filter((o) => o.got === v).length;
      const expected = outcomes.filter((o) => o.claim.expected === v).length;
      const f1 = tp === 0 ? 0 : (2 * tp) / (given + expected);
      return [v, { precision: ratio(tp, given), recall: ratio(tp, expected), f1, given, expected }];
    }),
  ) as Record<Verdict, VerdictRates>;
  return {
    n: outcomes.length,
    accuracy: ratio(outcomes.filter((o) => o.got === o.claim.expected).length, outcomes.length),
    macroF1: LABELLED.reduce((s, v) => s + by[v].f1, 0) / LABELLED.length,
    by,
    refutedBacked: outcomes.filter((o) => o.claim.expected === 'contradicha' && o.got === 'respaldada').length,
    confusion: VEREDICTOS.map((e) =>
      VEREDICTOS.map((g) => outcomes.filter((o) => o.claim.expected === e && o.got === g).length),
    ),
    equalLabels: equalLabelScores(outcomes),
  };
}
