import type { Ancla } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../testing/fixtures';
import type { Unit } from './converter';
import { convertMarkdown } from './markdown';
import { readFileSync } from 'node:fs';
import { convertCaptionText } from './captions';
import { countWords, MAX_SECONDS, MAX_WORDS, MIN_WORDS, splitPassages, type Passage } from './passages';
import { convertPdf } from './pdf/pdf';
import { convertText } from './text';

const GEOTOPO = 'pdfs/GeoTopo-komprimiert.pdf';

/** Deterministic prose: sentences of 8-20 words. */
function prose(sentences: number, seed = 1): string {
  const words = ['el', 'río', 'baja', 'lento', 'entre', 'piedras', 'y', 'juncos', 'bajo', 'la', 'luz', 'gris'];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const n = 8 + (next() % 13);
    const sentence = Array.from({ length: n }, () => words[next() % words.length]).join(' ');
    out.push(sentence[0]!.toUpperCase() + sentence.slice(1) + '.');
  }
  return out.join(' ');
}

/** Every passage is literal: each of its blank-line-joined parts occurs in its unit's text. */
function expectLiteral(passages: Passage[], units: Unit[]) {
  for (const passage of passages) {
    const unit = units[passage.unidad - 1]!;
    for (const part of passage.texto.split('\n\n')) expect(unit.texto).toContain(part);
  }
}

function expectSized(passages: Passage[]) {
  for (const passage of passages) {
    expect(countWords(passage.texto)).toBeGreaterThan(0);
    expect(countWords(passage.texto)).toBeLessThanOrEqual(MAX_WORDS);
  }
}

const page = (fisica: number, texto: string): Unit => ({ texto, ancla: { tipo: 'pagina', fisica, impresa: null } });

