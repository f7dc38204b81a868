import type { Ancla } from '@folio/shared';
import type { StoredPart } from '../db/units.repo';
import { foldText } from '../text/fold';
import { queryStem } from './query';

/** What a result shows: its text and the anchor that covers exactly that text. */
export interface NarrowedPassage {
  texto: string;
  ancla: Ancla;
}

/**
 * Words a result of speech shows at least: a cue of three words is no readable quotation, so the cues
 * that follow in the same passage are added until the text holds this many. Never earlier ones, not
 * even to reach back to where a sentence began: the citation's first second is the first cue holding the
 * words, which is the promise of a time citation.
 */
export const MIN_SPEECH_WORDS = 25;
/** Cues added at most after the words to end the quotation on a sentence's end. */
const MAX_SENTENCE_BLOCKS = 2;

const WORD = /[\p{L}\p{N}]+/gu;
const SENTENCE_END = /[.!?…]["'»”’)\]]*\s*$/u;

/**
 * A passage narrowed to the stored blocks that hold the words it matched: the cues (their first start to
 * their last end), the paragraph (with its section path) or the rows, instead of every block the passage
 * packs. The anchor always covers exactly the text returned, and the text always holds the matched words
 * the anchor can cover:
 * - the blocks taken are the fewest consecutive ones holding every query word the passage holds (of
 *   equally few, the run holding most of the typed words in the order typed);
 * - speech is widened forward to a sentence's end (up to two cues) and to `MIN_SPEECH_WORDS`;
 * - rows stand alone: a row is a record with its own column names;
 * - paragraphs stand alone too, or run from the first to the last holding the words ('párrs. 3-5':
 *   `parrafoHasta`, a list and its lead-in, a table's header and row).
 * A passage without blocks (a PDF page), or none of whose words match (a result found by meaning), is
 * returned whole, but for a section's, which gives its first paragraph (it was found by meaning: no word
 * says which paragraph, and the whole passage may be many).
 */
export function narrowPassage(
  passage: NarrowedPassage & { partes?: readonly StoredPart[] | null },
  terms: readonly string[],
  typed = '',
): NarrowedPassage {
  const blocks = passage.partes;
  if (!blocks || blocks.length < 2) return { texto: passage.texto, ancla: passage.ancla };
  const text = (from: number, to: number) => passage.texto.slice(blocks[from]!.desde, blocks[to]!.hasta);
  const held = blocks.map((_, i) => termsIn(text(i, i), terms));
  const paragraphs = blocks[0]!.ancla.tipo === 'seccion' || blocks[0]!.ancla.tipo === 'web';
  const pairs = wordPairs(typed);
  const covers = tightestCovers(held);
  // Of equally short runs, the one that reads most like what was typed: 'want to make sure that you' is
  // said twice in a talk, and its words in that order are in one of the cues only.
  const best = covers.reduce<[number, number] | undefined>(
    (b, c) => (!b || pairsIn(text(c[0], c[1]), pairs) > pairsIn(text(b[0], b[1]), pairs) ? c : b),
    undefined,
  );
  let [from, to] = best ?? (paragraphs ? [0, 0] : [0, blocks.length - 1]);
  if (blocks[0]!.ancla.tipo === 'tiempo') [from, to] = widenSpeech(passage.texto, blocks, from, to);
  const first = blocks[from]!;
  const last = blocks[to]!;
  return { texto: passage.texto.slice(first.desde, last.hasta), ancla: spanAnchor(first.ancla, last.ancla) };
}

/** Indexes of the query terms a block's text holds. */
function termsIn(text: string, terms: readonly string[]): Set<number> {
  const words = foldText(text).match(WORD) ?? [];
  const found = new Set<number>();
  terms.forEach((term, i) => {
    const stem = queryStem(term);
    if (words.some((w) => w.startsWith(stem))) found.add(i);
  });
  return found;
}

/** Every shortest run of blocks holding every term any block holds, in order; none when no term matched. */
function tightestCovers(held: readonly Set<number>[]): [number, number][] {
  const all = new Set(held.flatMap((s) => [...s]));
  if (all.size === 0) return [];
  const covers: [number, number][] = [];
  for (let from = 0; from < held.length; from++) {
    if (held[from]!.size === 0) continue;
    const seen = new Set<number>();
    for (let to = from; to < held.length; to++) {
      for (const t of held[to]!) seen.add(t);
      if (seen.size === all.size) {
        covers.push([from, to]);
        break;
      }
    }
  }
  const shortest = Math.min(...covers.map(([from, to]) => to - from));
  return covers.filter(([from, to]) => to - from === shortest);
}

/** Consecutive word pairs of what was typed, folded, stopwords included. */
function wordPairs(typed: string): string[] {
  const words = foldText(typed).match(WORD) ?? [];
  return words.slice(1).map((w, i) => `${words[i]} ${w}`);
}

/** How many of `pairs` a text holds as consecutive words. */
function pairsIn(text: string, pairs: readonly string[]): number {
  if (pairs.length === 0) return 0;
  const flat = ` ${(foldText(text).match(WORD) ?? []).join(' ')} `;
  return pairs.filter((p) => flat.includes(` ${p} `)).length;
}

function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** Cues added after [from, to] to end on a sentence's end and reach the readable minimum. */
function widenSpeech(texto: string, blocks: readonly StoredPart[], from: number, to: number): [number, number] {
  const text = (i: number) => texto.slice(blocks[i]!.desde, blocks[i]!.hasta);
  for (let n = 0; n < MAX_SENTENCE_BLOCKS && to < blocks.length - 1 && !SENTENCE_END.test(text(to)); n++) to++;
  const words = () => wordCount(texto.slice(blocks[from]!.desde, blocks[to]!.hasta));
  while (words() < MIN_SPEECH_WORDS && to < blocks.length - 1) to++;
  return [from, to];
}

/** The first block's anchor, widened to the last block's (seconds, paragraphs, rows). */
function spanAnchor(first: Ancla, last: Ancla): Ancla {
  if (first.tipo === 'tiempo' && last.tipo === 'tiempo') return { ...first, t1: Math.max(first.t1, last.t1) };
  if ((first.tipo === 'seccion' || first.tipo === 'web') && first.tipo === last.tipo) {
    const hasta = last.parrafo;
    return hasta !== undefined && first.parrafo !== undefined && hasta > first.parrafo
      ? { ...first, parrafoHasta: hasta }
      : first;
  }
  if (first.tipo === 'hoja' && last.tipo === 'hoja') {
    const filaHasta = last.filaHasta ?? last.filaDesde;
    return filaHasta === undefined ? first : { ...first, filaHasta };
  }
  return first;
}
