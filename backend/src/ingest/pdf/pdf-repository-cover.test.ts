import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { layoutFromItems, type LayoutPage } from './pdf-layout';
import { readRepositoryCover } from './pdf-repository-cover';
import { body, page } from '../testing/layout-pages';

type Lines = [string, number, number, number][];

/** A JSTOR sheet: the title, then bold labels with their values on one baseline, the terms in small type. */
function jstorSheet(heading: Lines, fields: [string, string][]): LayoutPage {
  const lines: Lines = [...heading];
  let top = Math.max(...heading.map(([, , t]) => t), 40) + 24;
  let column = 72;
  for (const [label, value] of fields) {
    // A value's continuation (no label) starts under the value above it.
    if (label) {
      lines.push([label, 72, top, 10]);
      column = 76 + label.length * 5;
    }
    if (value) lines.push([value, column, top, 10]);
    top += 12;
  }
  lines.push(
    [
      'Your use of the JSTOR archive indicates your acceptance of the Terms & Conditions of Use, available at',
      72,
      top + 30,
      8,
    ],
    ['http://www.jstor.org/page/info/about/policies/terms.jsp', 72, top + 40, 8],
    [
      'JSTOR is a not-for-profit service that helps scholars, researchers, and students discover, use, and build',
      72,
      top + 60,
      8,
    ],
    ['upon a wide range of content in a trusted digital archive.', 72, top + 70, 8],
    ['Northern Ecology Society is collaborating with JSTOR to digitize, preserve and extend access to', 72, 700, 9],
    ['Annals of Upland Studies.', 72, 711, 9],
    ['http://www.jstor.org', 260, 740, 9],
  );
  return page(lines);
}

