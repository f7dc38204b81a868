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

/**
 * Rebuilds the headings and numbered paragraphs of a section unit. Units store their text as the
 * section's pending headings, then its paragraphs, joined by blank lines (see `unitsFromOutline`);
 * paragraph anchors live on the passages, which never include headings. So: text before the unit's first
 * passage is headings, text after its last passage is trailing headings, and paragraphs are numbered from
 * the unit's anchor, re-synchronised at the start of every passage (its anchor names its first paragraph).
 * Without passages, leading pieces that are names of the heading path are taken for headings.
 */
export function sectionBlocks(unit: UnitRow, passages: readonly ReaderPassageRow[]): TextBlock[] {
  const chunks = chunksOf(unit.texto);
  const ruta = anchorPath(unit);
  const levelOf = (texto: string) => {
    const i = ruta.lastIndexOf(texto.trim());
    return i >= 0 ? i + 1 : Math.max(1, ruta.length);
  };

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
