import type { Ancla } from '@folio/shared';
import type { Block, Unit } from './converter';

/** A retrieval-sized piece of one unit, with the anchor a citation of it will use. */
export interface Passage {
  /** 1-based position across the whole document. */
  posicion: number;
  /** 1-based position of the unit it comes from. */
  unidad: number;
  /** Literal text of the unit: one or more of its paragraphs (or a run of sentences), joined by blank lines. */
  texto: string;
  ancla: Ancla;
  /** From a unit whose text was read from an image. */
  visual?: boolean;
  /**
   * The blocks it packs, each with its own anchor (a cue, a paragraph, a row), where they are finer than
   * the passage's: what a result narrows to around the words it matched (index/narrow-passage.ts).
   */
  partes?: PassagePart[];
}

/** One block of a passage: `texto.slice(desde, hasta)`, anchored at `ancla`. */
export interface PassagePart {
  desde: number;
  hasta: number;
  ancla: Ancla;
}

/** Passages are packed to about this many words … */
export const TARGET_WORDS = 200;
/** … a shorter one is merged with its neighbour when the result stays within the maximum … */
export const MIN_WORDS = 80;
/** … and none is longer than this. */
export const MAX_WORDS = 300;
/**
 * A passage of speech (time anchors) spans at most this many seconds, however few its words: its citation
 * starts at its first second, so a longer one would send the reader up to a minute before the quoted words.
 */
export const MAX_SECONDS = 30;

/**
 * Cuts units into passages for retrieval. A passage never crosses a unit. Within a unit with blocks,
 * consecutive blocks are packed together (the passage takes the first block's anchor) as long as their
 * anchors locate the same place (same section path, same speaker …) and, for speech, span at most
 * `MAX_SECONDS`; without blocks, the unit text is cut
 * at blank lines. Paragraphs longer than `MAX_WORDS` are cut between sentences, or between words when a
 * sentence is itself too long. Every passage text is a slice of the unit text, or slices joined by '\n\n'.
 */
export function splitPassages(units: readonly Unit[]): Passage[] {
  const passages: Passage[] = [];
  units.forEach((unit, index) => {
    const pieces = unit.bloques && unit.bloques.length > 0 ? blockPieces(unit.bloques) : textPieces(unit);
    for (const group of packPieces(pieces)) {
      const partes = groupParts(group);
      passages.push({
        posicion: passages.length + 1,
        unidad: index + 1,
        texto: group.map((p) => p.texto).join(PIECE_SEPARATOR),
        ancla: spanAnchor(group[0]!.ancla, group[group.length - 1]!.ancla),
        ...(unit.visual && { visual: true }),
        ...(partes && { partes }),
      });
    }
  });
  return passages;
}

const PIECE_SEPARATOR = '\n\n';

/** The pieces of a group with their offsets in the passage text; none when they are all anchored alike. */
function groupParts(group: readonly Piece[]): PassagePart[] | undefined {
  const first = JSON.stringify(group[0]!.ancla);
  if (group.every((piece) => JSON.stringify(piece.ancla) === first)) return undefined;
  const partes: PassagePart[] = [];
  let desde = 0;
  for (const piece of group) {
    partes.push({ desde, hasta: desde + piece.texto.length, ancla: piece.ancla });
    desde += piece.texto.length + PIECE_SEPARATOR.length;
  }
  return partes;
}

/** A paragraph (or a slice of an oversize one) ready to be packed. */
interface Piece {
  texto: string;
  ancla: Ancla;
  words: number;
  /** Pieces with different keys are never packed together. */
  key: string;
  /** Slices of one oversize paragraph stand alone: they are already sized. */
  slice: boolean;
}

function blockPieces(blocks: readonly Block[]): Piece[] {
  return blocks.flatMap((block) => paragraphPieces(block.texto, block.ancla));
}

function textPieces(unit: Unit): Piece[] {
  return unit.texto.split(/\n[ \t]*\n/).flatMap((paragraph) => paragraphPieces(paragraph, unit.ancla));
}

function paragraphPieces(paragraph: string, ancla: Ancla): Piece[] {
  const texto = paragraph.trim();
  if (!texto) return [];
  const key = placeKey(ancla);
  const words = countWords(texto);
  if (words <= MAX_WORDS) return [{ texto, ancla, words, key, slice: false }];
  return splitOversize(texto).map((slice) => ({ texto: slice, ancla, words: countWords(slice), key, slice: true }));
}