describe('JSTOR cover sheet', () => {
  it('reads the title above the fields, the authors, the issue year and the journal; not the access date', () => {
    const cover = jstorSheet(
      [
        ['Grazing Pressure and Soil Loss on High Pastures of the', 72, 50, 14],
        ['Eastern Cordillera', 72, 67, 14],
      ],
      [
        ['Author(s):', 'Marta Quiroga Ledesma, Peter J. Holm, Aino Virtanen and'],
        ['', 'Jonas Berg Jr.'],
        ['Source:', 'Annals of Upland Studies, Vol. 38, No. 2 (Jun., 1987), pp. 211-229'],
        ['Published by:', 'Northern Ecology Society'],
        ['Stable URL:', 'http://www.jstor.org/stable/3094512'],
        ['Accessed:', '17/03/2014 11:52'],
      ],
    );
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'jstor',
      titulo: 'Grazing Pressure and Soil Loss on High Pastures of the Eastern Cordillera',
      nombres: ['Marta Quiroga Ledesma', 'Peter J. Holm', 'Aino Virtanen', 'Jonas Berg Jr.'],
      anio: 1987,
      fuente: 'Annals of Upland Studies',
    });
  });

  it('reads a title set in the fields’ own type, which a title-page reader joins to them', () => {
    const cover = jstorSheet(
      [['The Work of Mountain Partnerships', 72, 60, 10]],
      [
        ['Author(s):', 'Laura Benedetti and Tomás Ibarra'],
        ['Source:', 'Mountain Affairs, 35(1):P1-P3. 2015.'],
        ['Published by:', 'Alpine Research Union'],
        ['Stable URL:', 'https://www.jstor.org/stable/mountaff.35.1.p1'],
        ['Accessed:', '04-11-2022 09:15 UTC'],
      ],
    );
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'jstor',
      titulo: 'The Work of Mountain Partnerships',
      nombres: ['Laura Benedetti', 'Tomás Ibarra'],
      anio: 2015,
      fuente: 'Mountain Affairs',
    });
  });

  it('keeps parentheses that belong to the journal’s name', () => {
    const cover = jstorSheet(
      [['Smoothing by Local Regression', 72, 60, 14]],
      [
        ['Author(s):', 'Irene Kowalczyk'],
        ['Source:', 'Journal of the Statistical Union. Series B (Methodological), Vol. 39, No. 1 (1977), pp. 1-38'],
        ['Published by:', 'Statistical Union'],
        ['Stable URL:', 'http://www.jstor.org/stable/2984875'],
        ['Accessed:', '21/11/2010 08:02'],
      ],
    );
    expect(readRepositoryCover(cover)).toMatchObject({
      anio: 1977,
      fuente: 'Journal of the Statistical Union. Series B (Methodological)',
    });
  });

  it('reads a chapter’s own title and authors, the book as its source and the year it was published', () => {
    const cover = jstorSheet(
      [],
      [
        ['Chapter Title:', 'Rivers and Their Towns'],
        ['Chapter Author(s):', 'Helen Marsh'],
        ['', ''],
        ['Book Title:', 'Water in the Early Modern City'],
        ['Book Subtitle:', 'Essays in Urban History'],
        ['Book Editor(s):', 'Paul Okafor, Ruth Lindqvist'],
        ['Published by:', 'Riverside University Press. (2016)'],
        ['Stable URL:', 'https://www.jstor.org/stable/j.ctt1x2y3z.7'],
      ],
    );
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'jstor',
      titulo: 'Rivers and Their Towns',
      nombres: ['Helen Marsh'],
      anio: 2016,
      fuente: 'Water in the Early Modern City: Essays in Urban History',
    });
  });

  it('reads no title or byline from a review’s sheet: they name the reviewed book and the reviewer', () => {
    const cover = jstorSheet(
      [],
      [
        ['Reviewed Work(s):', 'A History of Salt by Anne Corbel'],
        ['Review by:', 'Daniel Frost'],
        ['Source:', 'The Review of Trade, Vol. 12, No. 4 (Autumn, 1979), pp. 601-603'],
        ['Published by:', 'Trade History Society'],
        ['Stable URL:', 'http://www.jstor.org/stable/1234567'],
        ['Accessed:', '02/02/2012 10:10'],
      ],
    );
    expect(readRepositoryCover(cover)).toEqual({ repositorio: 'jstor', anio: 1979, fuente: 'The Review of Trade' });
  });
});

