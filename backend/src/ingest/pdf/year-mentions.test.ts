import { describe, expect, it } from 'vitest';
import { isCoverDateLine, yearMentions, type YearKind } from './year-mentions';

const years = (text: string, citing = false) => yearMentions(text, citing).map((m) => m.year);
const kinds = (text: string) => yearMentions(text).map((m): [number, YearKind] => [m.year, m.kind]);

describe('numbers that only look like years', () => {
  it('are not read inside identifiers: ISSN, ISBN, DOI, URL, arXiv id, phones, standards, process numbers', () => {
    expect(years('ISSN 1541-4922')).toEqual([]);
    expect(years('ISSN 2218-1989 www.mdpi.com/journal/metabolites')).toEqual([]);
    expect(years('ISBN 84-206-1998-3')).toEqual([]);
    expect(years('doi:10.1088/1742-6596/954/1/2010')).toEqual([]);
    expect(years('1https://www.paho.org/salud-en-las-americas-2017/?lang=es]')).toEqual([]);
    expect(years('arXiv:1706.03762v7 [cs.CL]')).toEqual([]);
    expect(years('Fax (310)-825-5960. Tel. +55 31 3409-2001')).toEqual([]);
    expect(years('Técnicas, especialmente a ABNT NBR 6022:2018, ABNT NBR 10719:2015,')).toEqual([]);
    expect(years('Bolsa do CNPq (processo 133186/2010-5) e da FAPESP (processo 2011/15164-3).')).toEqual([]);
    expect(years('Hoehnea 49: e1112020, NNT: 2006PA112090, R.A. (J2000), aldaghri2011@gmail.com')).toEqual([]);
  });

  it('are not the ends of a period', () => {
    expect(years('the literature on knowledge organization published from 1972 to 2018')).toEqual([]);
    expect(years('han publicado de 1966 a junio de 2001 para compa-')).toEqual([]);
    expect(years('articles published between January 1, 2000, and August 31, 2020, retrieved')).toEqual([]);
    expect(years('CRISES ECONÓMICAS EN AMÉRICA LATINA, 1979-2012')).toEqual([]);
    expect(years('desde Enero del año 2000 a Diciembre del año 2017 mediante')).toEqual([]);
  });

  it('are not the dates of the manuscript’s history, a copy’s stamps, or a register', () => {
    expect(years('Received 12 May 1998; accepted 3 March 1999')).toEqual([]);
    expect(years('Recebido em 28/11/2002. Reapresentado em 2/9/2003. Aprovado em 7/11/2003.')).toEqual([]);
    expect(years('Manuscript received August 26, 2003; revised November 20, 2003.')).toEqual([]);
    expect(years('Downloaded from https://academic.oup.com/aje/article/160/6/509 by guest on 12 March 2022')).toEqual(
      [],
    );
    expect(years('This content downloaded from 128.1.2.3 on Tue, 03 May 2022 12:34:56 UTC')).toEqual([]);
    expect(years('This content was downloaded from IP address 114.125.61.77 on 22/02/2018 at 07:05')).toEqual([]);
    expect(years('Accessed: 03-05-2022 12:34 UTC')).toEqual([]);
    expect(years('HAL Id: tel-00123456 Submitted on 12 Jan 2011')).toEqual([]);
    expect(years('All content following this page was uploaded by Ana Pérez on 12 May 2020.')).toEqual([]);
    expect(years('Posted: 03 Mar 2020')).toEqual([]);
    expect(years('mmwr/PDF/RR/RR4915.pdf (acceso el 19 de julio de 2001).')).toEqual([]);
    expect(years('Trial registration: NCT02059044. Date registered: 10 January 2014.')).toEqual([]);
  });
});

