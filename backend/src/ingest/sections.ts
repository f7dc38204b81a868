import { singleLine, type AnclaSeccion } from '@folio/shared';
import type { Block, Unit } from './converter';

/** The outline of a structured text as its reader meets it: headings and paragraphs in order. */
export type OutlineEvent = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string };

/** At most this many paragraphs per unit; a longer section continues in further units. */
export const MAX_PARAGRAPHS_PER_UNIT = 40;

/**
 * Turns an outline into units: one unit per section (its heading line followed by its paragraphs), split
 * every `maxParagraphs` paragraphs. Each paragraph is a block anchored by heading path and its 1-based
 * number within the section; the unit is anchored by its first paragraph. Headings are part of the unit
 * text but never blocks. A heading with no paragraph of its own (a chapter title directly followed by a
 * section title) is carried into the next unit's text; headings after the last paragraph close the last unit.
 */
export function unitsFromOutline(
  events: Iterable<OutlineEvent>,
  maxParagraphs: number = MAX_PARAGRAPHS_PER_UNIT,
): Unit[] {
  const units: Unit[] = [];
  const path: { level: number; text: string }[] = [];
  let pendingHeadings: string[] = [];
  let current: { headings: string[]; blocks: Block[] } | undefined;
  let paragraph = 0;

  const flush = () => {
    if (!current || current.blocks.length === 0) return;
    const { headings, blocks } = current;
    units.push({
      texto: [...headings, ...blocks.map((b) => b.texto)].join('\n\n'),
      ancla: blocks[0]!.ancla,
      bloques: blocks,
    });
    current = undefined;
  };

  for (const event of events) {
    const text = event.text.trim();
    if (!text) continue;
    if (event.kind === 'heading') {
      flush();
      while (path.length > 0 && path[path.length - 1]!.level >= event.level) path.pop();
      const heading = singleLine(text);
      path.push({ level: event.level, text: heading });
      pendingHeadings.push(heading);
      paragraph = 0;
      continue;
    }
    if (current && current.blocks.length >= maxParagraphs) flush();
    if (!current) {
      current = { headings: pendingHeadings, blocks: [] };
      pendingHeadings = [];
    }
    paragraph += 1;
    const ancla: AnclaSeccion = { tipo: 'seccion', ruta: path.map((h) => h.text), parrafo: paragraph };
    current.blocks.push({ texto: text, ancla });
  }
  flush();

  if (pendingHeadings.length > 0) {
    const trailing = pendingHeadings.join('\n\n');
    const last = units[units.length - 1];
    if (last) {
      last.texto = `${last.texto}\n\n${trailing}`;
    } else {
      // Only headings in the whole document: they are all the text there is, so they become a paragraph.
      const ancla: AnclaSeccion = { tipo: 'seccion', ruta: [], parrafo: 1 };
      units.push({ texto: trailing, ancla, bloques: [{ texto: trailing, ancla }] });
    }
  }
  return units;
}
