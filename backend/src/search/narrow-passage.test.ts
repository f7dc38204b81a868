import type { Ancla } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import type { StoredPart } from '../db/units.repo';
import { MIN_SPEECH_WORDS, narrowPassage } from './narrow-passage';
import { parseQuery } from './query';

/** A passage made of blocks joined by blank lines, as ingestion packs them. */
function passage(blocks: { texto: string; ancla: Ancla }[]) {
  const partes: StoredPart[] = [];
  let desde = 0;
  for (const b of blocks) {
    partes.push({ desde, hasta: desde + b.texto.length, ancla: b.ancla });
    desde += b.texto.length + 2;
  }
  return { texto: blocks.map((b) => b.texto).join('\n\n'), ancla: blocks[0]!.ancla, partes };
}

const cue = (texto: string, t0: number, t1: number) => ({ texto, ancla: { tipo: 'tiempo' as const, t0, t1 } });
const terms = (q: string) => parseQuery(q).terms;

describe('narrowPassage', () => {
  const video = passage([
    cue('Bienvenidos a este recorrido por la península de Yucatán y sus acuíferos kársticos.', 0, 4.5),
    cue('La intrusión salina avanza en Quintana Roo por la extracción de agua subterránea en la costa.', 4.5, 10),
    cue('Los cenotes conectan ríos subterráneos que recorren cientos de kilómetros bajo la selva.', 10, 16),
  ]);

  it('gives the cue that holds the words, widened to the readable minimum with the next one', () => {
    const n = narrowPassage(video, terms('intrusión salina Quintana Roo'));
    expect(n.ancla).toEqual({ tipo: 'tiempo', t0: 4.5, t1: 16 });
    expect(n.texto).toContain('La intrusión salina avanza');
    expect(n.texto).not.toContain('Bienvenidos');
    expect(n.texto.split(/\s+/).length).toBeGreaterThanOrEqual(MIN_SPEECH_WORDS);
  });

  it('takes one long cue alone, and every cue between words spread over several', () => {
    const long = passage([
      cue('Primera frase corta.', 0, 2),
      cue(`${'palabra '.repeat(30)}sobre el nivel freático del acuífero.`, 2, 12),
      cue('Otra frase sin relación.', 12, 14),
      cue('Y al final se habla de la cuenca del Usumacinta.', 14, 18),
    ]);
    expect(narrowPassage(long, terms('nivel freático')).ancla).toEqual({ tipo: 'tiempo', t0: 2, t1: 12 });
    expect(narrowPassage(long, terms('freático Usumacinta')).ancla).toEqual({ tipo: 'tiempo', t0: 2, t1: 18 });
  });

  it('ends on a sentence end, but never starts before the first cue holding the words', () => {
    const split = passage([
      cue('Hace diez años el gobierno estatal decidió que la', 0, 3),
      cue('extracción de agua quedaría prohibida cerca de la', 3, 6),
      cue(
        'costa y en las reservas de la biosfera del estado, según la ley publicada ese mismo año en el diario oficial.',
        6,
        9,
      ),
      cue(`${'Y luego otra más. '.repeat(8)}`, 9, 20),
    ]);
    expect(narrowPassage(split, terms('extracción prohibida')).ancla).toEqual({ tipo: 'tiempo', t0: 3, t1: 9 });
  });

  it('of equally short runs, takes the one holding the typed words in order', () => {
    const talk = passage([
      cue(`You want to be sure you make the time for it, ${'always '.repeat(20)}`, 0, 10),
      cue(`And you want to make sure that you record it well, ${'always '.repeat(20)}`, 10, 20),
    ]);
    const typed = 'want to make sure that you';
    expect(narrowPassage(talk, terms(typed), typed).ancla).toMatchObject({ t0: 10 });
    // Without what was typed, the first of the two.
    expect(narrowPassage(talk, terms(typed)).ancla).toMatchObject({ t0: 0 });
  });

  it('gives the row that holds the words, and rows stand alone', () => {
    const row = (texto: string, n: number) => ({
      texto,
      ancla: { tipo: 'hoja' as const, hoja: 'Datos', filaDesde: n, filaHasta: n },
    });
    const sheet = passage([
      row('Estado: Yucatán; Cenotes: 2400', 2),
      row('Estado: Quintana Roo; Cenotes: 1100', 3),
      row('Estado: Campeche; Cenotes: 300', 4),
    ]);
    const n = narrowPassage(sheet, terms('Quintana Roo'));
    expect(n).toEqual({
      texto: 'Estado: Quintana Roo; Cenotes: 1100',
      ancla: { tipo: 'hoja', hoja: 'Datos', filaDesde: 3, filaHasta: 3 },
    });
    expect(narrowPassage(sheet, terms('Yucatán Campeche')).ancla).toEqual({
      tipo: 'hoja',
      hoja: 'Datos',
      filaDesde: 2,
      filaHasta: 4,
    });
  });

  it('gives the paragraph with its section path, or the paragraphs the words run over', () => {
    const para = (texto: string, parrafo: number) => ({
      texto,
      ancla: { tipo: 'seccion' as const, ruta: ['Pérdida de cobertura'], parrafo },
    });
    const section = passage([
      para('La selva perdió cobertura entre 2000 y 2018.', 1),
      para('La ganadería extensiva explica la mayor parte de la deforestación en Campeche.', 2),
      para('La deforestación también redujo la recarga del acuífero.', 3),
    ]);
    const n = narrowPassage(section, terms('ganadería deforestación'));
    expect(n.ancla).toEqual({ tipo: 'seccion', ruta: ['Pérdida de cobertura'], parrafo: 2 });
    expect(n.texto).toBe('La ganadería extensiva explica la mayor parte de la deforestación en Campeche.');
    const both = narrowPassage(section, terms('ganadería recarga del acuífero'));
    expect(both.ancla).toEqual({ tipo: 'seccion', ruta: ['Pérdida de cobertura'], parrafo: 2, parrafoHasta: 3 });
    expect(both.texto).toBe(
      'La ganadería extensiva explica la mayor parte de la deforestación en Campeche.\n\n' +
        'La deforestación también redujo la recarga del acuífero.',
    );
    // Found by meaning alone: the anchor names one paragraph, so the text is that paragraph.
    expect(narrowPassage(section, terms('bosques tropicales'))).toEqual({
      texto: 'La selva perdió cobertura entre 2000 y 2018.',
      ancla: section.partes[0]!.ancla,
    });
  });

  it('returns a passage without blocks as it is', () => {
    const page = { texto: 'Texto de una página.', ancla: { tipo: 'pagina' as const, fisica: 4 } };
    expect(narrowPassage(page, terms('página'))).toEqual(page);
    expect(narrowPassage({ ...page, partes: null }, terms('página'))).toEqual(page);
  });
});