describe('HAL cover sheet', () => {
  const blurb: Lines = [
    ['HAL is a multi-disciplinary open access', 72, 470, 10],
    ['archive for the deposit and dissemination of sci-', 72, 482, 10],
    ['entific research documents, whether they are pub-', 72, 494, 10],
    ['lished or not.', 72, 506, 10],
    ['L’archive ouverte pluridisciplinaire HAL, est', 320, 470, 10],
    ['destinée au dépôt et à la diffusion de documents', 320, 482, 10],
    ['scientifiques de niveau recherche, publiés ou non.', 320, 494, 10],
  ];

  it('reads the title, the authors and the citation’s year; the deposit date and the pages are not the year', () => {
    const cover = page([
      ['Seasonal storage of heat in shallow aquifers: a', 130, 110, 17],
      ['field study', 250, 131, 17],
      ['Camille Roux, Yusuf Demir, Ingrid Holt', 180, 165, 12],
      ['To cite this version:', 72, 215, 11],
      [
        'Camille Roux, Yusuf Demir, Ingrid Holt. Seasonal storage of heat in shallow aquifers: a field study.',
        72,
        232,
        10,
      ],
      ['Journal of Ground Heat, 2013, 41 (3), pp.1998-2005. ⟨10.1016/j.jgh.2013.02.011⟩. ⟨hal-01234567⟩', 72, 244, 10],
      ['HAL Id: hal-01234567', 220, 300, 12],
      ['https://hal.science/hal-01234567', 200, 314, 12],
      ['Submitted on 9 Mar 2016', 220, 340, 10],
      ...blurb,
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'hal',
      titulo: 'Seasonal storage of heat in shallow aquifers: a field study',
      nombres: ['Camille Roux', 'Yusuf Demir', 'Ingrid Holt'],
      anio: 2013,
      fuente: 'Journal of Ground Heat',
    });
  });

  it('reads a thesis’s defence year, past a year range in its title and the national thesis number', () => {
    const cover = page([
      ['HAL open science', 72, 40, 14],
      ['Les ports de la Manche et le commerce du sel', 110, 110, 17],
      ['(1815-1870)', 260, 131, 17],
      ['Mathilde Garnier', 250, 165, 12],
      ['To cite this version:', 72, 215, 11],
      ['Mathilde Garnier. Les ports de la Manche et le commerce du sel (1815-1870). Histoire. Université', 72, 232, 10],
      ['de Caen, 2006. Français. ⟨NNT : 2006CAEN2031⟩. ⟨tel-00456789⟩', 72, 244, 10],
      ['HAL Id: tel-00456789', 220, 300, 12],
      ['https://theses.hal.science/tel-00456789', 190, 314, 12],
      ['Submitted on 15 Feb 2011', 220, 340, 10],
      ...blurb,
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'hal',
      titulo: 'Les ports de la Manche et le commerce du sel (1815-1870)',
      nombres: ['Mathilde Garnier'],
      anio: 2006,
    });
  });

  it('gives no names when the byline stops at et al., and no year when the citation names two', () => {
    const cover = page([
      ['Fast solvers for sparse systems', 170, 110, 17],
      ['Ana Lima, Bo Chen, Carl Duval, Dora Ek, Emil Fors, et al.', 120, 140, 12],
      ['To cite this version:', 72, 190, 11],
      [
        'Ana Lima, Bo Chen, Carl Duval, Dora Ek, Emil Fors, et al.. Fast solvers for sparse systems. Workshop',
        72,
        207,
        10,
      ],
      ['on Solvers 2014, Jan 2015, Lyon, France. ⟨hal-02345678⟩', 72, 219, 10],
      ['HAL Id: hal-02345678', 220, 300, 12],
      ['Submitted on 1 Apr 2015', 220, 340, 10],
      ...blurb,
    ]);
    expect(readRepositoryCover(cover)).toEqual({ repositorio: 'hal', titulo: 'Fast solvers for sparse systems' });
  });
});

