import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';

/** A heading or a numbered paragraph of a section, as the reader lays it out. */
export type TextBlock =
  | { kind: 'heading'; texto: string; /** 1 = outermost heading of the path. */ level: number }
  | { kind: 'paragraph'; texto: string; /** Number within its section, from 1, as anchors count. */ parrafo: number };

interface Chunk {
  texto: string;
  start: number;
  end: number;
}

/** The unit text cut where converters joined its pieces ('\n\n'), with offsets. */
function chunksOf(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  for (const piece of text.split('\n\n')) {
    chunks.push({ texto: piece, start, end: start + piece.length });
    start += piece.length + 2;
  }
  return chunks.filter((c) => c.texto.trim() !== '');
}

function anchorParagraph(p: { ancla: UnitRow['ancla'] }): number | undefined {
  return p.ancla.tipo === 'seccion' || p.ancla.tipo === 'web' ? p.ancla.parrafo : undefined;
}

function anchorPath(unit: UnitRow): string[] {
  return unit.ancla.tipo === 'seccion' || unit.ancla.tipo === 'web' ? (unit.ancla.ruta ?? []) : [];
}

/** The level of a heading named in the unit's heading path (1 = outermost); the deepest level otherwise. */
function headingLevel(unit: UnitRow): (texto: string) => number {
  const ruta = anchorPath(unit);
  return (texto) => {
    const i = ruta.lastIndexOf(texto.trim());
    return i >= 0 ? i + 1 : Math.max(1, ruta.length);
  };
}

/**
 * The headings and numbered paragraphs of a section unit. Units store their text as the section's pending
 * headings, then its paragraphs, then (the last unit only) trailing headings, joined by blank lines (see
 * `unitsFromOutline`). A unit stored with its blocks (its paragraphs, each with its anchor) is laid out
 * exactly from them; older units, and units of a single paragraph, are rebuilt from their passages
 * (`fromPassages`).
 */
export function sectionBlocks(unit: UnitRow, passages: readonly ReaderPassageRow[]): TextBlock[] {
  return (unit.bloques && fromStoredBlocks(unit, unit.bloques)) ?? fromPassages(unit, passages);
}

/**
 * Paragraphs are the stored blocks, numbered by their anchors; the unit text before the first and after
 * the last are its headings. Undefined when the blocks are not a section's paragraphs or are not found in
 * order in the unit text (then the passages serve).
 */
function fromStoredBlocks(unit: UnitRow, stored: NonNullable<UnitRow['bloques']>): TextBlock[] | undefined {
  const paragraphs: Extract<TextBlock, { kind: 'paragraph' }>[] = [];
  let cursor = 0;
  let start: number | undefined;
  for (const block of stored) {
    const parrafo = anchorParagraph(block);
    const at = unit.texto.indexOf(block.texto, cursor);
    if (parrafo === undefined || at < 0) return undefined;
    start ??= at;
    cursor = at + block.texto.length;
    paragraphs.push({ kind: 'paragraph', texto: block.texto.trim(), parrafo });
  }
  if (start === undefined) return undefined;
  const levelOf = headingLevel(unit);
  const headings = (text: string): TextBlock[] =>
    chunksOf(text).map((c) => ({ kind: 'heading', texto: c.texto.trim(), level: levelOf(c.texto) }));
  return [...headings(unit.texto.slice(0, start)), ...paragraphs, ...headings(unit.texto.slice(cursor))];
}

/**
 * Paragraph anchors live on the passages, which never include headings. So: text before the unit's first
 * passage is headings, text after its last passage is trailing headings, and paragraphs are numbered from
 * the unit's anchor, re-synchronised at the start of every passage (its anchor names its first paragraph).
 * Without passages, leading pieces that are names of the heading path are taken for headings.
 */
function fromPassages(unit: UnitRow, passages: readonly ReaderPassageRow[]): TextBlock[] {
  const chunks = chunksOf(unit.texto);
  const ruta = anchorPath(unit);
  const levelOf = headingLevel(unit);

  // Where each passage starts in the unit text, with the paragraph number its anchor gives.
  const starts = new Map<number, number | undefined>();
  let cursor = 0;
  let bodyStart: number | undefined;
  let bodyEnd: number | undefined;
  for (const p of passages) {
    const pieces = p.texto.split('\n\n');
    const at = unit.texto.indexOf(pieces[0]!, cursor);
    if (at < 0) continue;
    starts.set(at, anchorParagraph(p));
    bodyStart ??= at;
    const last = pieces[pieces.length - 1]!;
    const lastAt = unit.texto.indexOf(last, at);
    bodyEnd = lastAt >= 0 ? lastAt + last.length : at + pieces[0]!.length;
    cursor = at + 1;
  }

  let leadingHeadings = 0;
  if (bodyStart === undefined) {
    while (leadingHeadings < chunks.length - 1 && ruta.includes(chunks[leadingHeadings]!.texto.trim())) {
      leadingHeadings++;
    }
  }

  const blocks: TextBlock[] = [];
  let next = anchorParagraph(unit) ?? 1;
  chunks.forEach((chunk, i) => {
    const heading =
      bodyStart === undefined ? i < leadingHeadings : chunk.end <= bodyStart || chunk.start >= (bodyEnd ?? Infinity);
    if (heading) {
      blocks.push({ kind: 'heading', texto: chunk.texto.trim(), level: levelOf(chunk.texto) });
      return;
    }
    for (const [at, parrafo] of starts) {
      if (at >= chunk.start && at < chunk.end && parrafo !== undefined) {
        next = parrafo;
        break;
      }
    }
    blocks.push({ kind: 'paragraph', texto: chunk.texto.trim(), parrafo: next });
    next += 1;
  });
  return blocks;
}