/** Greedy packing towards `TARGET_WORDS`, never above `MAX_WORDS`; a short tail joins the previous group. */
function packPieces(pieces: readonly Piece[]): Piece[][] {
  const groups: Piece[][] = [];
  let group: Piece[] = [];
  let words = 0;
  const close = () => {
    if (group.length > 0) groups.push(group);
    group = [];
    words = 0;
  };
  for (const piece of pieces) {
    const fits = group.length > 0 && !piece.slice && !group[0]!.slice && group[0]!.key === piece.key;
    const tooLong = group.length > 0 && seconds([...group, piece]) > MAX_SECONDS;
    if (!fits || tooLong || words >= TARGET_WORDS || words + piece.words > MAX_WORDS) close();
    group.push(piece);
    words += piece.words;
  }
  close();

  // Merge a short group into the one before it when they could have been packed together.
  for (let i = groups.length - 1; i > 0; i--) {
    const previous = groups[i - 1]!;
    const current = groups[i]!;
    const total = sumWords(previous) + sumWords(current);
    const compatible =
      !previous[0]!.slice &&
      !current[0]!.slice &&
      previous[0]!.key === current[0]!.key &&
      total <= MAX_WORDS &&
      seconds([...previous, ...current]) <= MAX_SECONDS;
    if (compatible && sumWords(current) < MIN_WORDS) {
      groups.splice(i - 1, 2, [...previous, ...current]);
    }
  }
  return groups;
}

/** The seconds a group of time-anchored pieces spans (0 for other anchors). */
function seconds(group: readonly Piece[]): number {
  const first = group[0]!.ancla;
  const last = group[group.length - 1]!.ancla;
  return first.tipo === 'tiempo' && last.tipo === 'tiempo' ? Math.max(first.t1, last.t1) - first.t0 : 0;
}

function sumWords(group: readonly Piece[]): number {
  return group.reduce((n, p) => n + p.words, 0);
}

/**
 * Cuts an oversize paragraph into contiguous slices of at most `MAX_WORDS` words, of even size, at
 * sentence boundaries; a sentence that is too long on its own is cut at word boundaries.
 */
function splitOversize(paragraph: string): string[] {
  const spans: [number, number][] = [];
  for (const [start, end] of sentenceSpans(paragraph)) {
    const words = countWords(paragraph.slice(start, end));
    if (words <= MAX_WORDS) spans.push([start, end]);
    else spans.push(...wordChunks(paragraph, start, end, Math.ceil(words / Math.ceil(words / MAX_WORDS))));
  }
  const total = countWords(paragraph);
  const target = Math.ceil(total / Math.ceil(total / MAX_WORDS));
  const slices: string[] = [];
  let from = -1;
  let to = -1;
  let words = 0;
  for (const [start, end] of spans) {
    const n = countWords(paragraph.slice(start, end));
    if (from >= 0 && (words >= target || words + n > MAX_WORDS)) {
      slices.push(paragraph.slice(from, to).trim());
      from = -1;
      words = 0;
    }
    if (from < 0) from = start;
    to = end;
    words += n;
  }
  if (from >= 0) slices.push(paragraph.slice(from, to).trim());
  return slices.filter(Boolean);
}

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

/**
 * Sentence spans of a paragraph. Line breaks inside a paragraph are usually just wrapping (PDF lines), so
 * they are read as spaces: the segmenter would otherwise end a sentence at every line.
 */
function sentenceSpans(paragraph: string): [number, number][] {
  const flat = paragraph.replace(/\n/g, ' ');
  const spans: [number, number][] = [];
  for (const { index, segment } of sentenceSegmenter.segment(flat)) {
    if (segment.trim()) spans.push([index, index + segment.length]);
  }
  return spans;
}

/** Slices [start, end) of text into runs of at most `size` words, cut just before a word. */
function wordChunks(text: string, start: number, end: number, size: number): [number, number][] {
  const starts = [...text.slice(start, end).matchAll(/\S+/g)].map((m) => start + m.index);
  const chunks: [number, number][] = [];
  for (let i = 0; i < starts.length; i += size) {
    chunks.push([starts[i]!, i + size < starts.length ? starts[i + size]! : end]);
  }
  return chunks;
}

/** Number of whitespace-separated words. */
export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** Fields that say where inside a place a block is; blocks may differ in these and still be packed. */
const POSITION_FIELDS: Partial<Record<Ancla['tipo'], readonly string[]>> = {
  seccion: ['parrafo'],
  web: ['parrafo'],
  tiempo: ['t0', 't1'],
  hoja: ['filaDesde', 'filaHasta'],
};

/**
 * What makes two anchors the same place for packing: every field but the position inside that place
 * (paragraph number, time span, row range). A different section path or speaker is a different place.
 */
function placeKey(ancla: Ancla): string {
  const skip = POSITION_FIELDS[ancla.tipo] ?? [];
  const entries = Object.entries(ancla)
    .filter(([field, value]) => !skip.includes(field) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/** The first block's anchor, widened to the last block where the anchor is a range (seconds, rows). */
function spanAnchor(first: Ancla, last: Ancla): Ancla {
  if (first.tipo === 'tiempo' && last.tipo === 'tiempo') return { ...first, t1: Math.max(first.t1, last.t1) };
  if (first.tipo === 'hoja' && last.tipo === 'hoja' && last.filaHasta != null) {
    return { ...first, filaHasta: Math.max(first.filaHasta ?? last.filaHasta, last.filaHasta) };
  }
  return first;
}