describe('splitPassages', () => {
  it('numbers passages across the document and never crosses a unit', () => {
    const units = [page(1, prose(5)), page(2, ''), page(3, prose(6, 2)), page(4, '   ')];
    const passages = splitPassages(units);
    expect(passages.map((p) => [p.posicion, p.unidad])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(passages[1]!.ancla).toEqual(units[2]!.ancla);
    expectLiteral(passages, units);
  });

  it('packs paragraphs of a page into passages of 80-300 words', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => prose(4 + (i % 5), i + 1));
    const units = [page(1, paragraphs.join('\n\n'))];
    const passages = splitPassages(units);
    expectSized(passages);
    expectLiteral(passages, units);
    for (const passage of passages) expect(countWords(passage.texto)).toBeGreaterThanOrEqual(MIN_WORDS);
    expect(passages.map((p) => p.texto).join('\n\n')).toBe(units[0]!.texto);
  });

  it('cuts an oversize paragraph at sentence boundaries, keeping line breaks', () => {
    const long = prose(80, 7).replace(/\. /g, '.\n'); // PDF-like: a line per sentence, no blank line
    const units = [page(1, long)];
    const passages = splitPassages(units);
    expect(passages.length).toBeGreaterThan(1);
    expectSized(passages);
    expectLiteral(passages, units);
    for (const passage of passages) expect(passage.texto).toMatch(/\.$/);
    // Even pieces, not a full one and a scrap.
    const sizes = passages.map((p) => countWords(p.texto));
    expect(Math.min(...sizes)).toBeGreaterThan(MAX_WORDS / 3);
  });

  it('cuts a sentence-less monster at word boundaries', () => {
    const words = Array.from({ length: 1000 }, (_, i) => `palabra${i}`);
    const units = [page(1, words.join(' '))];
    const passages = splitPassages(units);
    expect(passages.map((p) => countWords(p.texto))).toEqual([250, 250, 250, 250]);
    expectLiteral(passages, units);
    expect(passages.map((p) => p.texto).join(' ')).toBe(units[0]!.texto);
  });

  it('takes the anchor of the first block and never merges different sections', () => {
    const units = convertMarkdown('# A\n\nUno.\n\nDos.\n\n## B\n\nTres.\n\n# C\n\nCuatro.').unidades;
    // One unit per section already; each section's short blocks become one passage.
    const passages = splitPassages(units);
    expect(passages.map((p) => [p.texto, p.ancla])).toEqual([
      ['Uno.\n\nDos.', { tipo: 'seccion', ruta: ['A'], parrafo: 1 }],
      ['Tres.', { tipo: 'seccion', ruta: ['A', 'B'], parrafo: 1 }],
      ['Cuatro.', { tipo: 'seccion', ruta: ['C'], parrafo: 1 }],
    ]);
    // Headings are in the unit text but not in the passages.
    expectLiteral(passages, units);
  });

  it('keeps blocks with different anchors apart even inside one unit', () => {
    const block = (texto: string, ancla: Ancla) => ({ texto, ancla });
    const unit: Unit = {
      texto: 'a\n\nb\n\nc\n\nd',
      ancla: { tipo: 'tiempo', t0: 0, t1: 4 },
      bloques: [
        block('a', { tipo: 'tiempo', t0: 0, t1: 1, hablante: 'Ana' }),
        block('b', { tipo: 'tiempo', t0: 1, t1: 2, hablante: 'Ana' }),
        block('c', { tipo: 'tiempo', t0: 2, t1: 3, hablante: 'Luis' }),
        block('d', { tipo: 'seccion', ruta: ['X'], parrafo: 4 }),
      ],
    };
    const passages = splitPassages([unit]);
    expect(passages.map((p) => [p.texto, p.ancla])).toEqual([
      ['a\n\nb', { tipo: 'tiempo', t0: 0, t1: 2, hablante: 'Ana' }],
      ['c', { tipo: 'tiempo', t0: 2, t1: 3, hablante: 'Luis' }],
      ['d', { tipo: 'seccion', ruta: ['X'], parrafo: 4 }],
    ]);
  });

  it('sizes the passages of a long plain text, paragraph by paragraph', () => {
    const text = Array.from({ length: 120 }, (_, i) => prose(1 + (i % 7), i)).join('\n\n');
    const { unidades } = convertText(text);
    const passages = splitPassages(unidades);
    expectSized(passages);
    expectLiteral(passages, unidades);
    // The second unit starts at paragraph 41, and so does its first passage.
    const second = passages.find((p) => p.unidad === 2)!;
    expect(second.ancla).toEqual({ tipo: 'seccion', ruta: [], parrafo: 41 });
    const covered = passages.reduce((n, p) => n + countWords(p.texto), 0);
    expect(covered).toBe(countWords(text));
  });

  it.skipIf(!hasFixture(GEOTOPO))(titleNeeding('sizes every passage of a real 117-page book', GEOTOPO), async () => {
    const { unidades } = await convertPdf({ path: fixturePath(GEOTOPO), size: 0 }, { progress: async () => {} });
    const passages = splitPassages(unidades);
    expectSized(passages);
    expectLiteral(passages, unidades);
    expect(new Set(passages.map((p) => p.unidad)).size).toBe(unidades.filter((u) => u.texto.trim()).length);
    const words = passages.map((p) => countWords(p.texto));
    const median = [...words].sort((a, b) => a - b)[Math.floor(words.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(MIN_WORDS);
  });

  it('keeps a passage of speech within 30 seconds, so its citation starts near the quoted words (issue 15)', () => {
    // Fast speech: 40 cues of 3 s and 9 words each, far fewer words than a text passage's 200 per 30 s.
    const cues = Array.from({ length: 40 }, (_, i) => ({
      texto: `Frase ${i + 1} sobre el acuífero y los cenotes de la península.`,
      ancla: { tipo: 'tiempo' as const, t0: 3 * i, t1: 3 * i + 3 },
    }));
    const unit: Unit = {
      texto: cues.map((c) => c.texto).join('\n\n'),
      ancla: { tipo: 'tiempo', t0: 0, t1: 120 },
      bloques: cues,
    };
    const passages = splitPassages([unit]);
    expectLiteral(passages, [unit]);
    expect(passages.map((p) => p.texto).join('\n\n')).toBe(unit.texto);
    let end = 0;
    for (const p of passages) {
      const a = p.ancla as Extract<Ancla, { tipo: 'tiempo' }>;
      expect(a.t1 - a.t0).toBeLessThanOrEqual(MAX_SECONDS);
      expect(a.t0).toBe(end);
      end = a.t1;
    }
    expect(end).toBe(120);
  });

  it.skipIf(!hasFixture('podcast/transcript-example.vtt'))(
    titleNeeding(
      'cuts a real podcast transcript into passages of at most 30 seconds',
      'podcast/transcript-example.vtt',
    ),
    () => {
      const { unidades } = convertCaptionText(readFileSync(fixturePath('podcast/transcript-example.vtt'), 'utf8'));
      const passages = splitPassages(unidades);
      expectLiteral(passages, unidades);
      for (const p of passages) {
        const a = p.ancla as Extract<Ancla, { tipo: 'tiempo' }>;
        expect(a.tipo).toBe('tiempo');
        expect(a.t1 - a.t0).toBeLessThanOrEqual(MAX_SECONDS);
      }
    },
  );

  it('keeps the blocks a passage packs with their offsets and anchors, and none for a page', () => {
    const cues = Array.from({ length: 6 }, (_, i) => ({
      texto: `Frase número ${i + 1} dicha en voz alta.`,
      ancla: { tipo: 'tiempo' as const, t0: 2 * i, t1: 2 * i + 2 },
    }));
    const unit: Unit = {
      texto: cues.map((c) => c.texto).join('\n\n'),
      ancla: { tipo: 'tiempo', t0: 0, t1: 12 },
      bloques: cues,
    };
    const [passage] = splitPassages([unit]);
    expect(passage!.partes).toHaveLength(6);
    passage!.partes!.forEach((part, i) => {
      expect(passage!.texto.slice(part.desde, part.hasta)).toBe(cues[i]!.texto);
      expect(part.ancla).toEqual(cues[i]!.ancla);
    });

    const page: Unit = { texto: 'Uno.\n\nDos.', ancla: { tipo: 'pagina', fisica: 3 } };
    expect(splitPassages([page])[0]!.partes).toBeUndefined();
  });
});