describe('SSOAR cover sheet', () => {
  /** SSOAR's sheet: address, title and byline in a box, the kind of document, the citation, the terms. */
  function ssoarSheet(byline: string | undefined, citation: string[]): LayoutPage {
    const lines: Lines = [
      ['www.ssoar.info', 430, 150, 18],
      ['Wohnen im Alter zwischen Markt und Familie: eine', 74, 225, 18],
      ['Bestandsaufnahme', 74, 246, 18],
    ];
    if (byline) lines.push([byline, 74, 266, 13]);
    lines.push(
      ['Veröffentlichungsversion / Published Version', 74, 295, 10],
      ['Arbeitspapier / working paper', 74, 308, 10],
      ['Zur Verfügung gestellt in Kooperation mit / provided in cooperation with:', 74, 340, 10],
      ['Institut für Stadtforschung Mannheim', 74, 353, 10],
      ['Empfohlene Zitierung / Suggested Citation:', 60, 390, 9],
      ...citation.map((text, i): [string, number, number, number] => [text, 60, 402 + 11 * i, 9]),
      ['Nutzungsbedingungen:', 60, 570, 8],
      ['Terms of use:', 318, 570, 8],
      ['Dieser Text wird unter einer Deposit-Lizenz (Keine', 60, 580, 8],
      ['This document is made available under Deposit Licence', 318, 580, 8],
      ['Weiterverbreitung - keine Bearbeitung) zur Verfügung', 60, 590, 8],
      ['(No Redistribution - no modifications).', 318, 590, 8],
    );
    return page(lines);
  }

  it('reads the title, the byline as printed and the year of the citation', () => {
    const cover = ssoarSheet('Berger, Klaus; Oyelaran, Ngozi', [
      'Berger, Klaus ; Oyelaran, Ngozi : Wohnen im Alter zwischen Markt und Familie: eine Bestandsaufnahme.',
      'Mannheim, 2003 (Arbeitspapiere des Instituts für Stadtforschung 4/2003). URN: http://nbn-resolving.de/',
      'urn:nbn:de:0168-ssoar-219876',
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'ssoar',
      titulo: 'Wohnen im Alter zwischen Markt und Familie: eine Bestandsaufnahme',
      nombres: ['Berger, Klaus', 'Oyelaran, Ngozi'],
      anio: 2003,
    });
  });

  it('reads the year and the journal of an article’s citation in either style', () => {
    const din = ssoarSheet('Berger, Klaus', [
      'Berger, Klaus: Wohnen im Alter zwischen Markt und Familie: eine Bestandsaufnahme. In: Zeitschrift für',
      'Stadtsoziologie 41 (2006), 2, pp. 273-284. URN: http://nbn-resolving.de/urn:nbn:de:0168-ssoar-219876',
    ]);
    expect(readRepositoryCover(din)).toMatchObject({
      nombres: ['Berger, Klaus'],
      anio: 2006,
      fuente: 'Zeitschrift für Stadtsoziologie',
    });
    const apa = ssoarSheet('Berger, Klaus', [
      'Berger, K. (2006). Wohnen im Alter zwischen Markt und Familie: eine Bestandsaufnahme. Zeitschrift für',
      'Stadtsoziologie, 41(2), 273-284. https://nbn-resolving.org/urn:nbn:de:0168-ssoar-219876',
    ]);
    expect(readRepositoryCover(apa)).toMatchObject({ nombres: ['Berger, Klaus'], anio: 2006 });
  });

  it('reads no authors from a byline of editors, nor from one the citation does not begin with', () => {
    const edited = ssoarSheet('Berger, Klaus (Ed.); Oyelaran, Ngozi (Ed.)', [
      'Berger, Klaus (Ed.) ; Oyelaran, Ngozi (Ed.): Wohnen im Alter zwischen Markt und Familie: eine',
      'Bestandsaufnahme. Mannheim, 2003.',
    ]);
    expect(readRepositoryCover(edited)?.nombres).toBeUndefined();
    const unconfirmed = ssoarSheet('Berger, Klaus', [
      'Institut für Stadtforschung (Ed.): Wohnen im Alter. Mannheim, 2003.',
    ]);
    expect(readRepositoryCover(unconfirmed)).toMatchObject({ repositorio: 'ssoar', anio: 2003 });
    expect(readRepositoryCover(unconfirmed)?.nombres).toBeUndefined();
  });

  it('reads the title alone when the box prints no byline', () => {
    const cover = ssoarSheet(undefined, [
      'Wohnen im Alter zwischen Markt und Familie: eine Bestandsaufnahme. Mannheim, 2003.',
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'ssoar',
      titulo: 'Wohnen im Alter zwischen Markt und Familie: eine Bestandsaufnahme',
      anio: 2003,
    });
  });
});

