import { withoutAttribution } from '../../support/attribution';
import { RESPALDO_NOTA, RESPALDO_PARTE } from '../../support/bar';
import type { SupportScorer } from '../../ai/support-scorer';

const MARKER = /([ \t]*)\[\^(\d+)\]/g;

/** One sentence of a writer's answer as written. */
export interface AnswerSentence {
  /** The whitespace before it: its separator from the previous sentence. */
  separator: string;
  /** The sentence, footnote markers included. */
  text: string;
  /** The numbers of its markers, distinct, in order. */
  markers: number[];
  /** What it claims: the text without markers, Markdown decoration and attribution phrases, on one line. */
  claim: string;
}

/** Why a footnote fell. */
export type DroppedWhy = 'no_dado' | 'sin_respaldo' | 'contradice';

/** A sentence after its footnotes were checked against the passages the writer was given. */
export interface CheckedSentence extends AnswerSentence {
  /** Numbers (as given to the writer) whose footnotes stand, with the support that kept each. */
  backing: Map<number, number>;
  /** Footnotes that fell, and why. */
  dropped: { n: number; why: DroppedWhy }[];
  /** A footnote the writer did not give, added because that passage backs the sentence. */
  added?: number;
  /** The sentence's support: its best standing footnote's (0 when none stands). */
  respaldo: number;
  /** False when no footnote stands: the sentence is left out of the answer. */
  keep: boolean;
}

const MARKER_RUN = /(?:[ \t]*\[\^\d+\])+/g;

/**
 * Cuts a raw sentence (separator included) after every run of footnote markers that more words follow:
 * "A[^1] and B." is "A[^1]" and " and B.". Each piece is then checked on its own, so the words after a
 * footnote are never let through on the strength of a footnote placed before them: a piece without a marker
 * stands only if a passage backs it (see checkSentence). Joined, the pieces give back the sentence.
 */
export function splitAtFootnotes(raw: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of raw.matchAll(MARKER_RUN)) {
    const end = m.index + m[0].length;
    if (/[\p{L}\p{N}]/u.test(raw.slice(end))) {
      out.push(raw.slice(from, end));
      from = end;
    }
  }
  out.push(raw.slice(from));
  return out;
}

/**
 * Whether a claim says anything: it has a word. A bare number or list number ('6.', '2019.') asserts nothing a
 * passage could back, and a scorer matching it to any passage holding that number must not put it in an answer.
 */
export function saysSomething(claim: string): boolean {
  return /\p{L}/u.test(claim);
}

/** Splits a raw sentence (separator included) into what it says and the footnotes it gives. */
export function parseSentence(raw: string): AnswerSentence {
  const separator = raw.match(/^\s*/)![0];
  const text = raw.slice(separator.length).trimEnd();
  const markers = [...new Set([...text.matchAll(MARKER)].map((m) => Number(m[2])))];
  const stated = text
    .replace(MARKER, '')
    .replace(/^(?:[-*+]|\d+[.)]|#{1,6}|>)[ \t]+/, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[^\p{L}\p{N}])[*_]([^*_\n]+)[*_](?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
  // Who said it is what the footnote names (support/attribution.ts).
  const claim = withoutAttribution(stated);
  return { separator, text, markers, claim };
}

/**
 * Checks the footnotes of one sentence against `passages` (the texts the writer was given; footnote n is
 * `passages[n - 1]`), with the support scorer:
 * - a footnote to a number that was not given falls (`no_dado`);
 * - a footnote whose passage contradicts the sentence falls (`contradice`);
 * - a footnote whose passage backs the sentence below RESPALDO_NOTA falls (`sin_respaldo`), unless the cited
 *   passages together back it (see RESPALDO_PARTE);
 * - a sentence whose footnotes all fell is left out (they were its only support);
 * - a sentence written without any footnote is kept only if one of the passages backs it at RESPALDO_NOTA,
 *   with that passage's footnote added; otherwise it is left out (it asserts what no passage states).
 * Sentences with no words (stray markers, rules, bare numbers) and footnote definitions the writer wrote anyway are left out.
 */
export async function checkSentence(
  sentence: AnswerSentence,
  passages: readonly string[],
  scorer: SupportScorer,
  signal?: AbortSignal,
): Promise<CheckedSentence> {
  const out: CheckedSentence = { ...sentence, backing: new Map(), dropped: [], respaldo: 0, keep: false };
  // Footnote definitions are written from the stored anchors, never by the writer.
  if (/^\[\^\d+\]:/.test(sentence.text) || !saysSomething(sentence.claim)) return out;
  const given = sentence.markers.filter((n) => n >= 1 && n <= passages.length);
  for (const n of sentence.markers) if (!given.includes(n)) out.dropped.push({ n, why: 'no_dado' });

  if (sentence.markers.length === 0) {
    const judged = await scorer.judge(sentence.claim, [...passages], signal);
    let best = -1;
    judged.forEach((j, i) => {
      if (
        j.relacion !== 'CONTRADICCION' &&
        j.respaldo >= RESPALDO_NOTA &&
        (best < 0 || j.respaldo > judged[best]!.respaldo)
      ) {
        best = i;
      }
    });
    if (best >= 0) {
      out.added = best + 1;
      out.backing.set(best + 1, judged[best]!.respaldo);
    }
  } else if (given.length > 0) {
    const judged = await scorer.judge(
      sentence.claim,
      given.map((n) => passages[n - 1]!),
      signal,
    );
    const candidates: { n: number; respaldo: number }[] = [];
    given.forEach((n, i) => {
      const j = judged[i]!;
      if (j.relacion === 'CONTRADICCION') out.dropped.push({ n, why: 'contradice' });
      else if (j.respaldo >= RESPALDO_NOTA) out.backing.set(n, j.respaldo);
      else candidates.push({ n, respaldo: j.respaldo });
    });
    if (out.backing.size === 0 && candidates.length >= 2) {
      const joined = candidates.map((c) => passages[c.n - 1]!).join('\n\n');
      const [joint] = await scorer.judge(sentence.claim, [joined], signal);
      if (joint && joint.relacion !== 'CONTRADICCION' && joint.respaldo >= RESPALDO_NOTA) {
        for (const c of candidates) if (c.respaldo >= RESPALDO_PARTE) out.backing.set(c.n, joint.respaldo);
      }
    }
    for (const c of candidates) if (!out.backing.has(c.n)) out.dropped.push({ n: c.n, why: 'sin_respaldo' });
  }
  out.respaldo = Math.max(0, ...out.backing.values());
  out.keep = out.backing.size > 0;
  return out;
}

/**
 * The sentence as it goes into the answer: standing footnotes renumbered by `number` (called in the order the
 * markers appear, so first citation decides the new numbers), fallen ones and repeats removed, an added one
 * at the end.
 */
export function renderSentence(s: CheckedSentence, number: (n: number) => number): string {
  const seen = new Set<number>();
  let text = s.text.replace(MARKER, (_, space: string, digits: string) => {
    const n = Number(digits);
    if (!s.backing.has(n) || seen.has(n)) return '';
    seen.add(n);
    return `${space}[^${number(n)}]`;
  });
  if (s.added !== undefined) text = `${text.trimEnd()}[^${number(s.added)}]`;
  return text;
}
