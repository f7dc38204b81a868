import { describe, expect, it } from 'vitest';
import type { Ancla } from '../contract/ancla';
import { formatLocator } from './locator';

const page = (fisica: number, impresa?: string | null): Ancla => ({ tipo: 'pagina', fisica, impresa });
const time = (t0: number, t1: number): Ancla => ({ tipo: 'tiempo', t0, t1 });

describe('formatLocator: pagina', () => {
  it('uses the printed folio when there is one', () => {
    expect(formatLocator(page(51, '45'))).toBe('p. 45');
    expect(formatLocator({ tipo: 'pagina', fisica: 3, impresa: 'xii', romana: true })).toBe('p. xii');
  });

  it('falls back to the physical page when the folio is missing, null or blank', () => {
    expect(formatLocator(page(7))).toBe('p. 7');
    expect(formatLocator(page(7, null))).toBe('p. 7');
    expect(formatLocator(page(7, ''))).toBe('p. 7');
    expect(formatLocator(page(7, '  '))).toBe('p. 7');
  });

  it('trims the printed folio', () => {
    expect(formatLocator(page(9, ' 3 '))).toBe('p. 3');
  });

  it('writes a range to another page', () => {
    expect(formatLocator(page(7), { hasta: page(8) })).toBe('pp. 7-8');
    expect(formatLocator(page(270, '263'), { hasta: page(271, '264') })).toBe('pp. 263-264');
    expect(formatLocator(page(12, 'xii'), { hasta: page(14, 'xiv') })).toBe('pp. xii-xiv');
  });

  it('mixes folio and physical page when only one end is printed', () => {
    expect(formatLocator(page(10, 'x'), { hasta: page(11) })).toBe('pp. x-11');
  });

  it('writes a single page when hasta is the same page', () => {
    expect(formatLocator(page(7), { hasta: page(7) })).toBe('p. 7');
    expect(formatLocator(page(9, '7'), { hasta: page(9, '7') })).toBe('p. 7');
  });

  it('ignores a hasta that is not on a page', () => {
    expect(formatLocator(page(7), { hasta: time(0, 5) })).toBe('p. 7');
    expect(formatLocator(page(7), { hasta: { tipo: 'seccion', ruta: ['A'], parrafo: 2 } })).toBe('p. 7');
  });

  it('does not depend on the language', () => {
    expect(formatLocator(page(7, '5'), { idioma: 'en' })).toBe('p. 5');
    expect(formatLocator(page(7), { idioma: 'en', hasta: page(8) })).toBe('pp. 7-8');
  });
});

describe('formatLocator: tiempo', () => {
  it('formats t0 as m:ss under one hour and h:mm:ss above', () => {
    expect(formatLocator(time(5, 9))).toBe('0:05');
    expect(formatLocator(time(754, 760))).toBe('12:34');
    expect(formatLocator(time(3723, 3730))).toBe('1:02:03');
  });

  it('floors fractional seconds', () => {
    expect(formatLocator(time(65.9, 70))).toBe('1:05');
  });

  it('writes a range ending at the t1 of hasta', () => {
    expect(formatLocator(time(60, 75), { hasta: time(80, 95.5) })).toBe('1:00-1:35');
    expect(formatLocator(time(3590, 3600), { hasta: time(3600, 3610) })).toBe('59:50-1:00:10');
  });

  it('collapses a range that ends on the same second', () => {
    expect(formatLocator(time(60, 60.4), { hasta: time(60, 60.9) })).toBe('1:00');
  });

  it('ignores a hasta that is not a time', () => {
    expect(formatLocator(time(60, 75), { hasta: page(3) })).toBe('1:00');
  });
});

describe('formatLocator: diapositiva', () => {
  it('writes the slide number in each language', () => {
    expect(formatLocator({ tipo: 'diapositiva', n: 4 })).toBe('diap. 4');
    expect(formatLocator({ tipo: 'diapositiva', n: 4 }, { idioma: 'es' })).toBe('diap. 4');
    expect(formatLocator({ tipo: 'diapositiva', n: 4 }, { idioma: 'en' })).toBe('slide 4');
  });
});

