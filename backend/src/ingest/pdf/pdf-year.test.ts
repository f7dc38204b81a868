import { describe, expect, it } from 'vitest';
import { findIsbn } from '../metadata/identifiers/isbn';
import { findArxivId, findOwnArxivId, findYear, yearCandidates, yearOfArxivId } from './pdf-year';
import { body, page } from '../testing/layout-pages';

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

  it('takes a date in the page foot, never dates in a table, and believes no year after the file was made', () => {
    const p = page([
      ['Oct. 25, 1999', 72, 150, 8.5],
      ['Boeing 737', 200, 150, 8.5],
      ['June 13, 2000', 72, 170, 8.5],
      ['Beech 1900D', 200, 170, 8.5],
      ['www.flightsafety.org | AviationSafetyWorld | October 2006', 72, 760, 8],
      ...body(200),
    ]);
    expect(findYear([p], 2026)).toBe(2006);
    expect(findYear([p], 2003)).toBeUndefined();
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
    const pldi = page([
      ...body(100),
      ['PLDI’09, Proceedings of the 2009 Conference on Programming Languages', 72, 700, 8],
    ]);
    expect(findYear([pldi], 2026)).toBe(2009);
  });

  it('reads Spanish and German dates', () => {
    expect(findYear([page([['Publicado: 3 de mayo de 2019', 72, 700, 9]])], 2026)).toBe(2019);
    expect(findYear([page([['0. Auflage, 31. Dezember 2016', 72, 760, 11]])], 2026)).toBe(2016);
  });
});

describe('the year of an article', () => {
  it('takes the volume line over received and accepted dates, the body and the references', () => {
    const article = page([
      ['Rev Saude Publica. 2022;56:9', 72, 30, 7],
      ['Recebido: 2 mar 2021', 72, 540, 7.5],
      ['Aprovado: 28 abr 2021', 72, 552, 7.5],
      ['coletadas de 7 de outubro de 2019 a 11 de outubro de 2019 em 16 UBS, que foram', 200, 380, 10.5],
      ...body(400),
    ]);
    expect(findYear([article], 2026)).toBe(2022);
    const elsewhere = page([
      ...body(100),
      ['Received 12 May 1998; accepted 3 November 1998', 72, 600, 8],
      ['from 1972 to 2018 in the literature, as Smith (2017) and Jones (2018) found', 72, 620, 10],
      ['Journal of Tropical Health, Vol. 10, No. 2, 1999', 72, 770, 8],
    ]);
    expect(findYear([elsewhere], 2026)).toBe(1999);
  });

  it('never takes a received or accepted date, an ISSN, or a year in running text', () => {
    const history = page([
      ['ISSN 1541-4922', 72, 40, 8],
      ['Received 12 May 1998; accepted 3 November 1998', 72, 600, 8],
      ['Since 1990 the rates have risen, as reported in March 2001 by the ministry of health.', 72, 300, 10],
      ...body(320),
    ]);
    expect(findYear([history], 2026)).toBeUndefined();
  });

  it('takes no volume or issue from running text, even at the page’s foot', () => {
    const law = page([
      ...body(100, 40),
      ['de acordo com a Resolução nº 48/2019, foram escolhidas as unidades de saúde da região', 72, 740, 10],
      ['como o mostrou a revista Journal of Health, Vol. 10, No. 2, 1999, em estudo anterior', 72, 600, 10],
    ]);
    expect(findYear([law], 2026)).toBeUndefined();
  });

  it('reads the year of a journal’s foot, its copyright, and its own citation block', () => {
    const foot = page([...body(100), ['TransInformação, Campinas, 33:e200068, 2021', 72, 760, 8]]);
    expect(findYear([foot], 2026)).toBe(2021);
    const plos = page([
      ['Citation: Thomason CA, Mullen N, Belton LE,', 40, 380, 8],
      ['Mulvaney M, Beecher C, MacDonald G (2018) A', 40, 390, 8],
      ['survey of the literature. PLoS ONE 13(6): e0197919.', 40, 400, 8],
      ['Copyright: © 2019 Thomason et al.', 40, 500, 8],
      ...body(100).map(([t, , top, size]): [string, number, number, number] => [t, 200, top, size]),
    ]);
    expect(yearCandidates([plos], 2026).map((c) => [c.year, c.reason])).toEqual([
      [2018, 'publication'],
      [2019, 'publication'],
    ]);
  });

  it('takes a conference paper’s date from its notice box, not from the body', () => {
    const paper = page([
      ...body(100),
      ['20 a 22 de Novembro de 2006', 171, 634, 7],
      ['Natal, RN, Brasil', 171, 642, 7],
      ['© Sociedade Brasileira de Computação', 171, 665, 7],
    ]);
    expect(findYear([paper], 2026)).toBe(2006);
    const table = page([...body(100), ['20 a 22 de Novembro de 2006', 171, 634, 7], ['Natal, RN', 171, 642, 7]]);
    expect(findYear([table], 2026)).toBeUndefined();
  });
});

