import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { foldText } from '../../text/fold';
import { convertPdf } from './pdf';
import { lineWithScripts, noteNumbers, type LinePiece } from './pdf-scripts';

/** A piece on baseline `across`, `height` points high. */
const at = (str: string, across: number, height = 10): LinePiece => ({ str, across, height });
const body = (str: string) => at(str, 500);
const raised = (str: string) => at(str, 503.6, 7);
const lowered = (str: string) => at(str, 498.5, 7);

describe('lineWithScripts', () => {
  it('writes an exponent after a digit or a one-letter name with ^, braces around more than a word', () => {
    expect(lineWithScripts([body('tiene 2'), raised('34'), body(' tablets')])).toBe('tiene 2^34 tablets');
    expect(lineWithScripts([body('1.08 × 10'), raised('6'), body(' eventos')])).toBe('1.08 × 10^6 eventos');
    expect(lineWithScripts([body('cae como r'), raised('−2')])).toBe('cae como r^{−2}');
    expect(lineWithScripts([body('y x'), raised('2'), body('.')])).toBe('y x^2.');
  });

  it("keeps a raised capital inside a word of capitals in the word: the LaTeX logo's A", () => {
    expect(lineWithScripts([body('escrito en L'), raised('A'), body('TEX.')])).toBe('escrito en LATEX.');
    expect(lineWithScripts([body('D'), raised('A'), body(' x')])).toBe('D^A x');
  });

  it('writes a subscript after _: H_2O, x_{i,j}', () => {
    expect(lineWithScripts([body('el agua es H'), lowered('2'), body('O')])).toBe('el agua es H_2O');
    expect(lineWithScripts([body('x'), lowered('i,j')])).toBe('x_{i,j}');
  });

  it('writes a raised number after a word or a stop as a call, in superscript digits', () => {
    expect(lineWithScripts([body('con tomografía'), raised('1'), body(' y')])).toBe('con tomografía¹ y');
    expect(lineWithScripts([body('transición.'), raised('12,13')])).toBe('transición.¹²,¹³');
    // After a digit, a number matching a note of the page is its call, not an exponent.
    expect(lineWithScripts([body('en 1998'), raised('2')], new Set(['2']))).toBe('en 1998²');
    expect(lineWithScripts([body('en 1998'), raised('2')])).toBe('en 1998^2');
  });

  it("keeps a note's own number apart from its text, and whole words set off at their size on the line", () => {
    expect(lineWithScripts([at('1', 172, 6), at('The note.', 169.2, 8)])).toBe('1 The note.');
    const words = [at('Hello', 700, 48), at('Hello', 724, 48), at('World', 700, 24), at('World', 724, 24)];
    expect(lineWithScripts(words)).toBe('HelloHelloWorldWorld');
    expect(lineWithScripts([body('plain'), body(' text')])).toBe('plain text');
  });

  it('finds the notes a page prints: lines opening with a raised number', () => {
    const lines = [[body('text'), raised('1')], [at('1', 172, 6), at('The note.', 169.2, 8)], [body('2 apples')]];
    expect([...noteNumbers(lines)]).toEqual(['1']);
  });
});

describe('search folds a call apart from its word', () => {
  it('tomografía¹ is found as tomografia; 2^34 as 2 and 34', () => {
    expect(foldText('con tomografía¹ y')).toBe('con tomografia y');
    expect(foldText('tiene 2^34')).toBe('tiene 2^34');
  });
});

describe('raised and lowered text read from PDFs', () => {
  const read = async (file: string) =>
    (await convertPdf({ path: file, size: statSync(file).size }, { progress: async () => {} })).unidades;

  it('a LaTeX article: exponents, indices, note calls and notes (test/fixtures/latex/boletin-ot1.pdf)', async () => {
    const [page] = await read(path.join(REPO_ROOT, 'test/fixtures/latex/boletin-ot1.pdf'));
    const text = page!.texto;
    expect(text).toContain('guarda 2^34 tablets');
    expect(text).toContain('1.08 × 10^6 eventos');
    expect(text).toContain('r^{−2}');
    expect(text).toContain('H_2O, con índices x_i');
    expect(text).toContain('tomografía¹ y con el modelo de la región de transición².');
    expect(text).toContain('1 Reconstrucción a partir de imágenes');
    expect(text).toContain('2 Véase la sección siguiente.');
  });

  it(
    titleNeeding('real articles: "7 × 10^82 networks", "10^9 instrucciones", note calls', 'metadata-dev'),
    async () => {
      if (!hasFixture('metadata-dev')) return;
      const epidemic = (await read(fixturePath('metadata-dev/dev-002.pdf'))).map((u) => u.texto).join('\n');
      expect(epidemic).toContain('almost 7 × 10^82 possible infection networks');
      const book = (await read(fixturePath('metadata-dev/dev-022.pdf'))).map((u) => u.texto).join('\n');
      expect(book).toContain('puede ejecutar 10^9 instrucciones por segundo');
      expect(book).toContain('2 · 10^{−9} seg');
      const economy = (await read(fixturePath('metadata-dev/dev-001.pdf'))).map((u) => u.texto).join('\n');
      expect(economy).toMatch(/proportions¹,/u);
      expect(economy).not.toMatch(/proportions1/u);
    },
  );
});