describe('numdam cover sheet', () => {
  it('reads the authors in capitals, the title, the year and the journal of the citation', () => {
    const cover = page([
      ['BULLETIN DE LA SOCIÉTÉ DES CALCULS', 47, 52, 20.5],
      ['JEAN-LOUP MARCHAND', 62, 238, 17.2],
      ['Sur les suites récurrentes de', 62, 258, 13.9],
      ['Fibonacci', 62, 274, 13.9],
      ['Bulletin de la Société des calculs, tome 23, no 1 (1962),', 62, 296, 12],
      ['p. 45-61', 62, 308, 12],
      ['<http://www.numdam.org/item?id=BSC_1962__23_1_45_0>', 62, 326, 9],
      ['© Société des calculs, 1962, tous droits réservés.', 79, 455, 10],
      ['L’accès aux archives de la revue « Bulletin de la Société des calculs »', 79, 471, 10],
      ['implique l’accord avec les conditions générales d’utilisation (http://www.', 79, 483, 10],
      ['numdam.org/conditions).', 79, 495, 10],
      ['Article numérisé dans le cadre du programme', 134, 607, 9],
      ['Numérisation de documents anciens mathématiques', 125, 618, 9],
      ['http://www.numdam.org/', 176, 629, 8.1],
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'numdam',
      titulo: 'Sur les suites récurrentes de Fibonacci',
      nombres: ['JEAN-LOUP MARCHAND'],
      anio: 1962,
      fuente: 'Bulletin de la Société des calculs',
    });
  });
});

describe('IOPscience cover sheet', () => {
  function iopSheet(citation: string): LayoutPage {
    return page([
      ['Journal of Physics: Conference Series', 39, 48, 12],
      ['PAPER • OPEN ACCESS', 39, 121, 9],
      ['Thermal drift in small radio telescopes: a', 39, 149, 16],
      ['correction', 39, 168, 16],
      [citation, 39, 194, 8],
      ['View the article online for updates and enhancements.', 39, 240, 8],
      ['This content was downloaded from IP address 10.0.0.1 on 05/06/2019 at 10:12', 147, 780, 8],
    ]);
  }

  it('reads the title, the journal and the citation’s year, not the download date; et al. gives no names', () => {
    const cover = iopSheet('To cite this article: Rosa Lindgren et al 2017 J. Phys.: Conf. Ser. 812 012044');
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'iop',
      titulo: 'Thermal drift in small radio telescopes: a correction',
      anio: 2017,
      fuente: 'Journal of Physics: Conference Series',
    });
  });

  it('reads a full list of names from the citation', () => {
    const cover = iopSheet('To cite this article: Rosa Lindgren and K M Osei 2017 J. Phys.: Conf. Ser. 812 012044');
    expect(readRepositoryCover(cover)?.nombres).toEqual(['Rosa Lindgren', 'K M Osei']);
  });
});

describe('cedram cover sheet', () => {
  it('reads a citation that leaves the journal to the heading', () => {
    const cover = page([
      ['ANNALES DES CALCULS ALPINS', 47, 52, 20],
      ['Lucie FAVRE & Marc ODIN', 62, 200, 14],
      ['Sur les réseaux de petite dimension', 62, 226, 17],
      ['Tome 60, no 1 (2010), p. 1-20.', 62, 262, 10],
      ['<http://acalp.cedram.org/item?id=ACA_2010__60_1_1_0>', 62, 276, 9],
      ['© Association des Annales des calculs alpins, 2010, tous droits réservés.', 62, 420, 9],
      [
        'L’accès aux articles de la revue « Annales des calculs alpins » implique l’accord avec les conditions',
        62,
        432,
        9,
      ],
      ['générales d’utilisation (http://acalp.cedram.org/legal/).', 62, 443, 9],
      ['Article mis en ligne dans le cadre du', 200, 700, 9],
      ['Centre de diffusion des revues académiques de mathématiques', 170, 711, 9],
      ['http://www.cedram.org/', 240, 722, 9],
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'numdam',
      titulo: 'Sur les réseaux de petite dimension',
      nombres: ['Lucie FAVRE', 'Marc ODIN'],
      anio: 2010,
    });
  });
});