describe('what a year states', () => {
  it('reads copyright and publication labels, and the nearest label decides', () => {
    expect(kinds('© 2022 The Authors')).toEqual([[2022, 'statement']]);
    expect(kinds('Copyriiht C 1994 by The American Society for Pharmacology')).toEqual([[1994, 'statement']]);
    expect(kinds('©c Emilie Drouin, 2017')).toEqual([[2017, 'statement']]);
    expect(kinds('Publicado: 3 de mayo de 2019')).toEqual([[2019, 'statement']]);
    expect(kinds('Received 2012 August 3; accepted 2013 August 18; published 2013 October 25')).toEqual([
      [2013, 'statement'],
    ]);
    expect(kinds('Received: 21 August 2011 / Accepted: 27 January 2012 / Published online: 14 February 2012')).toEqual([
      [2012, 'statement'],
    ]);
    expect(kinds('présentée et soutenue publiquement le 11 mars 2015')).toEqual([[2015, 'statement']]);
    expect(kinds('Fecha de defensa: 12 de mayo de 2016')).toEqual([[2016, 'statement']]);
    expect(kinds('© The Author(s), under exclusive license to Springer Nature Switzerland AG 2021')).toEqual([
      [2021, 'statement'],
    ]);
    expect(
      kinds(
        'Manuscript received May 1, 2019; accepted March 3, 2020; date of publication May 5, 2020; date of current version June 1, 2020.',
      ),
    ).toEqual([
      [2020, 'statement'],
      [2020, 'statement'],
    ]);
    expect(yearMentions('Eingereicht am: 15. März 2018')).toMatchObject([{ year: 2018, kind: 'date', cued: true }]);
  });

  it('takes a sentence’s “published” for a verb, not a label', () => {
    expect(kinds('as a report published in June 2019 by the ministry found for the region')).toEqual([[2019, 'date']]);
  });

  it('reads volume and issue lines, with or without a volume word', () => {
    expect(kinds('Journal of Public Health, Vol. 10, No. 2, 2001')).toEqual([[2001, 'volume']]);
    expect(kinds('Rev Panam Salud Publica/Pan Am J Public Health 9(2), 2001')).toEqual([[2001, 'volume']]);
    expect(kinds('Journal of Hydrology 512 (2014) 45–60')).toEqual([[2014, 'volume']]);
    expect(kinds('IEEE TRANSACTIONS ON ELECTRON DEVICES, VOL. 51, NO. 3, MARCH 2004')).toEqual([[2004, 'volume']]);
    expect(kinds('Volume 2016, Article ID 8943092, 4 pages')).toEqual([[2016, 'volume']]);
    expect(kinds('Source: Mountain Research and Development, Vol. 30, No. 2 (May 2010), pp. 176-177')).toEqual([
      [2010, 'volume'],
    ]);
    expect(kinds('Source: Journal of Marriage and Family, Vol. 12, No. 3 (Fall, 1987), pp. 1-20')).toEqual([
      [1987, 'volume'],
    ]);
    expect(kinds('Schriftenreihe des Instituts für Sozialwissenschaften (No. 2 / 2002)')).toEqual([[2002, 'volume']]);
    expect(kinds('Ciência & Saúde Coletiva, 24(3):1091-1100, 2019')).toEqual([[2019, 'volume']]);
    expect(kinds('Psicologia: Teoria e Pesquisa 2019, v. 35, e3526')).toEqual([[2019, 'volume']]);
    expect(kinds('Soziale Welt 59 (2008), S. 211–230')).toEqual([[2008, 'volume']]);
    expect(kinds('Revue française de sociologie, 2015/3 (Vol. 56), p. 475-503')).toEqual([[2015, 'volume']]);
    expect(kinds('Working Paper No. 12/2015')).toEqual([[2015, 'volume']]);
    expect(kinds('Nature 521, 436–444 (2015)')).toEqual([[2015, 'journal']]);
    expect(kinds('Rev Saude Publica. 2022;56:9')).toEqual([[2022, 'journal']]);
    expect(kinds('TransInformação, Campinas, 33:e200068, 2021')).toEqual([[2021, 'journal']]);
    expect(kinds('Metabolites 2014, 4, 932-945; doi:10.3390/metabo4040932')).toEqual([[2014, 'journal']]);
  });

  it('reads the later year of an academic year', () => {
    expect(kinds('Anno Accademico 2014/2015')).toEqual([[2015, 'academic']]);
    expect(kinds('Année 2014-2015')).toEqual([[2015, 'academic']]);
    expect(kinds('Curso Académico 2018/19')).toEqual([[2019, 'academic']]);
  });

  it('reads dates in the languages of the library', () => {
    for (const date of ['Novembro, 2005', 'Madrid, junio de 2016', 'Setembre 2016', '6. März 2023', 'Ago/2026']) {
      expect(kinds(date).map(([, kind]) => kind)).toEqual(['date']);
    }
    expect(kinds('Observed 2006 Dec 16')).toEqual([[2006, 'date']]);
    expect(kinds('The Astrophysical Journal, 778:1 (11pp), 2013 November 20')).toEqual([[2013, 'volume']]);
  });

  it('takes the first year of a citation of the work itself for its year', () => {
    expect(kinds('To cite this article: Ansari Saleh Ahmar et al 2018 J. Phys.: Conf. Ser. 954 012010')).toEqual([
      [2018, 'statement'],
    ]);
    // The text of a citation opened on the line above ('To cite this version:', 'ACM Reference Format:').
    expect(yearMentions('Jane Doe. 2020. A Title. In Proceedings of CHI ’20, April 25–30, 2020.', true)).toMatchObject([
      { year: 2020, kind: 'statement' },
      { year: 2020, kind: 'conference' },
    ]);
    expect(yearMentions('Jean Dupont. Titre. Physique. Université Paris-Sud, 2006. Français.', true)).toMatchObject([
      { year: 2006, kind: 'statement' },
    ]);
  });
});

describe('a cover’s date line', () => {
  it('holds a year or a date, after a place at most', () => {
    for (const line of [
      'Belo Horizonte 2005',
      'Madrid, junio de 2016',
      '2013',
      'Koblenz, im Mai 2019',
      'São Paulo - SP, 2012',
    ]) {
      expect(isCoverDateLine(line)).toBe(true);
    }
    for (const line of ['Algorithms (2000).', 'Prinsstraat 13, 2000 Antwerp', 'in the year 2005 we began']) {
      expect(isCoverDateLine(line)).toBe(false);
    }
  });
});
