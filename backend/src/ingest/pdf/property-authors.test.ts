import { describe, expect, it } from 'vitest';
import { weighPropertyAuthors } from './property-authors';

const page = (text: string, byline: string[] = []) => ({ byline, text });

describe('weighPropertyAuthors', () => {
  it('refuses a list a printed line of names shows incomplete', () => {
    const printed = page('Counting birds in cities\nANNA KOVACS1,∗, PETER D. NAGY1, AND LENA FISCHER^{2,3}\nAbstract');
    expect(weighPropertyAuthors(['Fischer, L.'], printed)).toEqual([]);
    expect(weighPropertyAuthors(['Kovacs, Anna', 'Fischer, Lena'], printed)).toEqual([]);
    expect(weighPropertyAuthors(['Smith, J.'], page('John Smith and Jane Smith'))).toEqual([]);
    // The whole list, in any form, stands (the initial spelt out as printed).
    expect(weighPropertyAuthors(['Kovacs, A.', 'Nagy, Peter D.', 'Fischer, Lena'], printed)).toEqual([
      'Kovacs, Anna',
      'Nagy, Peter D.',
      'Fischer, Lena',
    ]);
  });

  it('does not take names on separate lines for one byline (an author and her advisors)', () => {
    const cover = page('Realizado por\nMARTA RUIZ\nDirigido por\nPEDRO GIL SOTO\nLUIS VEGA');
    expect(weighPropertyAuthors(['Ruiz, Marta'], cover)).toEqual(['Ruiz, Marta']);
  });

  it('takes the fuller form of a name the page prints, filed by the document’s rules', () => {
    const cover = page('Realizado por\nMARTA RUIZ CABRERA\nTutorizado por\nPEDRO GIL SOTO');
    expect(weighPropertyAuthors(['Ruiz, Marta'], cover, { idioma: 'es' })).toEqual(['Ruiz Cabrera, Marta']);
    expect(weighPropertyAuthors(['Ruiz, M.'], cover, { idioma: 'es' })).toEqual(['Ruiz Cabrera, Marta']);
    // From the byline read from the page as well.
    expect(weighPropertyAuthors(['Smith, J.'], page('', ['John Smith']))).toEqual(['Smith, John']);
  });

  it('keeps the property’s form where the page prints two fuller ones, or a different surname', () => {
    const lines = page('John Smith\nJane Smith');
    expect(weighPropertyAuthors(['Smith, J.'], lines)).toEqual(['Smith, J.']);
    // In an English document the property tells a Spanish name's first surname: the fuller one has two.
    expect(weighPropertyAuthors(['Ruiz, Marta'], page('MARTA RUIZ CABRERA', []), { idioma: 'en' })).toEqual([
      'Ruiz Cabrera, Marta',
    ]);
    // 'Ruiz' printed as a given name, not as the surname.
    expect(weighPropertyAuthors(['Ruiz, Marta'], page('Marta Ruiz Gil', []), { idioma: 'pt' })).toEqual([
      'Ruiz, Marta',
    ]);
  });
});
