import { singleLine } from './whitespace';

/**
 * Characters a quotation aims at: two sentences of academic prose (a sentence runs 120 to 200 characters)
 * fit, a third does not. A sentence is never cut to fit: one longer sentence is quoted whole.
 */
export const QUOTATION_BUDGET = 360;

/**
 * Where text is left out of a quotation: square brackets around an ellipsis, as Spanish academic usage
 * (RAE, APA in Spanish) marks an omission, so that it is not read as the author's own '…'.
 */
export const OMISSION = '[…]';

const WORD = /[\p{L}\p{N}]+/gu;
/** Function words of the languages the library holds most, which say nothing of which sentence is meant. */
const STOPWORDS = new Set(
  (
    'the and for with that this from are was were has have not but its into than then them they their ' +
    'which what when where who how one our can all any also been per via ' +
    'los las del por para con una uno que como sus más pero sin sobre entre este esta esto ese esa son fue ' +
    'des les une est dans pour par sur avec der die das und mit von den'
  ).split(' '),
);

/** Options of {@link quotationOf}. */
export interface QuotationOptions {
  /** The passage's language, for `Intl.Segmenter` (default: the runtime's). */
  locale?: string;
  /** Characters aimed at (default {@link QUOTATION_BUDGET}). */
  budget?: number;
}

/**
 * The quotation of `texto` for a search of `query`: the whole sentences (at most two, within `budget`) that
 * hold most of the query's words, with {@link OMISSION} where text before, between or after them is left out.
 * The text is verbatim but for whitespace (line breaks of the page become single spaces) and hyphens at line
 * ends (see {@link mendLineHyphens}). A passage within the budget is quoted whole; a passage none of whose
 * sentences holds a query word (found by meaning) gives its first whole sentence.
 */
export function quotationOf(texto: string, query: string, opts: QuotationOptions = {}): string {
  const budget = opts.budget ?? QUOTATION_BUDGET;
  const text = singleLine(mendLineHyphens(texto));
  if (text.length <= budget) return text;
  const sentences = splitSentences(text, opts.locale);
  if (sentences.length < 2) return text;
  const terms = queryTerms(query);
  const held = sentences.map((s) => termsIn(s.text, terms));
  // A page cut mid-sentence starts or ends on a fragment: quoted only when no whole sentence will do.
  const whole = sentences.map(
    (s, i) => !((i === 0 && s.fragmentStart) || (i === sentences.length - 1 && s.fragmentEnd)),
  );
  const run = bestRun(sentences, held, whole, budget);
  const body = run
    .map((k, n) => (n > 0 && k > run[n - 1]! + 1 ? `${OMISSION} ${sentences[k]!.text}` : sentences[k]!.text))
    .join(' ');
  const open = run[0]! > 0 || sentences[0]!.fragmentStart ? `${OMISSION} ` : '';
  const close = run.at(-1)! < sentences.length - 1 ? ` ${OMISSION}` : '';
  return `${open}${body}${close}`;
}

interface Sentence {
  text: string;
  start: number;
  end: number;
  fragmentStart: boolean;
  fragmentEnd: boolean;
}

/** The sentences of one-line `text`, by `Intl.Segmenter` (Unicode's sentence boundaries). */
function splitSentences(text: string, locale?: string): Sentence[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const out: Sentence[] = [];
  for (const seg of segmenter.segment(text)) {
    const trimmed = seg.segment.trim();
    if (!trimmed) continue;
    const start = seg.index + seg.segment.indexOf(trimmed);
    out.push({
      text: trimmed,
      start,
      end: start + trimmed.length,
      fragmentStart: /^\p{Ll}/u.test(trimmed),
      fragmentEnd: !/[.!?…:;]["'»”’)\]]*$/u.test(trimmed),
    });
  }
  return out;
}

/**
 * The sentences to quote, in order: whole sentences holding a query word before any fragment (a page's cut
 * sentence is quoted only when nothing else holds the words), then the one sentence or the two (with what
 * lies between them left out) holding most distinct query words within the budget, then the shorter, then
 * the earlier. A second sentence is taken only for a word the first lacks. No word held anywhere: the first
 * whole sentence.
 */
function bestRun(
  sentences: readonly Sentence[],
  held: readonly Set<number>[],
  whole: readonly boolean[],
  budget: number,
): number[] {
  const gap = OMISSION.length + 2;
  let best: { run: number[]; score: number[] } | undefined;
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i; j < sentences.length; j++) {
      const run = j === i ? [i] : [i, j];
      const length = run.reduce((n, k) => n + sentences[k]!.text.length + 1, 0) + (j > i + 1 ? gap : 0);
      if (run.length > 1 && length > budget) continue;
      const words = new Set(run.flatMap((k) => [...held[k]!]));
      const allWhole = run.every((k) => whole[k]);
      // More words first; of as many, one sentence beats two, and nearer beats farther, by length.
      const score = [allWhole && words.size > 0 ? 1 : 0, words.size, -length, -i];
      if (!best || compare(score, best.score) > 0) best = { run, score };
    }
  }
  if (!best || best.score[1] === 0) return [Math.max(0, whole.indexOf(true))];
  return best.run;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Accent-folded, lower-cased words of a text. */
function words(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(WORD) ?? []
  );
}

/** A query word's stem: its end left off, so 'round-trips' finds 'round-trip' (the API's own stemming). */
const stem = (w: string) => (w.length > 5 ? w.slice(0, Math.max(5, w.length - 2)) : w);

function queryTerms(query: string): string[] {
  const all = words(query.replace(/"/g, ' ')).filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  return [...new Set(all)].map(stem);
}

function termsIn(text: string, terms: readonly string[]): Set<number> {
  const ws = words(text);
  const found = new Set<number>();
  terms.forEach((t, i) => {
    if (ws.some((w) => w.startsWith(t))) found.add(i);
  });
  return found;
}

const LINE_HYPHEN = /(\p{L}+)([-\u2010\u00ad])[ \t]*\r?\n\s*(\p{Ll}[\p{L}]*)/gu;

/**
 * Hyphens at line ends that the reader left (it mends those its vocabulary decides at ingestion): a soft
 * hyphen, or a word whose unhyphenated form the same text writes elsewhere, is joined ('distri-\nbuted' →
 * 'distributed'); any other keeps its hyphen and loses the line break ('round-\ntrips' → 'round-trips'),
 * for a hyphen that is the author's must not be dropped from a quotation.
 */
export function mendLineHyphens(texto: string): string {
  if (!texto.includes('\n')) return texto;
  const seen = new Set(words(texto.replace(LINE_HYPHEN, ' ')));
  return texto.replace(LINE_HYPHEN, (_m, head: string, hyphen: string, tail: string) =>
    hyphen === '\u00ad' || seen.has(words(head + tail)[0] ?? '') ? head + tail : `${head}${hyphen}${tail}`,
  );
}
