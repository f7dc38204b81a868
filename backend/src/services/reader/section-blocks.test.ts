import { describe, expect, it } from 'vitest';
import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';
import { splitPassages } from '../../ingest/passages';
import { unitsFromOutline, type OutlineEvent } from '../../ingest/sections';
import { sectionBlocks, type TextBlock } from './section-blocks';

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ') + '.';

/** Units and passages exactly as ingestion stores them for an outline. */
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
  return rows.map((unit) => ({
    unit,
    blocks: sectionBlocks(
      unit,
      passages.filter((p) => p.unidad === unit.posicion),
    ),
    withoutPassages: sectionBlocks(unit, []),
  }));
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
    expect(first!.blocks).toEqual(expected);
    expect(first!.withoutPassages).toEqual(expected);
    expect(second!.blocks).toEqual([
      { kind: 'heading', texto: 'Resultados', level: 2 },
      { kind: 'paragraph', texto: 'Único párrafo de resultados.', parrafo: 1 },
    ]);
  });

  it('goes on counting where a long section continues in the next unit', () => {
    const outline = [h(1, 'Datos'), ...Array.from({ length: 5 }, (_, i) => p(`Párrafo ${i + 1}.`))];
    const [first, second] = stored(outline, 3);
    expect(first!.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.texto)).toEqual([
      'Párrafo 1.',
      'Párrafo 2.',
      'Párrafo 3.',
    ]);
    expect(second!.blocks).toEqual([
      { kind: 'paragraph', texto: 'Párrafo 4.', parrafo: 4 },
      { kind: 'paragraph', texto: 'Párrafo 5.', parrafo: 5 },
    ]);
  });

  it('keeps the numbering through a paragraph long enough to be cut into several passages', () => {
    const [unit] = stored([h(1, 'Largo'), p(words(700, 'agua')), p('Después del largo.')]);
    expect(unit!.blocks.map((b) => (b.kind === 'paragraph' ? b.parrafo : b.texto))).toEqual(['Largo', 1, 2]);
  });

  it('shows headings after the last paragraph as headings, not paragraphs', () => {
    const [unit] = stored([h(1, 'Cuerpo'), p('Texto.'), h(1, 'Apéndice vacío')]);
    expect(unit!.blocks).toEqual([
      { kind: 'heading', texto: 'Cuerpo', level: 1 },
      { kind: 'paragraph', texto: 'Texto.', parrafo: 1 },
      { kind: 'heading', texto: 'Apéndice vacío', level: 1 },
    ]);
  });

  it('reads a text without headings as numbered paragraphs', () => {
    const [unit] = stored([p('Uno.'), p('Dos.')]);
    expect(unit!.blocks).toEqual([
      { kind: 'paragraph', texto: 'Uno.', parrafo: 1 },
      { kind: 'paragraph', texto: 'Dos.', parrafo: 2 },
    ]);
  });
});
