import { describe, expect, it } from 'vitest';
import { findIsbn } from './identifiers/isbn';
import { findArxivId, findYear, yearOfArxivId } from './pdf-year';
import { body, page } from './testing/layout-pages';

describe('year of publication', () => {
  it('prefers a statement of publication to other dates, and the last year of a copyright range', () => {
    const p = page([
      ['A Manual', 72, 100, 20],
      ['for version 4.19.0, 18 August 2022', 72, 130, 11],
      ['Copyright © 2001–2022 Free Software Foundation, Inc.', 72, 600, 11],
    ]);
    expect(findYear([p], 2026)).toBe(2022);
    const cited = page([['Reference: Chuttur M.Y. (2009). "Overview of the Technology…"', 72, 300, 12], ...body(320)]);
    expect(findYear([cited], 2026)).toBe(2009);
  });

  it('takes a date in the page foot over dates in a table, and believes no year after the file was made', () => {
    const p = page([
      ['Oct. 25, 1999', 72, 150, 8.5],
      ['June 13, 2000', 72, 170, 8.5],
      ['www.flightsafety.org | AviationSafetyWorld | October 2006', 72, 760, 8],
      ...body(200),
    ]);
    expect(findYear([p], 2026)).toBe(2006);
    expect(findYear([p], 2003)).toBe(2000);
    expect(findYear([page(body(72))], 2026)).toBeUndefined();
  });

  it('takes a date in running text only when the sentence makes it the document’s', () => {
    const history = page([
      ['On 8 May 1945 the war in Europe ended, as the papers of the archive show in some detail.', 72, 300, 10],
      ...body(320),
    ]);
    expect(findYear([history], 2026)).toBeUndefined();
    const spec = page([
      [
        'This is version 0.21 of the Shared MIME-info Database specification, last updated 2 October 2018.',
        72,
        300,
        10,
      ],
      ...body(320),
    ]);
    expect(findYear([spec], 2026)).toBe(2018);
  });

  it('reads a journal’s volume line and a conference line', () => {
    expect(findYear([page([['Journal of Hydrology 512 (2014) 45–60', 72, 40, 9], ...body(300)])], 2026)).toBe(2014);
    const pldi = page([['PLDI’09, Proceedings of the 2009 Conference on Programming Languages', 72, 700, 8]]);
    expect(findYear([pldi], 2026)).toBe(2009);
  });

  it('reads Spanish and German dates', () => {
    expect(findYear([page([['Publicado: 3 de mayo de 2019', 72, 700, 9]])], 2026)).toBe(2019);
    expect(findYear([page([['0. Auflage, 31. Dezember 2016', 72, 760, 11]])], 2026)).toBe(2016);
  });
});

describe('identifiers', () => {
  it('finds ISBNs (as ISBN-13) and arXiv identifiers', () => {
    expect(findIsbn('ISBN 978-3-16-148410-0')).toBe('9783161484100');
    expect(findIsbn('ISBN-10: 0-306-40615-2')).toBe('9780306406157');
    expect(findIsbn('ISBN 978-3-16-148410-1')).toBeUndefined();
    expect(findArxivId('arXiv:1706.03762v7 [cs.CL] 2 Aug 2023')).toBe('1706.03762v7');
    expect(findArxivId('arXiv:hep-th/9901001')).toBe('hep-th/9901001');
    expect(yearOfArxivId('1706.03762v7')).toBe(2017);
    expect(yearOfArxivId('hep-th/9901001')).toBe(1999);
  });
});