describe('Taylor & Francis cover sheet', () => {
  function tandfSheet(citation: string[]): LayoutPage {
    return page([
      ['Journal of Coastal Planning', 150, 60, 16],
      ['ISSN: 0123-4567 (Print) 1234-5678 (Online) Journal homepage: http://www.tandfonline.com/loi/cjcp20', 72, 90, 8],
      ['Dune restoration after winter storms: a ten-year', 72, 140, 14],
      ['record', 72, 157, 14],
      ['Iris Nakamura & Felipe Aranda', 72, 185, 11],
      ...citation.map((text, i): [string, number, number, number] => [text, 72, 230 + 11 * i, 9]),
      ['To link to this article: https://doi.org/10.1080/01234567.2014.990011', 72, 270, 9],
      ['Published online: 18 Dec 2014.', 72, 300, 9],
      ['Submit your article to this journal', 90, 330, 9],
      ['Article views: 412', 90, 350, 9],
      ['Full Terms & Conditions of access and use can be found at', 72, 720, 9],
      ['http://www.tandfonline.com/action/journalInformation?journalCode=cjcp20', 72, 731, 9],
    ]);
  }

  it('reads the citation’s year (not the date it went online), the authors, the title and the journal', () => {
    const cover = tandfSheet([
      'To cite this article: Iris Nakamura & Felipe Aranda (2015) Dune restoration after winter storms: a',
      'ten-year record, Journal of Coastal Planning, 33:2, 145-163, DOI: 10.1080/01234567.2014.990011',
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'tandf',
      titulo: 'Dune restoration after winter storms: a ten-year record',
      nombres: ['Iris Nakamura', 'Felipe Aranda'],
      anio: 2015,
      fuente: 'Journal of Coastal Planning',
    });
  });
});

describe('Cambridge Journals Online cover sheet', () => {
  it('reads the title, the authors and the year of “How to cite this article”, not the download date', () => {
    const cover = page([
      ['Journal of Tidal Mechanics', 72, 60, 14],
      ['http://journals.cambridge.org/JTM', 72, 76, 9],
      ['Additional services for Journal of Tidal Mechanics:', 72, 110, 11],
      ['Email alerts: Click here', 72, 126, 9],
      ['Subscriptions: Click here', 72, 137, 9],
      ['Commercial reprints: Click here', 72, 148, 9],
      ['Terms of use : Click here', 72, 159, 9],
      ['Wave set-up on gently sloping beaches', 72, 200, 14],
      ['H. R. OKONKWO and L. PETIT', 72, 222, 10],
      ['Journal of Tidal Mechanics / Volume 88 / Issue 02 / September 1978, pp 301 - 322', 72, 250, 9],
      ['DOI: 10.1017/S0022112078000123, Published online: 19 April 2006', 72, 261, 9],
      ['Link to this article: http://journals.cambridge.org/abstract_S0022112078000123', 72, 282, 9],
      ['How to cite this article:', 72, 310, 9],
      ['H. R. OKONKWO and L. PETIT (1978). Wave set-up on gently sloping beaches. Journal of Tidal', 72, 321, 9],
      ['Mechanics, 88, pp 301-322 doi:10.1017/S0022112078000123', 72, 332, 9],
      ['Request Permissions : Click here', 72, 360, 9],
      ['Downloaded from http://journals.cambridge.org/JTM, IP address: 10.0.0.1 on 12 Mar 2014', 72, 760, 8],
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'cambridge',
      titulo: 'Wave set-up on gently sloping beaches',
      nombres: ['H. R. OKONKWO', 'L. PETIT'],
      anio: 1978,
      fuente: 'Journal of Tidal Mechanics',
    });
  });
});