describe('repository and download covers', () => {
  it('takes the work’s year, never the download, access or deposit date', () => {
    const jstor = page([
      ['FAO’s Work in Mountains', 72, 100, 14],
      ['Source: Mountain Research and Development, Vol. 30, No. 2 (May 2010), pp. 176-177', 72, 160, 9],
      ['Accessed: 03-05-2022 12:34 UTC', 72, 200, 9],
      ['This content downloaded from 128.1.2.3 on Tue, 03 May 2022 12:34:56 UTC', 72, 770, 7],
    ]);
    expect(findYear([jstor], 2026)).toBe(2010);
    const hal = page([
      ['HAL Id: tel-00123456', 300, 60, 9],
      ['https://theses.hal.science/tel-00123456', 300, 72, 9],
      ['Submitted on 12 Jan 2011', 300, 84, 9],
      ['To cite this version:', 72, 300, 9],
      ['Jean Dupont. Titre de la thèse. Physique [physics]. Université Paris-Sud, 2006.', 72, 312, 9],
      ['Français. ⟨NNT : 2006PA112090⟩. ⟨tel-00123456⟩', 72, 324, 9],
    ]);
    expect(findYear([hal], 2026)).toBe(2006);
    const downloaded = page([
      ...body(100),
      ['Downloaded from https://academic.oup.com/aje/article/160/6/509 by guest on 12 March 2022', 72, 780, 7],
    ]);
    expect(findYear([downloaded], 2026)).toBeUndefined();
  });
});

describe('the year of a thesis', () => {
  const cover = (...lines: [string, number][]) =>
    page([
      ['UNIVERSIDADE FEDERAL DE MINAS GERAIS', 150, 80, 14],
      ['Um estudo de caso sobre a avaliação', 150, 250, 18],
      ['Marco Antonio Carvalho', 200, 350, 14],
      ...lines.map(([text, top]): [string, number, number, number] => [text, 200, top, 12]),
    ]);

  it('reads the place and date, or the academic year, its cover prints', () => {
    expect(findYear([cover(['Belo Horizonte', 640], ['Novembro, 2005', 655])], 2026)).toBe(2005);
    expect(findYear([cover(['Belo Horizonte 2005', 650])], 2026)).toBe(2005);
    expect(findYear([cover(['Madrid, junio de 2016', 650])], 2026)).toBe(2016);
    expect(findYear([cover(['Anno Accademico 2014/2015', 650])], 2026)).toBe(2015);
    expect(findYear([cover(['Année 2014-2015', 650])], 2026)).toBe(2015);
  });

  it('reads a cover’s year behind a near-empty first page, and no year of the title', () => {
    const blank = page([['1', 300, 760, 10]]);
    expect(findYear([blank, cover(['2013', 700])], 2026)).toBe(2013);
    const titled = page([
      ['Elecciones 2019', 150, 250, 18],
      ['Ana Pérez', 200, 350, 14],
    ]);
    expect(findYear([titled], 2026)).toBeUndefined();
  });
});

describe('the year of a book', () => {
  it('reads the copyright page past the first pages when these print no year', () => {
    const title = page([
      ['CÓMO SE HACE UNA TESIS', 150, 200, 20],
      ['Umberto Eco', 200, 300, 14],
    ]);
    const blank = page([]);
    const copyright = page([
      ['Título original: Come si fa una tesi di laurea', 72, 500, 8],
      ['Primera edición: 1982', 72, 520, 8],
      ['© 1977 Casa Editrice Valentino Bompiani', 72, 540, 8],
      ['ISBN 84-7432-896-1', 72, 560, 8],
    ]);
    expect(findYear([title, blank], 2026, [copyright])).toBe(1982);
    expect(findYear([title, blank], 2026)).toBeUndefined();
    // A page of text past the first pages is another work's business, whatever it cites.
    const text = page([...body(100, 40), ['© 1990 Other Press, as quoted above', 72, 706, 8]]);
    expect(findYear([title, blank], 2026, [text])).toBeUndefined();
  });

  it('takes no statement from the running text of a second page', () => {
    const first = page(body(100, 40));
    const second = page([
      ...body(100, 40),
      ['the rights (© 1990 Other Press) were bought later by the firm', 72, 600, 10],
    ]);
    expect(findYear([first, second], 2026)).toBeUndefined();
  });
});

describe('identifiers', () => {
  it('finds the work’s own arXiv identifier, not one in a reference', () => {
    const preprint = page([['arXiv:2001.01234v2 [cs.CL] 5 Jan 2020', 72, 40, 9], ...body(100)]);
    expect(findOwnArxivId([preprint])).toBe('2001.01234v2');
    const references = page([
      ...body(100),
      ['[12] A. Author, “A title,” arXiv:1912.01234, 2019.', 72, 400, 9],
      ['arXiv:1911.04321, 2019.', 72, 412, 9],
    ]);
    expect(findOwnArxivId([references])).toBeUndefined();
    expect(findYear([references], 2026)).toBeUndefined();
  });

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
