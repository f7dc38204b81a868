import type { Embedder } from '../ai/embedder';
import { foldText } from '../text/fold';
import type { NliModel } from '../ai/nli';
import { align, isRecord, type Alignment } from './align';
import { STRONG_CONTRADICTION, SUPPORT_THRESHOLD } from './bar';
import { withoutAttribution } from './attribution';
import { interpolate, LEXICAL_CALIBRATION, LEXICAL_MODEL, type NliCalibration } from './calibration';
import { runChecks, type CheckOutcome } from './checks';
import { isQuestion } from './hedges';
import { isFigure } from './text';
import { generalRule } from './framework';
import { durationsInHours } from './numbers';
import { canonicalQuantities } from './quantity-forms';
import { features, predict, type LogisticModel } from './lexical';
import type { SupportJudgement, SupportScorer } from '../ai/support-scorer';

/** What a support scorer may use; everything is optional, and without anything it is lexical. */
export interface SupportDeps {
  /** Sentence embeddings: their cosine lifts the coverage of paraphrases and translations. */
  embedder?: Embedder;
  /** An NLI cross-encoder: when present it decides entailment and contradiction, checked by the rules. */
  nli?: NliModel;
  /** The lexical model (default: the one fitted on SciFact, support/calibration.ts). */
  lexical?: LogisticModel;
  /**
   * Breakpoints (score, probability) mapping the lexical scorer's capped support to a calibrated one
   * (default: the isotonic fit on SciFact, support/calibration.ts); null leaves the score as it is.
   */
  lexicalCalibration?: readonly (readonly [number, number])[] | null;
  /** Maps the NLI model's probabilities to calibrated ones (default: as the model gives them). */
  nliCalibration?: NliCalibration;
  /** Called when the embedder or the NLI model fails; scoring then goes on without it. */
  onEngineError?: (engine: 'embeddings' | 'nli', error: unknown) => void;
}

/** The name /health shows for the scorer without a model. */
export const LEXICAL_SCORER = 'léxico-semántico + comprobaciones (cifras, fechas, negación, nombres)';

/**
 * Cosine similarity of E5/BGE-style embeddings mapped to 0-1: such models put unrelated texts near 0.7 and
 * paraphrases above 0.9. Used only to lift coverage, never alone.
 */