describe('formatLocator: seccion', () => {
  const seccion = (ruta: string[], parrafo: number, impresa?: string | null): Ancla => ({
    tipo: 'seccion',
    ruta,
    parrafo,
    impresa,
  });

  it('uses the printed page when the section has one', () => {
    expect(formatLocator(seccion(['Métodos'], 3, '112'))).toBe('p. 112');
    expect(formatLocator(seccion(['Métodos'], 3, '112'), { idioma: 'en' })).toBe('p. 112');
  });

  it('writes a page range when both ends have printed pages', () => {
    expect(formatLocator(seccion(['A'], 3, '112'), { hasta: seccion(['A'], 9, '113') })).toBe('pp. 112-113');
    expect(formatLocator(seccion(['A'], 3, '112'), { hasta: seccion(['A'], 9, '112') })).toBe('p. 112');
    expect(formatLocator(seccion(['A'], 3, '112'), { hasta: seccion(['B'], 1) })).toBe('p. 112');
  });

  it('writes the last heading and the paragraph otherwise', () => {
    expect(formatLocator(seccion(['Parte I', 'Métodos'], 3))).toBe('Métodos, párr. 3');
    expect(formatLocator(seccion(['Part I', 'Methods'], 3), { idioma: 'en' })).toBe('Methods, para. 3');
    expect(formatLocator(seccion(['Métodos'], 3, null))).toBe('Métodos, párr. 3');
    expect(formatLocator(seccion(['Métodos'], 3, ''))).toBe('Métodos, párr. 3');
  });

  it('writes only the paragraph when there is no heading', () => {
    expect(formatLocator(seccion([], 3))).toBe('párr. 3');
    expect(formatLocator(seccion([], 3), { idioma: 'en' })).toBe('para. 3');
  });

  it('skips blank headings and collapses whitespace in headings', () => {
    expect(formatLocator(seccion(['Métodos', '  '], 2))).toBe('Métodos, párr. 2');
    expect(formatLocator(seccion(['  Diseño\n del   estudio '], 2))).toBe('Diseño del estudio, párr. 2');
  });

  it('ignores hasta when it locates by heading', () => {
    expect(formatLocator(seccion(['Métodos'], 3), { hasta: seccion(['Métodos'], 5) })).toBe('Métodos, párr. 3');
  });
});

describe('formatLocator: paragraphs', () => {
  it('writes the paragraphs a passage runs over, in both languages', () => {
    const ancla: Ancla = { tipo: 'seccion', ruta: ['Métodos'], parrafo: 3, parrafoHasta: 5 };
    expect(formatLocator(ancla)).toBe('Métodos, párrs. 3-5');
    expect(formatLocator(ancla, { idioma: 'en' })).toBe('Métodos, paras. 3-5');
    expect(formatLocator({ tipo: 'web', ruta: ['Historia'], parrafo: 2, parrafoHasta: 3 })).toBe(
      'Historia, párrs. 2-3',
    );
    expect(formatLocator({ ...ancla, parrafoHasta: 3 })).toBe('Métodos, párr. 3');
  });
});

describe('formatLocator: web', () => {
  it('writes the last heading and the paragraph', () => {
    expect(formatLocator({ tipo: 'web', url: 'https://a.example', ruta: ['Intro', 'Historia'], parrafo: 2 })).toBe(
      'Historia, párr. 2',
    );
    expect(formatLocator({ tipo: 'web', ruta: ['History'], parrafo: 2 }, { idioma: 'en' })).toBe('History, para. 2');
  });

  it('writes only the paragraph without headings', () => {
    expect(formatLocator({ tipo: 'web', parrafo: 5 })).toBe('párr. 5');
    expect(formatLocator({ tipo: 'web', ruta: [], parrafo: 5 }, { idioma: 'en' })).toBe('para. 5');
  });

  it('writes the last heading alone, or nothing, without a paragraph', () => {
    expect(formatLocator({ tipo: 'web', ruta: ['Intro', 'Historia'] })).toBe('Historia');
    expect(formatLocator({ tipo: 'web', url: 'https://a.example' })).toBe('');
    expect(formatLocator({ tipo: 'web' }, { idioma: 'en' })).toBe('');
  });
});

describe('formatLocator: hoja', () => {
  it('writes sheet name and row range', () => {
    expect(formatLocator({ tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 10 })).toBe('hoja Datos, filas 2-10');
    expect(formatLocator({ tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 10 }, { idioma: 'en' })).toBe(
      'sheet Datos, rows 2-10',
    );
  });

  it('writes a single row in the singular', () => {
    expect(formatLocator({ tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 2 })).toBe('hoja Datos, fila 2');
    expect(formatLocator({ tipo: 'hoja', hoja: 'Datos', filaDesde: 2 })).toBe('hoja Datos, fila 2');
    expect(formatLocator({ tipo: 'hoja', filaHasta: 8 })).toBe('fila 8');
    expect(formatLocator({ tipo: 'hoja', hoja: 'Data', filaDesde: 2 }, { idioma: 'en' })).toBe('sheet Data, row 2');
  });

  it('omits the sheet name when absent or blank', () => {
    expect(formatLocator({ tipo: 'hoja', filaDesde: 2, filaHasta: 10 })).toBe('filas 2-10');
    expect(formatLocator({ tipo: 'hoja', hoja: ' ', filaDesde: 2, filaHasta: 10 })).toBe('filas 2-10');
    expect(formatLocator({ tipo: 'hoja', filaDesde: 2, filaHasta: 10 }, { idioma: 'en' })).toBe('rows 2-10');
  });

  it('writes the sheet alone without rows, and nothing when it knows neither', () => {
    expect(formatLocator({ tipo: 'hoja', hoja: 'Datos' })).toBe('hoja Datos');
    expect(formatLocator({ tipo: 'hoja' })).toBe('');
  });
});

describe('formatLocator: imagen', () => {
  it('points at the image, in the citation language', () => {
    expect(formatLocator({ tipo: 'imagen' })).toBe('imagen');
    expect(formatLocator({ tipo: 'imagen' }, { idioma: 'es' })).toBe('imagen');
    expect(formatLocator({ tipo: 'imagen' }, { idioma: 'en', hasta: { tipo: 'imagen' } })).toBe('image');
  });
});
