import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, titleNeeding } from '../../testing/fixtures';
import { layoutFromItems, type LayoutPage } from './pdf-layout';
import { affiliationCountry, chooseMetadata, usableMetadataAuthors, usableMetadataTitle } from './pdf-metadata-choice';
import { readTitlePages } from './pdf-title-page';
import { namesOfLine } from './printed-names';
import { body, item, page, VIEWPORT } from '../testing/layout-pages';

const NO_SOURCES = { xmp: { autores: [] }, info: { autores: [] } };

describe('title page of an article', () => {
  it('finds the title across lines, the authors under it without marks, and the published year', () => {
    const first = page([
      ['Journal of Hydrology 512 (2014) 45–60', 72, 40, 9],
      ['Contents lists available at ScienceDirect', 72, 52, 9],
      ['Groundwater recharge in karst aquifers of the', 72, 110, 18],
      ['Yucatán peninsula', 72, 132, 18],
      ['Ana Pérez', 72, 160, 11],
      ['a,', 118, 156, 6],
      [', John Smith', 125, 160, 11],
      ['b,*', 185, 156, 6],
      ['and Jane Doe', 195, 160, 11],
      ['a', 262, 156, 6],
      ['a Universidad Autónoma de Yucatán, Mérida, Mexico', 72, 180, 8],
      ['Received 3 May 2013; accepted 20 January 2014; published online 2 February 2014', 72, 192, 8],
      ['Abstract', 72, 230, 10],
      ...body(250),
    ]);
    const reading = readTitlePages([first], { latestYear: 2026 });
    expect(reading).toEqual({
      titulo: 'Groundwater recharge in karst aquifers of the Yucatán peninsula',
      nombres: ['Ana Pérez', 'John Smith', 'Jane Doe'],
      anio: 2014,
    });
  });

  it('reads a title and byline set in a narrow column beside the body, on the body’s baselines', () => {
    const text = 'el virus se transmite por la picadura de mosquitos del';
    const column = (from: number, count: number): [string, number, number, number][] =>
      Array.from({ length: count }, (_, i) => [text, 300, from + i * 11.5, 9.5]);
    const first = page([
      ['Temas de actualidad', 90, 90, 14],
      ['La vacuna contra', 100, 160, 18],
      ['la fiebre amarilla', 100, 182, 18],
      ['en las Américas', 100, 204, 18],
      ['Ana Gómez Ruiz', 130, 240, 12],
      ['1', 214, 236, 8],
      ['y Luis Vega', 150, 256, 12],
      ...column(154, 40),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toMatchObject({
      titulo: 'La vacuna contra la fiebre amarilla en las Américas',
      nombres: ['Ana Gómez Ruiz', 'Luis Vega'],
    });
  });

  it('reads a byline set in the margin beside the title, and only when every line there is a name', () => {
    const lines: [string, number, number, number][] = [
      ['Carla Duarte Lima', 20, 78, 10],
      ['Um estudo de caso', 190, 86, 21],
      ['Pedro Alves Rocha', 20, 99, 10],
      ['sobre a qualidade', 190, 111, 21],
      ['Marta Souza', 20, 119, 10],
      ['da atenção básica', 190, 137, 21],
      ['RESUMO', 190, 200, 11],
      ...body(220).map(([t, , top, size]): [string, number, number, number] => [t, 190, top, size]),
    ];
    expect(readTitlePages([page(lines)], { latestYear: 2026 })).toMatchObject({
      titulo: 'Um estudo de caso sobre a qualidade da atenção básica',
      nombres: ['Carla Duarte Lima', 'Pedro Alves Rocha', 'Marta Souza'],
    });
    const withNote = lines.map(([t, x, top, size]): [string, number, number, number] =>
      t === 'Marta Souza' ? ['Rev Saúde Pública 2011;45(5)', x, top, size] : [t, x, top, size],
    );
    expect(readTitlePages([page(withNote)], { latestYear: 2026 }).nombres).toBeUndefined();
  });

  it('passes over a repository’s cover sheet: its fields are read as fields, the work’s page after it', () => {
    const sheet = page([
      ['Rivers of the Northern Uplands', 72, 60, 14],
      ['Author(s): Ana Pérez and John Smith', 72, 84, 10],
      ['Source: Annals of Upland Studies, Vol. 12, No. 3 (Sep., 1987), pp. 201-230', 72, 96, 10],
      ['Published by: Northern Ecology Society', 72, 108, 10],
      ['Stable URL: http://www.jstor.org/stable/1234567', 72, 120, 10],
      ['Accessed: 03/05/2022 10:12', 72, 132, 10],
      [
        'Your use of the JSTOR archive indicates your acceptance of the Terms & Conditions of Use, available at',
        72,
        170,
        8,
      ],
      ['http://www.jstor.org/page/info/about/policies/terms.jsp', 72, 180, 8],
    ]);
    const article = page([
      ['Annals of Upland Studies 12 (1987) 201-230', 72, 40, 9],
      ['Rivers of the Northern Uplands', 72, 110, 18],
      ['Ana Pérez and John Smith', 72, 140, 11],
      ...body(180),
    ]);
    expect(readTitlePages([sheet, article], { latestYear: 2026 })).toMatchObject({
      titulo: 'Rivers of the Northern Uplands',
      nombres: ['Ana Pérez', 'John Smith'],
      anio: 1987,
      contenedor: 'Annals of Upland Studies',
    });
  });

  it('reads a byline that runs on over lines, a name cut at a line’s end, and a long byline as names', () => {
    const first = page([
      ['Water quality in the', 176, 158, 21],
      ['rivers of Manaus', 176, 183, 21],
      ['Ana Maria Costa Lima , Pedro Henrique Alves , Maria Clara Rebelo', 176, 212, 9],
      ['Vieira , Luís Fernando Bandeira Miranda , Joana Souza Pinto , Carla', 176, 227, 9],
      ['Duarte', 176, 242, 9],
      ['Abstract', 176, 280, 10],
      ...body(300),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 }).nombres).toEqual([
      'Ana Maria Costa Lima',
      'Pedro Henrique Alves',
      'Maria Clara Rebelo Vieira',
      'Luís Fernando Bandeira Miranda',
      'Joana Souza Pinto',
      'Carla Duarte',
    ]);
  });

  it('keeps one name to a line where the lines are short', () => {
    const first = page([
      ['Water quality in the rivers of Manaus', 140, 158, 21],
      ['Ana Lima', 250, 200, 11],
      ['Pedro Alves', 245, 214, 11],
      ['Abstract', 72, 260, 10],
      ...body(280),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 }).nombres).toEqual(['Ana Lima', 'Pedro Alves']);
  });

  it('passes over the kind of article and a journal’s name run on over two lines; reads a byline above', () => {
    const first = page([
      ['American Journal of', 235, 51, 24],
      ['HYDROLOGY', 235, 87, 36],
      ['ORIGINAL CONTRIBUTIONS', 54, 178, 12],
      ['Clinical Study', 54, 200, 12],
      ['Rivers of the Northern Uplands Reveal', 54, 230, 14],
      ['Similar Patterns of Erosion', 54, 247, 14],
      ['Ana Pérez and John Smith', 54, 290, 10],
      ...body(320),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toMatchObject({
      titulo: 'Rivers of the Northern Uplands Reveal Similar Patterns of Erosion',
      nombres: ['Ana Pérez', 'John Smith'],
    });
    const above = page([
      ['Kurzbeiträge / Reports', 142, 70, 13],
      ['Wolfgang Berger', 142, 101, 12],
      ['Ein Versuch zu viel in der Politik', 142, 131, 14],
      ...body(200),
    ]);
    expect(readTitlePages([above], { latestYear: 2026 })).toMatchObject({
      titulo: 'Ein Versuch zu viel in der Politik',
      nombres: ['Wolfgang Berger'],
    });
  });

  it('joins a double-spaced title and a subtitle in smaller display type; a short heading under it is none', () => {
    const report = page([
      ['Analyse', 424, 58, 17],
      ['Lena Vogt, Jonas Krüger', 52, 129, 10.5],
      ['So klingt die Stadt', 52, 171, 30],
      ['Eine Bilanz des Vorsitzes', 52, 205, 20],
      ['im ersten Halbjahr 2006', 52, 233, 20],
      ...body(400),
    ]);
    expect(readTitlePages([report], { latestYear: 2026 }).titulo).toBe(
      'So klingt die Stadt: Eine Bilanz des Vorsitzes im ersten Halbjahr 2006',
    );
    const spaced = page([
      ['Visualising Forecasting', 203, 313, 20],
      ['Algorithm Performance using', 174, 351, 20],
      ['Time Series Instance Spaces', 176, 389, 20],
      ['Maria de Fatima Militão de Albuquerque, Pedro Alves', 156, 444, 14],
      ...body(500),
    ]);
    expect(readTitlePages([spaced], { latestYear: 2026 })).toMatchObject({
      titulo: 'Visualising Forecasting Algorithm Performance using Time Series Instance Spaces',
      nombres: ['Maria de Fatima Militão de Albuquerque', 'Pedro Alves'],
    });
    const heading = page([['QA Test Document', 72, 100, 24], ['Font Variations', 72, 130, 16], ...body(180)]);
    expect(readTitlePages([heading], { latestYear: 2026 }).titulo).toBe('QA Test Document');
  });

  it('skips a preprint stamp, a DOI line and a running head above the title', () => {
    const first = page([
      ['Preprint. Under review.', 72, 40, 20],
      ['https://doi.org/10.1000/xyz123', 72, 60, 20],
      ['Fast Attention for Long Documents', 72, 120, 17],
      ['MARÍA GARCÍA · PIERRE DUPONT', 72, 150, 11],
      ['1 Introduction', 72, 200, 12],
      ...body(220),
    ]);
    const reading = readTitlePages([first], { latestYear: 2026 });
    expect(reading.titulo).toBe('Fast Attention for Long Documents');
    expect(reading.nombres).toEqual(['María García', 'Pierre Dupont']);
  });

  it('passes over a journal’s masthead, in larger type than the title', () => {
    const first = page([
      ['Science of the Total Environment 650 (2019) 1–12', 72, 40, 8],
      ['Science of the Total Environment', 150, 80, 20],
      ['journal homepage: www.elsevier.com/locate/scitotenv', 150, 100, 8],
      ['Nitrate in the karst aquifer of Yucatán', 72, 160, 16],
      ['Lucía Pérez', 72, 190, 10.5],
      ['a', 128, 186, 6],
      ['Article history: Received 2 May 2018, Accepted 8 August 2018, Available online 10 August 2018', 72, 230, 8],
      ['Abstract', 72, 260, 10],
      ...body(280),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toEqual({
      titulo: 'Nitrate in the karst aquifer of Yucatán',
      nombres: ['Lucía Pérez'],
      anio: 2019,
    });
  });

  it('reads the title page after a cover without text', () => {
    const cover = page([['', 0, 0, 10]]);
    const titlePage = page([
      ['A Field Guide to Cenotes', 72, 200, 24],
      ['Ana Gómez', 72, 240, 14],
    ]);
    expect(readTitlePages([cover, titlePage], { latestYear: 2026 })).toMatchObject({
      titulo: 'A Field Guide to Cenotes',
      nombres: ['Ana Gómez'],
    });
  });

  it('leaves out the title translated under it in another font, and a translated subtitle', () => {
    const set = (str: string, top: number, size: number, fontName: string) => ({
      ...item(str, 72, top, size),
      fontName,
    });
    const lines: [string, number, number, string][] = [
      ['Consumo de água em escolas públicas', 100, 22, 'f3'],
      ['do interior do Brasil', 126, 22, 'f3'],
      ['Water use in public schools', 152, 22, 'f4'],
      ['of inland Brazil', 178, 22, 'f4'],
      ['Ana Souza e Pedro Lima', 210, 11, 'f3'],
    ];
    const items = [...lines.map(([str, top, size, font]) => set(str, top, size, font))];
    const text = body(260).map(([str, , top, size]) => set(str, top, size, 'f1'));
    const first = layoutFromItems([...items, ...text], VIEWPORT);
    expect(readTitlePages([first], { latestYear: 2026 })).toMatchObject({
      titulo: 'Consumo de água em escolas públicas do interior do Brasil',
      nombres: ['Ana Souza', 'Pedro Lima'],
    });
    // In one font all through, the lines are one title, whatever their words.
    const oneFont = layoutFromItems([...lines.map(([str, top, size]) => set(str, top, size, 'f3')), ...text], VIEWPORT);
    expect(readTitlePages([oneFont], { latestYear: 2026 }).titulo).toBe(
      'Consumo de água em escolas públicas do interior do Brasil Water use in public schools of inland Brazil',
    );
    const subtitled = page([
      ['Los acuíferos del Yucatán', 72, 100, 24],
      ['The aquifers of the Yucatan peninsula', 72, 130, 16],
      ['Ana Pérez', 72, 170, 11],
      ...body(220),
    ]);
    expect(readTitlePages([subtitled], { latestYear: 2026 }).titulo).toBe('Los acuíferos del Yucatán');
  });

  it('drops the review status an open-review publisher appends to the title', () => {
    const first = page([
      ['Tidal mixing in shallow estuaries of the', 58, 127, 16],
      ['Atlantic coast [v2; ref status: indexed, http://example.org/x1]', 58, 152, 16],
      ['Maria Silva, John Smith', 58, 180, 13],
      ...body(240),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toMatchObject({
      titulo: 'Tidal mixing in shallow estuaries of the Atlantic coast',
      nombres: ['Maria Silva', 'John Smith'],
    });
  });

  it('reads a thesis’s title page behind a cover set all in the body’s type', () => {
    const cover = page([
      ['UNIVERSIDADE FEDERAL DO SUL', 84, 67, 10],
      ['Carla Mendes', 192, 137, 10],
      ['REDES DE SENSORES NO CAMPO', 92, 265, 10],
      ['Porto Alegre', 196, 474, 10],
      ['2015', 214, 494, 10],
    ]);
    const blank = page([]);
    const titlePage = page([
      ['Carla Mendes', 192, 67, 10],
      ['REDES DE SENSORES NO CAMPO', 92, 141, 10],
      ['Dissertação submetida ao Programa de Pós-Graduação', 227, 248, 9],
      ['como parte dos requisitos para o grau de Mestre.', 227, 259, 9],
      ['Orientador: Paulo Rocha', 227, 303, 9],
      ['Porto Alegre', 196, 474, 10],
      ['2015', 214, 494, 10],
    ]);
    expect(readTitlePages([cover, blank], { latestYear: 2026, others: [titlePage] })).toMatchObject({
      titulo: 'REDES DE SENSORES NO CAMPO',
      nombres: ['Carla Mendes'],
      genero: 'Dissertação (Mestrado)',
    });
    // A cover alone, with no title page after it, gives no title.
    expect(readTitlePages([cover], { latestYear: 2026 }).titulo).toBeUndefined();
  });

  it('reads a title in capitals hardly larger than the body by the byline under it', () => {
    const first = page([
      ['The Journal of Sky Studies, 12:1 (9pp), 2013', 43, 41, 8],
      ['DUST IN THE SPIRAL ARMS OF NEARBY GALAXIES', 100, 84, 11],
      ['Ana Ito, Ken Sato, and Mia Wada', 78, 105, 10],
      ['Received 2012 August 3; accepted 2013 August 18', 180, 132, 8],
      ['ABSTRACT', 280, 155, 10],
      ...body(170, 30),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toMatchObject({
      titulo: 'DUST IN THE SPIRAL ARMS OF NEARBY GALAXIES',
      nombres: ['Ana Ito', 'Ken Sato', 'Mia Wada'],
    });
    // Capitals over running text, not over a byline: no title.
    const heading = page([['RESULTS OF THE SURVEY', 72, 84, 10], ...body(100, 30)]);
    expect(readTitlePages([heading], { latestYear: 2026 }).titulo).toBeUndefined();
  });

  it('joins the title’s first part set a size smaller above its largest line, not the byline or kind above', () => {
    const first = page([
      ['Kurzbeiträge / Reports', 142, 70, 13],
      ['Erika Weber', 142, 101, 12],
      ['Ein Versuch zu viel – zurück zur', 142, 131, 12],
      ['alten Ordnung?', 142, 145, 12],
      ['Das Land ein Jahr nach der Wahl', 142, 160, 13],
      ...body(200),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toMatchObject({
      titulo: 'Ein Versuch zu viel – zurück zur alten Ordnung? Das Land ein Jahr nach der Wahl',
      nombres: ['Erika Weber'],
    });
  });

  it('takes the item’s title under a section’s one-word label set larger', () => {
    const text = 'la diarrea sigue siendo una de las principales causas de mortalidad infantil';
    const first = page([
      ['Instantáneas', 132, 89, 14],
      ['Resultados obtenidos con dos tipos', 81, 149, 10.5],
      ['de soluciones de rehidratación oral', 81, 160, 10.5],
      ...Array.from({ length: 40 }, (_, i): [string, number, number, number] => [text, 81, 183 + i * 11.5, 9.5]),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 }).titulo).toBe(
      'Resultados obtenidos con dos tipos de soluciones de rehidratación oral',
    );
    // A one-word title over its byline stays the title.
    const oneWord = page([['Cenotes', 72, 100, 24], ['Ana Pérez y Luis Chan', 72, 140, 11], ...body(200)]);
    expect(readTitlePages([oneWord], { latestYear: 2026 }).titulo).toBe('Cenotes');
  });

  it('reads no title from a page of contents, an appendix or a page of body text', () => {
    const contents = page([['Contents', 72, 80, 24], ['1 Heading ........ 1', 72, 120, 12], ...body(140)]);
    const appendix = page([['Appendix', 72, 80, 14], ['Accidents, 1995–2005', 72, 100, 14], ...body(140)]);
    const plain = page(body(72, 40));
    for (const p of [contents, appendix, plain]) {
      expect(readTitlePages([p], { latestYear: 2026 }).titulo).toBeUndefined();
    }
  });

  it('takes no table head or section heading for a name', () => {
    const first = page([
      ['QA Test Master Document', 72, 200, 26],
      ['Font Variations', 72, 250, 20],
      ['Testing the implementation of various font choices to enhance visual appeal', 72, 280, 12],
      ['Font Name', 72, 320, 12],
      ['Sample Text', 320, 320, 12],
      ...body(340, 25),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 })).toEqual({ titulo: 'QA Test Master Document' });
  });
});

describe('author lines', () => {
  it('splits names and drops marks, e-mails and affiliations', () => {
    expect(namesOfLine('Ana Pérez1, John Smith2,* and Jane Doe2')).toEqual(['Ana Pérez', 'John Smith', 'Jane Doe']);
    expect(namesOfLine('Nikos Mavrogiannopoulos (help-libtasn1@gnu.org)')).toEqual(['Nikos Mavrogiannopoulos']);
    expect(namesOfLine('J. R. R. Tolkien & C. S. Lewis')).toEqual(['J. R. R. Tolkien', 'C. S. Lewis']);
    expect(namesOfLine('Ludwig van Beethoven')).toEqual(['Ludwig van Beethoven']);
    expect(namesOfLine('Ana Pérez, Member, IEEE, and John Smith, Fellow, IEEE')).toEqual(['Ana Pérez', 'John Smith']);
    expect(namesOfLine('by Jean-Pierre O’Neil and Mary McDonald')).toEqual(['Jean-Pierre O’Neil', 'Mary McDonald']);
    expect(namesOfLine('Indiana University, USA')).toBeNull();
    expect(namesOfLine('Department of Physics, MIT')).toBeNull();
    expect(namesOfLine('Stanford University')).toBeNull();
    expect(namesOfLine('Max Planck Institute for Informatics')).toBeNull();
    expect(namesOfLine('Germán Franco and Francis Crick')).toEqual(['Germán Franco', 'Francis Crick']);
    expect(namesOfLine('tal197 at users.sf.net')).toBeNull();
    expect(namesOfLine('Technology Acceptance Model')).toBeNull();
    // ORCID's icon (a private-use glyph) and iD, an elided particle set apart, initials without a stop,
    // a wrapped line ending in 'and', a generational suffix in capitals
    expect(namesOfLine('\ue9d9 Ana Luísa Prado1,2 0000-0002-1825-0097, \ue9d9 Rui Mendes3,')).toEqual([
      'Ana Luísa Prado',
      'Rui Mendes',
    ]);
    expect(namesOfLine('Marta d’ Ávila Reis and Luc d’ Orsay')).toEqual(['Marta d’Ávila Reis', 'Luc d’Orsay']);
    expect(namesOfLine('Ann K Lee, Tobias E Erlanger, Mary Y Chen and')).toEqual([
      'Ann K Lee',
      'Tobias E Erlanger',
      'Mary Y Chen',
    ]);
    expect(namesOfLine('JOHN B. DOE III AND ANA GIL')).toEqual(['John B. Doe III', 'Ana Gil']);
    expect(namesOfLine('A Survey')).toBeNull();
    expect(namesOfLine('ANNA KOVACS^{1,∗}, PETER D. NAGY¹, AND LENA FISCHER^{2,3}')).toEqual([
      'Anna Kovacs',
      'Peter D. Nagy',
      'Lena Fischer',
    ]);
  });

  it('reads a byline whose names each stand over their affiliation, long or short, until the abstract', () => {
    const first = page([
      ['Packing boxes on parallel shelves', 72, 100, 18],
      ['ANNA KOVACS', 72, 130, 10],
      ['Department of Computer Science and Institute for Advanced Studies of Systems', 72, 144, 10],
      ['University of Somewhere, Smalltown', 72, 158, 10],
      ['and', 72, 172, 10],
      ['PETER NAGY', 72, 186, 10],
      ['Department of Mathematics', 72, 200, 10],
      ['and', 72, 214, 10],
      ['LENA FISCHER', 72, 228, 10],
      ['Acme Labs, Springfield', 72, 242, 10],
      // A lone 'and' announces a name, even one with a word headings use.
      ['and', 72, 256, 10],
      ['AN LI', 72, 270, 10],
      ['Abstract', 72, 300, 10],
      ...body(320),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 }).nombres).toEqual([
      'Anna Kovacs',
      'Peter Nagy',
      'Lena Fischer',
      'An Li',
    ]);
  });

  it('reads the byline under a tail of the title in its type, and stops at an advisors’ label', () => {
    const tail = page([
      ['Counting sharks in the western Atlantic from tags', 72, 100, 16],
      ['and direct age estimates of two species [v2; ref status: indexed, http://example.org/x]', 72, 124, 16],
      ['Ana Gil, John B. Doe III, Tom Ross', 72, 150, 12],
      ['Abstract', 72, 190, 10],
      ...body(210),
    ]);
    expect(readTitlePages([tail], { latestYear: 2026 }).nombres).toEqual(['Ana Gil', 'John B. Doe III', 'Tom Ross']);
    const advised = page([
      ['Un clasificador de imágenes', 100, 230, 20],
      ['Realizado por', 250, 380, 14],
      ['Marta Ruiz Cabrera', 214, 405, 14],
      ['Tutorizado por', 250, 430, 14],
      ['Ma Luisa Gil Soto', 188, 455, 14],
      ['UNIVERSIDAD DE MÁLAGA', 197, 660, 14],
    ]);
    expect(readTitlePages([advised], { latestYear: 2026 }).nombres).toEqual(['Marta Ruiz Cabrera']);
  });

  it('joins a byline’s row that a scan parted in two, where the first piece is no name alone', () => {
    const row = (pieces: [string, number][]): [string, number, number, number][] =>
      pieces.map(([text, x]) => [text, x, 140, 8]);
    const scanned = page([
      ['Cocaine and the sensitised rat', 72, 100, 18],
      ...row([
        ['MARIA', 72],
        ['K. LUND, JOHN D. ROE,', 115],
        ['ANA GIL and TOM ROSS', 225],
      ]),
      ['Abstract', 72, 180, 10],
      ...body(200),
    ]);
    expect(readTitlePages([scanned], { latestYear: 2026 }).nombres).toEqual([
      'Maria K. Lund',
      'John D. Roe',
      'Ana Gil',
      'Tom Ross',
    ]);
    // Two names set side by side each read alone, never as one.
    const sideBySide = page([
      ['Cocaine and the sensitised rat', 72, 100, 18],
      ...row([
        ['Maria Lund', 72],
        ['John Roe', 250],
      ]),
      ['Abstract', 72, 180, 10],
      ...body(200),
    ]);
    expect(readTitlePages([sideBySide], { latestYear: 2026 }).nombres).toEqual(['Maria Lund', 'John Roe']);
  });
});

describe('properties against the page', () => {
  it('drops junk titles and authors of the info dictionary', () => {
    expect(usableMetadataTitle('Microsoft Word - tesis.docx')).toBeUndefined();
    expect(usableMetadataTitle('imagemagick-lzw\u0000')).toBeUndefined();
    expect(usableMetadataTitle('pdfjs tracemonkey')).toBeUndefined();
    expect(usableMetadataTitle('Page1 14/12/2012 4th FRIDAY 4')).toBeUndefined();
    expect(usableMetadataTitle('Losing the Cabin')).toBe('Losing the Cabin');
    expect(usableMetadataAuthors('ARRAY(0x2c7cf020)')).toEqual([]);
    expect(usableMetadataAuthors('Administrator')).toEqual([]);
  });

  it('prefers a metadata title printed on the page, unless the page’s title holds it and more', () => {
    const page = { titulo: 'Einführung in die Geometrie und Topologie', nombres: ['Martin Thoma'] };
    const pageText = 'Einführung in die\nGeometrie und Topologie\nMartin Thoma';
    const found = chooseMetadata({
      page,
      pageText,
      xmp: { autores: [] },
      info: { titulo: 'Geometrie und Topologie', autores: ['Thoma, Martin'] },
      creationYear: 2017,
    });
    expect(found).toMatchObject({
      titulo: 'Einführung in die Geometrie und Topologie',
      anio: 2017,
      origen: { titulo: 'primera_pagina', autores: 'info', anio: 'fecha_creacion' },
    });
    const printed = chooseMetadata({
      page: { titulo: 'TRACE-BASED JIT TYPE SPECIALIZATION' },
      pageText: 'TRACE-BASED JIT TYPE SPECIALIZATION',
      xmp: { titulo: 'Trace-based JIT Type Specialization', autores: [] },
      info: { autores: [] },
    });
    expect(printed).toMatchObject({ titulo: 'Trace-based JIT Type Specialization', origen: { titulo: 'xmp' } });
    expect(chooseMetadata({ page: {}, pageText: '', ...NO_SOURCES })).toEqual({});
  });

  it('believes the properties’ authors a title page does not print only where there is no title page', () => {
    const page = { titulo: 'So klingt die Stadt' };
    const pageText = 'So klingt die Stadt\nEine Bilanz des Jahres';
    const template = { xmp: { autores: ['Bibliothek, Redaktion'] }, info: { autores: [] } };
    expect(chooseMetadata({ page, pageText, ...template }).autores).toBeUndefined();
    const excerpt = chooseMetadata({ page: {}, pageText: 'Appendix\nAccidents 1995–2005', ...template });
    expect(excerpt).toMatchObject({ autores: ['Bibliothek, Redaktion'], origen: { autores: 'xmp' } });
    expect(usableMetadataAuthors(['IOP Publishing Oct 23:0:0', 'IEEE', 'Ana Pérez'])).toEqual(['Pérez, Ana']);
  });

  it('takes the properties’ names only when the page prints each whole and no more people', () => {
    const reading = { titulo: 'Quantum dots', nombres: ['Ana Ito', 'Ken Sato', 'Mia Wada'] };
    const pageText = 'Quantum dots\nAna Ito1,*, Ken Sato2 and Mia Wada2\n1 University of Tokyo';
    const sources = (autores: string[]) => ({ page: reading, pageText, xmp: { autores }, info: { autores: [] } });
    // A submitter alone, or two people merged into one field: the byline is right.
    expect(chooseMetadata(sources(['Ana Ito'])).autores).toEqual(['Ito, Ana', 'Sato, Ken', 'Wada, Mia']);
    expect(chooseMetadata(sources(['Ana Ito, Ken Sato Mia Wada'])).origen?.autores).toBe('primera_pagina');
    // The same people, as the publisher filed them, stand.
    expect(chooseMetadata(sources(['Ito, Ana', 'Sato, Ken', 'Wada, Mia'])).origen?.autores).toBe('xmp');
    // Without a byline read, a name the page prints only in part ('Ken Satoshi') is not confirmed.
    const unread = { page: { titulo: 'Quantum dots' }, pageText: 'Quantum dots\nKen Satoshi Ito, Mia Wada' };
    expect(
      chooseMetadata({ ...unread, xmp: { autores: ['Ken Sato'] }, info: { autores: [] } }).autores,
    ).toBeUndefined();
    // A lone word in a property is a login or a first name.
    expect(usableMetadataAuthors(['Hatem'])).toEqual([]);
  });

  it('files the properties’ names in the document’s language, and leaves advisors out of the byline', () => {
    const found = chooseMetadata({
      page: { titulo: 'Requirement prioritization' },
      pageText: 'Requirement prioritization\nMuhammad Atif Iqbal, Saeed Murtaza',
      idioma: 'en',
      xmp: { autores: [] },
      info: { autores: ['Muhammad Atif Iqbal', 'Saeed Murtaza'] },
    });
    expect(found.autores).toEqual(['Iqbal, Muhammad Atif', 'Murtaza, Saeed']);
    const cover = page([
      ['Ensembles d’arbres', 195, 330, 20.7],
      ['Étudiant:', 195, 470, 10],
      ['Jeanne Martin', 195, 482, 10],
      ['Encadrant:', 195, 549, 10],
      ['Paul Durand', 195, 561, 10],
    ]);
    expect(readTitlePages([cover], { latestYear: 2026 }).nombres).toEqual(['Jeanne Martin']);
  });

  it('starts a new name where a full line’s next line opens with a given name and a surname', () => {
    const first = page([
      ['Bigtable: a storage system for structured data', 123, 124, 14.3],
      ['Fay Chang, Jeffrey Dean, Sanjay Ghemawat, Wilson C. Hsieh, Deborah A. Wallach', 106, 165, 12],
      ['Mike Burrows, Tushar Chandra, Andrew Fikes', 150, 179, 12],
      ['Abstract', 162, 262, 12],
      ...body(280),
    ]);
    expect(readTitlePages([first], { latestYear: 2026 }).nombres).toEqual([
      'Fay Chang',
      'Jeffrey Dean',
      'Sanjay Ghemawat',
      'Wilson C. Hsieh',
      'Deborah A. Wallach',
      'Mike Burrows',
      'Tushar Chandra',
      'Andrew Fikes',
    ]);
  });

  it('takes the printed byline over a property list it shows to hold only some of the authors', () => {
    const found = chooseMetadata({
      page: { titulo: 'Counting birds in cities', nombres: ['Anna Kovacs', 'Peter D. Nagy', 'Lena Fischer'] },
      pageText: 'Counting birds in cities\nANNA KOVACS^{1}, PETER D. NAGY^{1}, AND LENA FISCHER^{2}',
      xmp: { autores: ['Fischer, L.'] },
      info: { autores: [] },
    });
    expect(found).toMatchObject({
      autores: ['Kovacs, Anna', 'Nagy, Peter D.', 'Fischer, Lena'],
      origen: { autores: 'primera_pagina' },
    });
  });

  it('files the authors of an English article affiliated in Brazil the Portuguese way', () => {
    const sources = { page: { titulo: 'Water in the city', nombres: ['Carlos Aguiar de Medeiros'] }, ...NO_SOURCES };
    const inBrazil = 'Water in the city\nCarlos Aguiar de Medeiros\nUniversidade Federal do Rio de Janeiro, Brazil';
    expect(chooseMetadata({ ...sources, pageText: inBrazil, idioma: 'en' }).autores).toEqual([
      'Medeiros, Carlos Aguiar de',
    ]);
    expect(affiliationCountry(inBrazil, 'en')).toBe('BR');
    expect(affiliationCountry(`${inBrazil}\nUniversidad de Chile, Santiago, Chile`, 'en')).toBeUndefined();
    expect(affiliationCountry(inBrazil, 'es')).toBeUndefined();
    // A Spanish-speaking affiliation alone: its authors keep both surnames.
    const inSpain = 'Center problems\nOscar Saleta Reig\nUniversitat Autònoma de Barcelona';
    expect(affiliationCountry(inSpain, 'en')).toBe('ES');
    const spanish = { page: { titulo: 'Center problems', nombres: ['Oscar Saleta Reig'] }, ...NO_SOURCES };
    expect(chooseMetadata({ ...spanish, pageText: inSpain, idioma: 'en' }).autores).toEqual(['Saleta Reig, Oscar']);
  });

  it('takes a one-word metadata title beside a longer title block for the journal’s name', () => {
    const found = chooseMetadata({
      page: { titulo: 'Prospecção química de espécies de Senna' },
      pageText: 'Hoehnea 49: e1112020, 2022\nProspecção química de espécies de Senna',
      xmp: { titulo: 'Hoehnea', autores: [] },
      info: { autores: [] },
    });
    expect(found).toMatchObject({
      titulo: 'Prospecção química de espécies de Senna',
      origen: { titulo: 'primera_pagina' },
    });
  });
});

/** The layout of page `n` of a fixture PDF. */
async function fixtureLayout(relative: string, n = 1): Promise<LayoutPage> {
  const data = new Uint8Array(await readFile(fixturePath(relative)));
  const task = getDocument({ data, verbosity: 0 });
  try {
    const doc = await task.promise;
    const p = await doc.getPage(n);
    return layoutFromItems((await p.getTextContent()).items, p.getViewport({ scale: 1 }));
  } finally {
    await task.destroy();
  }
}

const TAM = 'real-world/pdfjs__TAMReview.pdf';
const GEO = 'pdfs/GeoTopo-komprimiert.pdf';
const ASW = 'pdfs/issue-00352-asw-oct96-p41.pdf';
const SENATE = 'real-world/pdfplumber__senate-expenditures.pdf';

describe('real first pages', () => {
  it.skipIf(!hasFixture(TAM))(titleNeeding('a working paper: journal name above, affiliation below', TAM), async () => {
    expect(readTitlePages([await fixtureLayout(TAM)], { latestYear: 2011 })).toEqual({
      titulo: 'Overview of the Technology Acceptance Model: Origins, Developments and Future Directions',
      nombres: ['Mohammad Chuttur'],
      anio: 2009,
    });
  });

  it.skipIf(!hasFixture(GEO))(titleNeeding('a book: author and date at the foot of the page', GEO), async () => {
    expect(readTitlePages([await fixtureLayout(GEO)], { latestYear: 2018 })).toEqual({
      titulo: 'Einführung in die Geometrie und Topologie',
      nombres: ['Martin Thoma'],
      anio: 2016,
    });
  });

  it.skipIf(!hasFixture(ASW))(titleNeeding('an appendix page: no title, the foot’s date', ASW), async () => {
    expect(readTitlePages([await fixtureLayout(ASW)], { latestYear: 2007 })).toEqual({ anio: 2006 });
  });

  it.skipIf(!hasFixture(SENATE))(titleNeeding('a table: its head is no title', SENATE), async () => {
    expect(readTitlePages([await fixtureLayout(SENATE)], { latestYear: 2021 }).titulo).toBeUndefined();
  });
});