describe('ResearchGate cover sheet', () => {
  it('reads the title, the journal and the year of the line of kind; not the upload date, nor the profiles', () => {
    const cover = page([
      [
        'See discussions, stats, and author profiles for this publication at: https://www.researchgate.net/publication/271234567',
        40,
        30,
        8,
      ],
      ['Pollinator visits to urban meadows across', 40, 80, 15],
      ['three summers', 40, 98, 15],
      ['Article in Urban Ecology Letters · March 2015', 40, 125, 9],
      ['DOI: 10.1000/uel.2015.0042', 40, 137, 9],
      ['CITATIONS', 40, 170, 8],
      ['READS', 300, 170, 8],
      ['14', 40, 185, 14],
      ['512', 300, 185, 14],
      ['3 authors, including:', 40, 220, 9],
      ['Greta Solberg', 90, 250, 10],
      ['Henrik Aas', 350, 250, 10],
      ['University of the North', 90, 262, 8],
      ['Coastal Institute', 350, 262, 8],
      ['41 PUBLICATIONS 980 CITATIONS', 90, 274, 7],
      ['12 PUBLICATIONS 150 CITATIONS', 350, 274, 7],
      ['SEE PROFILE', 90, 290, 7],
      ['SEE PROFILE', 350, 290, 7],
      ['All content following this page was uploaded by Greta Solberg on 02 June 2016.', 40, 740, 8],
      ['The user has requested enhancement of the downloaded file.', 40, 752, 8],
    ]);
    expect(readRepositoryCover(cover)).toEqual({
      repositorio: 'researchgate',
      titulo: 'Pollinator visits to urban meadows across three summers',
      anio: 2015,
      fuente: 'Urban Ecology Letters',
    });
  });
});

describe('pages that are not cover sheets', () => {
  it('an article’s first page citing repositories in its notes', () => {
    const first = page([
      ['Trade routes of the Baltic, 1500-1700', 72, 100, 18],
      ['Erik Lund', 72, 130, 11],
      ...body(160),
      ['1 Source: Customs ledgers, see Stable URL: http://www.jstor.org/stable/1234567', 72, 720, 8],
      ['2 Published by: the city council; HAL Id: hal-00000001; see www.ssoar.info', 72, 730, 8],
      ['3 To cite this article: Lund 2004; http://www.numdam.org/item?id=X', 72, 740, 8],
    ]);
    expect(readRepositoryCover(first)).toBeUndefined();
  });

  it('a publisher’s sheet with a citation but none of the fixed phrases of a known one', () => {
    const sheet = page([
      ['Thermal drift in small radio telescopes', 39, 149, 16],
      ['To cite this article: Rosa Lindgren (2017) Thermal drift, Radio Notes, 4:2, 1-9', 39, 194, 8],
      ['To link to this article: https://doi.org/10.1000/rn.2017.1', 39, 210, 8],
    ]);
    expect(readRepositoryCover(sheet)).toBeUndefined();
  });
});

async function fixtureLayout(relative: string): Promise<LayoutPage> {
  const data = new Uint8Array(await readFile(fixturePath(relative)));
  const task = getDocument({ data, verbosity: 0 });
  try {
    const doc = await task.promise;
    const first = await doc.getPage(1);
    return layoutFromItems((await first.getTextContent()).items, first.getViewport({ scale: 1 }));
  } finally {
    await task.destroy();
  }
}

describe('real cover sheets of the development set', () => {
  const NUMDAM = 'metadata-dev/dev-008.pdf';
  const IOP = 'metadata-dev/dev-014.pdf';

  it.skipIf(!hasFixture(NUMDAM))(titleNeeding('a numdam sheet before a 1977 scan', NUMDAM), async () => {
    const cover = readRepositoryCover(await fixtureLayout(NUMDAM));
    expect(cover).toMatchObject({ repositorio: 'numdam', anio: 1977, nombres: [expect.any(String)] });
    expect(cover?.titulo?.toLowerCase()).toContain('time series analysis and forecasting');
  });

  it.skipIf(!hasFixture(IOP))(titleNeeding('an IOPscience sheet with a download stamp', IOP), async () => {
    const cover = readRepositoryCover(await fixtureLayout(IOP));
    expect(cover).toMatchObject({ repositorio: 'iop', anio: 2018, fuente: 'Journal of Physics: Conference Series' });
    expect(cover?.nombres).toBeUndefined();
  });
});
