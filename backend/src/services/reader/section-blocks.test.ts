import { describe, expect, it } from 'vitest';
import type { ReaderPassageRow } from '../../db/reader.repo';
import { storedBlocks, type UnitRow } from '../../db/units.repo';
import { splitPassages } from '../../ingest/passages';
import { unitsFromOutline, type OutlineEvent } from '../../ingest/sections';
import { sectionBlocks, type TextBlock } from './section-blocks';

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ') + '.';

/**
 * Units and passages exactly as ingestion stores them for an outline, laid out three ways: from the
 * unit's stored blocks (`stored`), and for a unit stored before blocks were, from its passages (`blocks`)
 * or from its text alone (`withoutPassages`).
 */
function stored(outline: OutlineEvent[], maxParagraphs?: number) {
  const units = unitsFromOutline(outline, maxParagraphs);
  const passages: ReaderPassageRow[] = splitPassages(units);
  const rows: UnitRow[] = units.map((u, i) => ({
    posicion: i + 1,
    texto: u.texto,
    ancla: u.ancla,
    impresa: null,
    t0: null,
    t1: null,
  }));
  return rows.map((unit, i) => {
    const own = passages.filter((p) => p.unidad === unit.posicion);
    const bloques = storedBlocks(units[i]!);
    return {
      unit,
      hasBlocks: bloques !== null,
      // With blocks the passages are not needed; a unit of one paragraph has none and uses its passages.
      stored: sectionBlocks({ ...unit, bloques }, bloques ? [] : own),
      blocks: sectionBlocks(unit, own),
      withoutPassages: sectionBlocks(unit, []),
    };
  });
}

const h = (level: number, text: string): OutlineEvent => ({ kind: 'heading', level, text });
const p = (text: string): OutlineEvent => ({ kind: 'paragraph', text });

describe('sectionBlocks', () => {
  it('tells the headings a unit starts with from its numbered paragraphs', () => {
    const [first, second] = stored([
      h(1, 'Capítulo uno'),
      h(2, 'Métodos'),
      p('Primer párrafo de métodos.'),
      p('Segundo párrafo de métodos.'),
      h(2, 'Resultados'),
      p('Único párrafo de resultados.'),
    ]);
    const expected: TextBlock[] = [
      { kind: 'heading', texto: 'Capítulo uno', level: 1 },
      { kind: 'heading', texto: 'Métodos', level: 2 },
      { kind: 'paragraph', texto: 'Primer párrafo de métodos.', parrafo: 1 },
      { kind: 'paragraph', texto: 'Segundo párrafo de métodos.', parrafo: 2 },
    ];
    expect(first!.hasBlocks).toBe(true);
    expect(first!.stored).toEqual(expected);
    expect(first!.blocks).toEqual(expected);
    expect(first!.withoutPassages).toEqual(expected);
    const single: TextBlock[] = [
      { kind: 'heading', texto: 'Resultados', level: 2 },
      { kind: 'paragraph', texto: 'Único párrafo de resultados.', parrafo: 1 },
    ];
    expect(second!.hasBlocks).toBe(false);
    expect(second!.stored).toEqual(single);
    expect(second!.blocks).toEqual(single);
  });

  it('goes on counting where a long section continues in the next unit', () => {
    const outline = [h(1, 'Datos'), ...Array.from({ length: 5 }, (_, i) => p(`Párrafo ${i + 1}.`))];
    const [first, second] = stored(outline, 3);
    expect(first!.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.texto)).toEqual([
      'Párrafo 1.',
      'Párrafo 2.',
      'Párrafo 3.',
    ]);
    const continued: TextBlock[] = [
      { kind: 'paragraph', texto: 'Párrafo 4.', parrafo: 4 },
      { kind: 'paragraph', texto: 'Párrafo 5.', parrafo: 5 },
    ];
    expect(second!.stored).toEqual(continued);
    expect(second!.blocks).toEqual(continued);
  });

  it('keeps the numbering through a paragraph long enough to be cut into several passages', () => {
    const [unit] = stored([h(1, 'Largo'), p(words(700, 'agua')), p('Después del largo.')]);
    expect(unit!.blocks.map((b) => (b.kind === 'paragraph' ? b.parrafo : b.texto))).toEqual(['Largo', 1, 2]);
    expect(unit!.stored).toEqual(unit!.blocks);
  });

  it('shows headings after the last paragraph as headings, not paragraphs', () => {
    const [unit] = stored([h(1, 'Cuerpo'), p('Texto.'), p('Más texto.'), h(1, 'Apéndice vacío')]);
    const expected: TextBlock[] = [
      { kind: 'heading', texto: 'Cuerpo', level: 1 },
      { kind: 'paragraph', texto: 'Texto.', parrafo: 1 },
      { kind: 'paragraph', texto: 'Más texto.', parrafo: 2 },
      { kind: 'heading', texto: 'Apéndice vacío', level: 1 },
    ];
    expect(unit!.hasBlocks).toBe(true);
    expect(unit!.stored).toEqual(expected);
    expect(unit!.blocks).toEqual(expected);
  });

  it('reads a text without headings as numbered paragraphs', () => {
    const [unit] = stored([p('Uno.'), p('Dos.')]);
    const expected: TextBlock[] = [
      { kind: 'paragraph', texto: 'Uno.', parrafo: 1 },
      { kind: 'paragraph', texto: 'Dos.', parrafo: 2 },
    ];
    expect(unit!.stored).toEqual(expected);
    expect(unit!.blocks).toEqual(expected);
  });

  it('keeps a paragraph with blank lines inside it whole, and the numbers after it, from stored blocks', () => {
    const [unit] = stored([h(1, 'Código'), p('Antes.'), p('línea uno\n\nlínea dos'), p('Después.')]);
    expect(unit!.stored).toEqual([
      { kind: 'heading', texto: 'Código', level: 1 },
      { kind: 'paragraph', texto: 'Antes.', parrafo: 1 },
      { kind: 'paragraph', texto: 'línea uno\n\nlínea dos', parrafo: 2 },
      { kind: 'paragraph', texto: 'Después.', parrafo: 3 },
    ]);
    // Rebuilt from passages, the blank line reads as a paragraph break: the inner line gets a number of its own.
    expect(unit!.withoutPassages.filter((b) => b.kind === 'paragraph')).toHaveLength(4);
  });

  it('falls back to the passages when stored blocks are not paragraphs of the unit text', () => {
    const [unit] = stored([h(1, 'Datos'), p('Uno.'), p('Dos.')]);
    const foreign = [
      { texto: 'Otro texto.', ancla: unit!.unit.ancla },
      { texto: 'Dos.', ancla: unit!.unit.ancla },
    ];
    expect(sectionBlocks({ ...unit!.unit, bloques: foreign }, [])).toEqual(unit!.withoutPassages);
  });
});
