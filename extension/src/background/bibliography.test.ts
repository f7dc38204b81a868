// No DOM here, as in the background's service worker: citeproc must parse its styles without DOMParser.
import { describe, expect, it } from 'vitest';
import { formatBibliography, readCitedWorks } from './bibliography';
import { APA_PARAMO_ECO, ECO, PARAMO } from './testing/cited-works';

describe('formatBibliography', () => {
  it('APA (Spanish locale): sorted by author, titles in italics, the web page with its address', () => {
    expect(formatBibliography([PARAMO, ECO], 'apa')).toEqual(APA_PARAMO_ECO);
  });

  it('Vancouver: numbered in the order of first citation', () => {
    const bib = formatBibliography([PARAMO, ECO], 'vancouver');
    expect(bib.text.split('\n')).toEqual([
      '1. Pérez Canul A, Ruiz L. El páramo y el agua [Internet]. 2021 [citado 3 de mayo de 2024]. Disponible en: https://example.org/paramo',
      '2. Eco U. Tratado de semiótica general. 1977.',
    ]);
    expect(bib.html).toBe(
      '<p>1. Pérez Canul A, Ruiz L. El páramo y el agua [Internet]. 2021 [citado 3 de mayo de 2024]. Disponible en: https://example.org/paramo</p>' +
        '<p>2. Eco U. Tratado de semiótica general. 1977.</p>',
    );
  });

  it('refuses a style it does not have', () => {
    expect(() => formatBibliography([ECO], 'chicago')).toThrow(/Unknown bibliography style/);
  });
});

describe('readCitedWorks', () => {
  it('keeps well-formed works as they are', () => {
    expect(readCitedWorks([PARAMO, ECO])).toEqual([PARAMO, ECO]);
  });

  it('refuses what is not a list of works: the list comes from storage the page can write', () => {
    expect(() => readCitedWorks('eco77')).toThrow(/must be a list/);
    expect(() => readCitedWorks([ECO, 'https://doi.org/10.1/x'])).toThrow(/Malformed cited work at 1/);
    expect(() => readCitedWorks([{ ...ECO, autores: 'Eco, Umberto' }])).toThrow(/Malformed/);
    expect(() => readCitedWorks([{ ...ECO, titulo: { toString: 1 } }])).toThrow(/Malformed/);
  });

  it('drops an address that is not a web link and a date that is not one', () => {
    expect(readCitedWorks([{ ...PARAMO, url: 'javascript:alert(1)', consultada: 'ayer', extra: '<b>' }])).toEqual([
      { id: 'paramo', titulo: 'El páramo y el agua', autores: ['Pérez Canul, Ana', 'Ruiz, Luis'], anio: 2021 },
    ]);
  });
});
