// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatBibliography } from './bibliography';
import { citedWorkOf, citedWorksKey, memoryCitedWorks, sessionCitedWorks } from './cited-works';
import { pasaje, pasajeWeb } from './testing/pasajes';

const eco = citedWorkOf(pasaje());
const paramo = citedWorkOf(pasajeWeb());

describe('formatBibliography', () => {
  it('APA (Spanish locale): sorted by author, titles in italics, the web page with its address', () => {
    const bib = formatBibliography([paramo, eco], 'apa');
    expect(bib.block).toBe(true);
    expect(bib.text.split('\n')).toEqual([
      'Eco, U. (1977). Tratado de semiótica general.',
      // APA 7 gives no retrieval date for a dated page, and its CSL joins authors with '&' in every locale.
      'Pérez Canul, A., & Ruiz, L. (2021). El páramo y el agua. https://example.org/paramo',
    ]);
    expect(bib.html).toBe(
      '<p>Eco, U. (1977). <i>Tratado de semiótica general</i>.</p>' +
        '<p>Pérez Canul, A., &#38; Ruiz, L. (2021). <i>El páramo y el agua</i>. https://example.org/paramo</p>',
    );
  });

  it('Vancouver: numbered in the order of first citation', () => {
    const bib = formatBibliography([paramo, eco], 'vancouver');
    expect(bib.text.split('\n')).toEqual([
      '1. Pérez Canul A, Ruiz L. El páramo y el agua [Internet]. 2021 [citado 3 de mayo de 2024]. Disponible en: https://example.org/paramo',
      '2. Eco U. Tratado de semiótica general. 1977.',
    ]);
    expect(bib.html).toMatch(
      /^<p>1\. Pérez Canul A, Ruiz L\. .*<\/p><p>2\. Eco U\. Tratado de semiótica general\. 1977\.<\/p>$/,
    );
  });

  it('refuses a style it does not have', () => {
    expect(() => formatBibliography([eco], 'chicago')).toThrow(/Unknown bibliography style/);
  });
});

describe('cited works', () => {
  it('takes the reference data from the passage: documento, and the origin of a web page, never the reader link', () => {
    expect(eco).toEqual({ id: 'eco77', titulo: 'Tratado de semiótica general', autores: ['Eco, Umberto'], anio: 1977 });
    expect(paramo).toMatchObject({ url: 'https://example.org/paramo', consultada: '2024-05-03' });
    expect(JSON.stringify(paramo)).not.toContain('/leer/');
  });

  it('keeps one list per page (origin and path) in sessionStorage, in order of first citation', () => {
    sessionStorage.clear();
    const doc = sessionCitedWorks(sessionStorage, 'https://docs.google.com/document/d/abc/edit#heading=h.1');
    doc.add(eco);
    doc.add(paramo);
    doc.add({ ...eco, titulo: 'Tratado de semiótica general (2.ª ed.)' });
    const again = sessionCitedWorks(sessionStorage, 'https://docs.google.com/document/d/abc/edit?tab=t.0');
    expect(again.list().map((w) => [w.id, w.titulo])).toEqual([
      ['eco77', 'Tratado de semiótica general (2.ª ed.)'],
      ['paramo', 'El páramo y el agua'],
    ]);
    expect(sessionCitedWorks(sessionStorage, 'https://docs.google.com/document/d/other/edit').list()).toEqual([]);
    expect(sessionStorage.getItem(citedWorksKey('https://docs.google.com/document/d/abc/edit'))).toContain('eco77');
    again.clear();
    expect(doc.list()).toEqual([]);
  });

  it('survives unreadable storage and works in memory', () => {
    sessionStorage.setItem(citedWorksKey('https://example.org/a'), '{not json');
    expect(sessionCitedWorks(sessionStorage, 'https://example.org/a').list()).toEqual([]);
    const memory = memoryCitedWorks();
    memory.add(eco);
    memory.add(eco);
    expect(memory.list()).toEqual([eco]);
  });
});