export function cosineToSemantic(cosine: number): number {
  return Math.min(1, Math.max(0, (cosine - 0.75) / 0.17));
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Claim and passage as the scorer reads them: each quantity in one written form. */
export const sameQuantities = (text: string) => durationsInHours(canonicalQuantities(text));

/** Support given to a claim the passage states in full, in up to three sentences, with nothing against it. */
export const LITERAL_SUPPORT = 0.92;
/** Support given to a claim the passage states in full when some of its words are there as synonyms. */
export const REWORDED_SUPPORT = 0.8;

/**
 * Whether the passage states the claim outright: every content word of the claim (as written or inflected,
 * in any order) in its best one to three sentences, and no check found a figure, date, negation, direction
 * or name against it. A claim of fewer than three content words says too little to be recognised this way.
 */
export function statesLiterally(a: Alignment, c: CheckOutcome): boolean {
  return a.claimWords.length >= 3 && a.window.literal >= 0.999 && c.cap >= 1 && c.contradiction === 0;
}

/** Support given to a long claim the passage states all but one word of (see `statesAllButOneWord`). */
export const NEARLY_STATED_SUPPORT = 0.75;

/**
 * Whether the passage states all of a claim of five or more content words but one, which is neither a
 * figure, nor a name, nor the claim's last word (a verb of reporting, 'medición', 'happens' for 'takes
 * place'), with most of the claim's words in order and nothing against it: what a careful reader takes as the
 * same statement. Only for a claim carried by figures the passage states, or a passage cut just before the
 * claim's first word (a transcript's cue, a page that begins mid-sentence): otherwise the missing word is,
 * more often than not, the very thing the claim asserts (its verb or its subject).
 */
export function statesAllButOneWord(a: Alignment, c: CheckOutcome, claim: string, passage: string): boolean {
  // Word order means nothing in a sheet's row.
  const ordered = a.window.pairs >= 0.5 || isRecord(a.window.text);
  if (a.claimWords.length < 5 || c.cap < 1 || c.contradiction > 0 || !ordered) return false;
  if (a.window.unfound.length !== 1) return false;
  const word = a.window.unfound[0]!;
  const byFigures =
    a.claimWords.some((w) => isFigure(w.word)) && c.flags.numberMissing === 0 && c.flags.yearMissing === 0;
  const cutBefore = a.claimWords[0]?.word === word && /^[\p{Ll}]/u.test(passage.trimStart());
  if (!byFigures && !cutBefore) return false;
  if (isFigure(word)) return false;
  // The claim's last content word is most often what it predicates ('… es vegana', '… son amigos').
  if (a.claimWords.at(-1)?.word === word) return false;
  // A word capitalised after the claim's first names something.
  const named = claim
    .split(/\s+/)
    .slice(1)
    .some((t) => /^\p{Lu}/u.test(t) && foldText(t).replace(/[^\p{L}\d]/gu, '') === word);
  return !named;
}

/**
 * Whether the passage states the claim in other words: every content word there, at most half of them as a
 * synonym (support/synonyms.ts), nothing against it, and at least four content words (a short claim
 * reworded by thesaurus entries is too easily another claim).
 */
export function statesInOtherWords(a: Alignment, c: CheckOutcome): boolean {
  const n = a.claimWords.length;
  return n >= 4 && a.window.stated >= 0.999 && a.window.synonyms <= n / 2 && c.cap >= 1 && c.contradiction === 0;
}

/**
 * Support left, without a model or embeddings, to a claim with a content word the passage does not hold in any
 * form (as written, inflected or by a synonym), when no rule above recognises the statement: below the bar.
 */
export const UNSTATED_CAP = 0.65;

/**
 * Whether the passage leaves out a content word of the claim: any of a claim of fewer than eight, two of a
 * longer one (one word of a long claim is, more often, a detail told in other words).
 */
const unstated = (a: Alignment) => a.window.unfound.length >= (a.claimWords.length >= 8 ? 2 : 1);

/** Support left to a claim the passage only states across sentences (see `scattered`): below the bar. */
export const SCATTERED_CAP = 0.6;

/** Share of a claim one sentence must hold for a run of sentences around it to back the claim. */
export const CORE_SENTENCE_COVERAGE = 0.7;

/**
 * Whether the passage holds the claim only spread over two or three sentences, none of which states most of
 * it: words shared across neighbouring sentences are, more often than not, two other statements side by side
 * ('the harvest of polar bears increased' and 'the numbers taken grew' do not say that polar bears increase).
 * A claim's setting or figures may sit in a neighbour, so one sentence holding most of it is enough.
 */
export function scattered(a: Alignment): boolean {
  return (
    a.window.text !== a.sentence.text &&
    // A question states nothing, however much of the claim it holds.
    (a.sentence.coverage < CORE_SENTENCE_COVERAGE || isQuestion(a.sentence.text.trim())) &&
    !isRecord(a.window.text) &&
    endsASentence(a.window.text)
  );
}

/**
 * A sentence's end inside a window. Lines of a transcript's cues or of a page's column are one sentence
 * broken over lines, not several statements side by side.
 */
const SENTENCE_END = /([\p{L}.]*)[.!?;]["'»”’)]*\s+["'«“(¿¡]*[\p{Lu}\d]/gu;

/** Words a period ends without ending the sentence: an initial ('Mortimer B. Zuckerman'), a title, 'etc.'. */
const ABBREVIATION = /^(?:\p{Lu}|dr|dra|mr|mrs|ms|sr|sra|srta|prof|st|vs|etc|ph\.d|e\.g|i\.e|no|fig|p|pp)$/iu;

/** Whether `text` ends a sentence before its end (a period after an initial or a title does not). */
function endsASentence(text: string): boolean {
  for (const m of text.matchAll(SENTENCE_END)) {
    if (!ABBREVIATION.test(m[1] ?? '')) return true;
  }
  return false;
}

/**
 * The passage with its line breaks read as spaces, so that its sentences are those its punctuation ends (a
 * transcript's cue lines and a column's lines cut one sentence into several).
 */
const joinLines = (text: string) => text.replace(/[ \t]*\n+[ \t]*/g, ' ');

/** Decides the relation from the final numbers and the checks. */
function relationOf(
  respaldo: number,
  contradiccion: number,
  alignment: Alignment,
  checks: CheckOutcome,
  passage: string,
): SupportJudgement['relacion'] {
  // At the bar that makes verify's verdict `contradicha`, so a passage's relation and the verdict never disagree.
  if (contradiccion >= STRONG_CONTRADICTION && contradiccion > respaldo) return 'CONTRADICCION';
  if (respaldo >= SUPPORT_THRESHOLD) return 'APOYO_DIRECTO';
  if (
    alignment.window.coverage >= 0.4 &&
    checks.contradiction < 0.3 &&
    generalRule(alignment.sentence.text || passage)
  ) {
    return 'APLICACION_DE_MARCO';
  }
  return 'CONTEXTO';
}

/** Passage vectors kept between judgements: verify judges each clause, and cite many claims, on the same passages. */
const CACHED_PASSAGES = 512;

async function cosines(
  embedder: Embedder,
  cache: Map<string, Float32Array>,
  claim: string,
  passages: string[],
  signal?: AbortSignal,
) {
  const [q] = await embedder.embedQueries([claim], signal);
  const missing = [...new Set(passages.filter((p) => !cache.has(p)))];
  if (missing.length > 0) {
    const vectors = await embedder.embedPassages(missing, signal);
    missing.forEach((text, i) => cache.set(text, vectors[i]!));
  }
  const out = passages.map((text) => {
    const p = cache.get(text)!;
    let dot = 0;
    for (let i = 0; i < p.length; i++) dot += p[i]! * q![i]!;
    return dot;
  });
  // Oldest first out (a Map iterates in insertion order), once this judgement has read its vectors.
  for (const key of cache.keys()) {
    if (cache.size <= CACHED_PASSAGES) break;
    cache.delete(key);
  }
  return out;
}

/**
 * The support scorer. For each passage it aligns the claim with the passage's sentences, runs the
 * deterministic checks (figures, years, negation, direction of change, named things), then:
 * - with an NLI model: entailment and contradiction of the passage (and of its best one or two sentences,
 *   the larger of the two) through the NLI calibration;
 * - without one: the lexical-semantic model (coverage of the claim's content words by stems, in both
 *   languages, lifted by the embedder's cosine when there is one), a logistic model fitted on SciFact whose
 *   capped support goes through the isotonic calibration fitted there (support/calibration.ts).
 * Either way support is capped by the checks and contradiction raised by them. The NLI model's
 * probabilities are used as they come unless `nliCalibration` is given: no NLI model could be calibrated
 * on this project's machines (`npm run eval:verify` measures one where it is installed).
 */
export function createSupportScorer(deps: SupportDeps = {}): SupportScorer {
  const lexical = deps.lexical ?? LEXICAL_MODEL;
  const calibration = deps.lexicalCalibration === undefined ? LEXICAL_CALIBRATION : deps.lexicalCalibration;
  const vectors = new Map<string, Float32Array>();
  const name = deps.nli ? `${deps.nli.name} (NLI) + comprobaciones` : LEXICAL_SCORER;
  return {
    name,
    async judge(claim, passages, signal) {
      if (passages.length === 0) return [];
      // Quantities in one written form ('dos días' is '48 h', '44,9 miligramos por litro' is '44,9 mg/L').
      const said = sameQuantities(withoutAttribution(claim));
      const texts = passages.map(sameQuantities);
      const alignments = texts.map((p) => align(said, p));
      const checks = texts.map((p, i) => runChecks(said, p, alignments[i]!));

      let semantic: number[] | undefined;
      if (deps.embedder) {
        try {
          semantic = (await cosines(deps.embedder, vectors, claim, passages, signal)).map(cosineToSemantic);
        } catch (error) {
          signal?.throwIfAborted();
          deps.onEngineError?.('embeddings', error);
        }
      }

      let nli: { entailment: number; contradiction: number }[] | undefined;
      if (deps.nli) {
        try {
          nli = await nliJudge(deps.nli, claim, passages, alignments, deps.nliCalibration, signal);
        } catch (error) {
          signal?.throwIfAborted();
          deps.onEngineError?.('nli', error);
        }
      }

      return passages.map((passage, i) => {
        const a = alignments[i]!;
        const c = checks[i]!;
        let respaldo: number;
        let contra: number;
        let source: string;
        if (nli) {
          const { entailment, contradiction } = nli[i]!;
          respaldo = Math.min(entailment, c.cap);
          contra = contradiction;
          source = `NLI ${round(entailment)}/${round(contradiction)}`;
        } else {
          const [support, contradiction] = predict(lexical, features(a, c, semantic?.[i]));
          // The checks cap first, then the calibration maps the capped score (it is fitted on capped scores).
          const capped = Math.min(support, c.cap);
          respaldo = calibration ? interpolate(calibration, capped) : capped;
          contra = contradiction;
          source = `cobertura ${round(a.window.coverage)}`;
        }
        // A sentence copied from the library is backed whatever the model makes of its wording.
        if (statesLiterally(a, c) && respaldo < LITERAL_SUPPORT && contra < 0.5) {
          respaldo = LITERAL_SUPPORT;
          source = `${source}; enunciado completo en el pasaje`;
        } else if (statesInOtherWords(a, c) && respaldo < REWORDED_SUPPORT && contra < 0.5) {
          respaldo = REWORDED_SUPPORT;
          source = `${source}; enunciado completo con otras palabras`;
        } else if (statesAllButOneWord(a, c, claim, passage) && respaldo < NEARLY_STATED_SUPPORT && contra < 0.5) {
          respaldo = NEARLY_STATED_SUPPORT;
          source = `${source}; enunciado salvo una palabra`;
        } else if (!nli && semantic === undefined && unstated(a) && respaldo >= UNSTATED_CAP) {
          // Words alone cannot tell a paraphrase of the missing word from a claim the passage does not make.
          respaldo = UNSTATED_CAP;
          source = `${source}; palabra no dicha: ${a.window.unfound.join(', ')}`;
        }
        if (respaldo >= SCATTERED_CAP && scattered(a) && scattered(align(said, joinLines(texts[i]!)))) {
          respaldo = SCATTERED_CAP;
          source = `${source}; repartida entre frases`;
        }
        respaldo = round(respaldo);
        const contradiccion = round(Math.max(contra, c.contradiction));
        const relacion = relationOf(respaldo, contradiccion, a, c, passage);
        const motivo = [source, ...c.motivos].join('; ');
        return { respaldo, contradiccion, relacion, motivo };
      });
    },
  };
}

/** Entailment and contradiction per passage from the NLI model: the larger over the passage and its best window. */
async function nliJudge(
  model: NliModel,
  claim: string,
  passages: string[],
  alignments: Alignment[],
  calibration: NliCalibration | undefined,
  signal?: AbortSignal,
) {
  const premises: string[] = [];
  const owner: number[] = [];
  passages.forEach((p, i) => {
    premises.push(p);
    owner.push(i);
    const w = alignments[i]!.window.text;
    if (w && w.length < p.length * 0.8) {
      premises.push(w);
      owner.push(i);
    }
  });
  const probs = await model.classify(
    premises.map((premise) => ({ premise, hypothesis: claim })),
    signal,
  );
  const out = passages.map(() => ({ entailment: 0, contradiction: 0 }));
  probs.forEach((p, j) => {
    const o = out[owner[j]!]!;
    const cal = calibration ? calibration(p) : p;
    o.entailment = Math.max(o.entailment, cal.entailment);
    o.contradiction = Math.max(o.contradiction, cal.contradiction);
  });
  return out;
}
