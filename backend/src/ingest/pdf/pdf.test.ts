import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AnclaPagina } from '@folio/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../../test/fixtures/sample-pdf';
import type { Ocr } from '../../ai/ocr';
import { createTesseractOcr } from '../../ai/tesseract-ocr';
import { canDrawArabic, drawnArabicPixels, drawnLines, GERMAN_LINES, greyPixels } from '../../testing/drawn-text';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { ConversionError, type Conversion, type ConvertContext } from '../converter';
import { convertPdf } from './pdf';
import { pageTextFromOcr } from './pdf-ocr';
import { lacksTextLayer } from './pdf-page-content';
import { foliosFromLabels, romanValue } from './pdf-page-labels';
import { pageTextFromItems } from './pdf-page-text';
import { gitSnapshot } from '../testing/git-snapshot';
import { hasOcrData, MACHINE_OCR_DATA, titleNeedingOcr } from '../../testing/installed-ocr-data';
import { makePdf, type PdfLine } from '../testing/make-pdf';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const PDF_FIXTURES = fixturePath('pdfs');
const fixturesExist = hasFixture('pdfs/manifest.json');

interface ManifestEntry {
  file: string;
  physical_pages: number;
  has_PageLabels: boolean;
  /** One label per physical page; '...' abbreviates an arabic run; null when the file has no /PageLabels. */
  expected_labels: string[] | null;
}

/**
 * Folios printed on the pages of the files without /PageLabels, read by `inferFolios`: pdflatex's centred
 * foot, and the manifest's note for the one-page article ('printed folio is "41" (footer "| 41")').
 */
const PRINTED_FOLIOS: Record<string, { folios: string[]; confianza: number }> = {
  'pdflatex-4-pages.pdf': { folios: ['1', '2', '3', '4'], confianza: 0.88 },
  'issue-00352-asw-oct96-p41.pdf': { folios: ['41'], confianza: 0.5 },
};

/** Pages that really have no text layer (checked: pdf.js finds no text item on them). */
const PAGES_WITHOUT_TEXT: Record<string, number[] | 'all'> = {
  'labelled_pages.pdf': 'all',
  'issue14847.pdf': [2, 6],
};

/** Expands the manifest's '...' between two arabic labels ('5', '...', '112' → 5, 6, …, 112). */
function expandLabels(labels: string[]): string[] {
  const out: string[] = [];
  labels.forEach((label, i) => {
    if (label !== '...') return void out.push(label);
    const from = Number(labels[i - 1]);
    const to = Number(labels[i + 1]);
    for (let n = from + 1; n < to; n++) out.push(String(n));
  });
  return out;
}

function quietContext(): ConvertContext & { fractions: number[] } {
  const fractions: number[] = [];
  return { fractions, progress: async (f) => void fractions.push(f) };
}

const pagina = (c: Conversion) => c.unidades.map((u) => u.ancla as AnclaPagina);

describe.skipIf(!fixturesExist)(titleNeeding('PDF fixtures', 'pdfs/manifest.json'), () => {
  const manifest: ManifestEntry[] = fixturesExist
    ? JSON.parse(readFileSync(resolve(PDF_FIXTURES, 'manifest.json'), 'utf8'))
    : [];
  const conversions = new Map<string, Conversion>();
  const progress = new Map<string, number[]>();

  beforeAll(async () => {
    for (const entry of manifest) {
      const ctx = quietContext();
      conversions.set(entry.file, await convertPdf({ path: resolve(PDF_FIXTURES, entry.file), size: 0 }, ctx));
      progress.set(entry.file, ctx.fractions);
    }
  }, 120_000);

  it('has fixtures to test', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(10);
  });

  it.each(manifest.map((e) => [e.file, e] as const))('%s: one unit per physical page, in order', (file, entry) => {
    const conversion = conversions.get(file)!;
    expect(conversion.unidades).toHaveLength(entry.physical_pages);
    expect(pagina(conversion).map((a) => a.fisica)).toEqual(
      Array.from({ length: entry.physical_pages }, (_, i) => i + 1),
    );
    expect(progress.get(file)).toHaveLength(entry.physical_pages);
    expect(progress.get(file)!.at(-1)).toBe(1);
  });

  it.each(manifest.map((e) => [e.file, e] as const))('%s: printed folios match the manifest', (file, entry) => {
    const anchors = pagina(conversions.get(file)!);
    if (entry.expected_labels === null) {
      const printed = PRINTED_FOLIOS[file]!;
      expect(anchors.map((a) => a.impresa)).toEqual(printed.folios);
      for (const anchor of anchors) expect(anchor).toMatchObject({ origen: 'texto', confianza: printed.confianza });
      return;
    }
    const expected = expandLabels(entry.expected_labels);
    expect(expected).toHaveLength(entry.physical_pages);
    expect(anchors.map((a) => a.impresa)).toEqual(expected);
    for (const anchor of anchors) {
      expect(anchor.origen).toBe('etiqueta');
      expect(anchor.confianza).toBe(0.99);
      expect(anchor.romana).toBe(romanValue(anchor.impresa!) !== null);
    }
  });

  it.each(manifest.map((e) => [e.file] as const))('%s: pages have text unless they have no text layer', (file) => {
    const conversion = conversions.get(file)!;
    const blank = PAGES_WITHOUT_TEXT[file] ?? [];
    conversion.unidades.forEach((unit, i) => {
      const expectEmpty = blank === 'all' || blank.includes(i + 1);
      expect(unit.texto === '', `${file} page ${i + 1}`).toBe(expectEmpty);
      expect(unit.texto).toBe(unit.texto.trim());
    });
    expect(conversion.tipo).toBe(blank === 'all' ? 'pdf_escaneado' : 'pdf');
  });

  it('reads the malformed /PageLabels without crashing', () => {
    const anchors = pagina(conversions.get('bad-PageLabels.pdf')!);
    expect(anchors).toEqual([
      { tipo: 'pagina', fisica: 1, impresa: 'X3', romana: false, origen: 'etiqueta', confianza: 0.99 },
    ]);
  });

  it('marks roman front matter and keeps restarts', () => {
    const anchors = pagina(conversions.get('pdfminer-pagelabels.pdf')!);
    expect(anchors.map((a) => [a.impresa, a.romana])).toEqual([
      ['iii', true],
      ['iv', true],
      ['1', false],
      ['2', false],
      ['1', false],
    ]);
    const lettered = pagina(conversions.get('labelled_pages.pdf')!);
    expect(lettered.slice(7, 9).map((a) => [a.impresa, a.romana])).toEqual([
      ['a', false],
      ['b', false],
    ]);
  });

  it('reads metadata and ignores junk', () => {
    // The title page's two lines of largest type hold more than /Title ('Geometrie und Topologie'); the year
    // is printed at its foot ('0. Auflage, 31. Dezember 2016').
    expect(conversions.get('GeoTopo-komprimiert.pdf')!.metadatos).toEqual({
      titulo: 'Einführung in die Geometrie und Topologie',
      autores: ['Thoma, Martin'],
      anio: 2016,
      idioma: 'de',
      origen: { titulo: 'primera_pagina', autores: 'info', anio: 'pagina', idioma: 'texto' },
    });
    // 'Microsoft Word - Document1' and the login name 'brianc'; nothing printed, so the creation date's year.
    expect(conversions.get('rotation.pdf')!.metadatos).toEqual({
      anio: 2008,
      idioma: 'en',
      origen: { anio: 'fecha_creacion', idioma: 'texto' },
    });
    expect(conversions.get('issue14847.pdf')!.metadatos).toMatchObject({ titulo: 'Benutzerhandbuch', idioma: 'de' });
    expect(conversions.get('issue-00352-asw-oct96-p41.pdf')!.metadatos).toMatchObject({
      titulo: 'Losing the Cabin',
      autores: ['Lacagnina, Mark'],
    });
  });

  it('keeps the text of a real book page, paragraphs apart', () => {
    const page = conversions.get('GeoTopo-komprimiert.pdf')!.unidades[5]!.texto;
    expect(page).toContain('Ein topologischer Raum ist ein Paar');
    expect(page).toMatch(/\n\n/);
    const prose = conversions.get('pdflatex-4-pages.pdf')!.unidades[0]!.texto;
    expect(prose.startsWith('Hello, here is some text without a meaning.')).toBe(true);
    expect(prose).toContain('“Huardest gefburn”? Kjift – not at all!');
  });
});

describe('convertPdf on generated PDFs', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  const convert = async (data: Uint8Array | string, ctx: ConvertContext = quietContext()) =>
    convertPdf({ path: await tmp.write('doc.pdf', data), size: 0 }, ctx);
  const body = (text: string, y: number): PdfLine => ({ text, y, size: 11 });

  it('tells what pages without text show: blank, vector drawings, empty form fields (issue 33)', async () => {
    const drawing = '0.2 0.4 0.8 rg 100 100 300 200 re f 1 w 72 400 m 540 400 l S';
    const conversion = await convert(
      makePdf({
        pages: [[], [], [], [body('A page of text, read as such by every reader.', 700)]],
        drawings: { 1: drawing },
        emptyFields: [2],
      }),
    );
    expect(conversion.paginasSinTexto).toEqual({
      total: 3,
      examinadas: 3,
      por: { imagen: 0, dibujo: 1, formulario: 1, vacia: 1 },
    });
    const blank = await convert(makePdf({ pages: [[], []] }));
    expect(blank.paginasSinTexto).toMatchObject({ total: 2, por: { vacia: 2, imagen: 0 } });
    expect(
      (
        await convert(
          makePdf({
            pages: [[body('Only text here, on one page, and enough of it to count as a page of text.', 700)]],
          }),
        )
      ).paginasSinTexto,
    ).toBeUndefined();
  });

  it('joins lines and separates paragraphs by the vertical gap', async () => {
    const conversion = await convert(
      makePdf({
        pages: [
          [
            { text: 'Capítulo primero', y: 720, size: 18 },
            body('La primera línea del párrafo', 690),
            body('sigue en la segunda.', 677),
            body('Otro párrafo tras un espacio.', 650),
          ],
        ],
      }),
    );
    expect(conversion.unidades[0]!.texto).toBe(
      'Capítulo primero\n\nLa primera línea del párrafo\nsigue en la segunda.\n\nOtro párrafo tras un espacio.',
    );
    expect(conversion.metadatos).toEqual({});
  });

  it('reads labels of every style through pdf.js', async () => {
    const pages = Array.from({ length: 7 }, (_, i) => [body(`Página ${i + 1}`, 700)]);
    const labels = '<< /Nums [0 << /S /R /St 2 >> 2 << /S /D /P (A-) >> 4 << /S /a /St 3 >> 6 << /P (Portada) >>] >>';
    const anchors = pagina(await convert(makePdf({ pages, pageLabels: labels })));
    expect(anchors.map((a) => [a.impresa, a.romana])).toEqual([
      ['ii', true],
      ['iii', true],
      ['A-1', false],
      ['A-2', false],
      ['c', false],
      ['d', false],
      ['Portada', false],
    ]);
  });

  it('calls it a scanned PDF when more than half the pages have no text, or nearly none', async () => {
    const text = [body('El acuífero kárstico de Yucatán.', 700)];
    const scanned = await convert(makePdf({ pages: [text, [], []] }));
    expect(scanned.tipo).toBe('pdf_escaneado');
    expect(scanned.unidades.map((u) => u.texto)).toEqual(['El acuífero kárstico de Yucatán.', '', '']);
    expect((await convert(makePdf({ pages: [text, []] }))).tipo).toBe('pdf');
    // Short pages of text, with no picture on them, are text.
    const short = await convert(makePdf({ pages: [text, [body('12', 40)], [body('Digitalizado', 40)]] }));
    expect(short.tipo).toBe('pdf');
    expect(short.unidades.map((u) => u.texto)).toEqual(['El acuífero kárstico de Yucatán.', '12', 'Digitalizado']);
    expect(short.unidades.some((u) => u.visual)).toBe(false);
    // A scan whose text layer holds only a stamp has no text layer to speak of; the stamp is kept as is.
    const scan = await readFile(resolve(REPO_ROOT, 'test/fixtures/ocr/texto-es.jpg'));
    const stamped = buildSamplePdf({
      pages: [['El acuífero kárstico de Yucatán no tiene ríos.'], [], []],
      footers: [null, 'Digitalizado', 'Digitalizado'],
      images: [null, scan, scan],
    });
    const conversion = await convert(stamped);
    expect(conversion.tipo).toBe('pdf_escaneado');
    expect(conversion.unidades.map((u) => u.texto)).toEqual([
      'El acuífero kárstico de Yucatán no tiene ríos.',
      'Digitalizado',
      'Digitalizado',
    ]);
  });

  it('reads printed folios from running heads and feet when there are no /PageLabels', async () => {
    const lines = (n: number) => [`Texto de la página física ${n}.`, 'Segunda línea del cuerpo.'];
    const heads = buildSamplePdf({
      pages: [1, 2, 3, 4, 5, 6].map(lines),
      headers: [47, 48, 49, 50, 51, 52].map((n) => (n % 2 ? `Capítulo 2 · ${n}` : `${n} · Los cenotes`)),
    });
    const anchors = pagina(await convert(heads));
    expect(anchors.map((a) => a.impresa)).toEqual(['47', '48', '49', '50', '51', '52']);
    expect(anchors[0]).toMatchObject({ tipo: 'pagina', fisica: 1, romana: false, origen: 'texto' });

    // Front matter in roman feet ('xii'), a chapter opener without a foot, then arabic feet; the feet
    // come first in the content stream, which must not matter.
    const feet = ['ix', 'x', 'xi', 'xii', null, '2', '3', '4', '5'];
    const book = buildSamplePdf({ pages: feet.map((_, i) => lines(i + 1)), footers: feet, edgesFirst: true });
    const folios = pagina(await convert(book));
    expect(folios.map((a) => [a.impresa, a.romana])).toEqual([
      ['ix', true],
      ['x', true],
      ['xi', true],
      ['xii', true],
      ['1', false],
      ['2', false],
      ['3', false],
      ['4', false],
      ['5', false],
    ]);
    expect(folios[4]!.confianza!).toBeLessThan(folios[5]!.confianza!);
  });

  it('prefers /PageLabels to printed folios, and finds none where none is printed', async () => {
    const pages = [1, 2, 3, 4].map((n) => [`Página física ${n} del documento.`]);
    const labelled = buildSamplePdf({
      pages,
      footers: ['1', '2', '3', '4'],
      labels: [{ index: 0, style: 'D', start: 101 }],
    });
    expect(pagina(await convert(labelled)).map((a) => [a.impresa, a.origen])).toEqual([
      ['101', 'etiqueta'],
      ['102', 'etiqueta'],
      ['103', 'etiqueta'],
      ['104', 'etiqueta'],
    ]);
    const plain = pagina(await convert(buildSamplePdf({ pages, headers: pages.map(() => 'Informe 2019') })));
    expect(plain.map((a) => a.impresa)).toEqual([null, null, null, null]);
  });

  it('reads title, authors and year from the title page, and the language from the text', async () => {
    const spanish =
      'El agua de los cenotes que se filtra por la roca es la del acuífero, y la mayor parte llega al mar por ' +
      'los ríos que no se ven desde la superficie durante todo el año.';
    const page: PdfLine[] = [
      { text: 'Revista de Hidrología 12 (2019) 45-60', y: 760, size: 8 },
      { text: 'Recarga del acuífero kárstico de la', y: 680, size: 20 },
      { text: 'península de Yucatán', y: 656, size: 20 },
      { text: 'Lucía Pérez Canul, Ana Gómez y John Smith', y: 626, size: 12 },
      { text: 'Universidad Autónoma de Yucatán, Mérida, México', y: 610, size: 9 },
      { text: 'Resumen', y: 570, size: 11 },
      ...Array.from({ length: 12 }, (_, i) => body(spanish.slice(0, 90), 550 - i * 14)),
    ];
    const info = {
      Title: 'Microsoft Word - recarga_v3.docx',
      Author: 'Administrator',
      CreationDate: "D:20230105120000+01'00'",
    };
    const conversion = await convert(makePdf({ pages: [page], info, lang: 'en-US' }));
    expect(conversion.metadatos).toMatchObject({
      titulo: 'Recarga del acuífero kárstico de la península de Yucatán',
      anio: 2019,
      idioma: 'es',
      origen: { titulo: 'primera_pagina', autores: 'primera_pagina', anio: 'pagina', idioma: 'texto' },
    });
    expect(conversion.metadatos.autores).toHaveLength(3);
    expect(conversion.metadatos.autores).toContain('Smith, John');
  });

  it('passes over blank leaves before the title page, and takes the fuller name it prints', async () => {
    const english = 'The water of the sinkholes that seeps through the rock is the aquifer water itself.';
    const title: PdfLine[] = [
      { text: 'School of Engineering', y: 740, size: 12 },
      { text: 'Recharge of a karst aquifer', y: 600, size: 22 },
      { text: 'by', y: 540, size: 12 },
      { text: 'MARTA RUIZ CABRERA', y: 524, size: 12 },
    ];
    const text = Array.from({ length: 30 }, (_, i) => body(english, 740 - i * 14));
    const leaf = (folio: string): PdfLine[] => [{ text: folio, y: 40, size: 10 }];
    const info = { Author: 'Marta Ruiz' };
    const conversion = await convert(makePdf({ pages: [leaf('1'), leaf('2'), title, text, text], info }));
    expect(conversion.metadatos).toMatchObject({
      titulo: 'Recharge of a karst aquifer',
      autores: ['Ruiz Cabrera, Marta'],
    });
  });

  it('takes no title that repeats the producing program, nor an author that is a bug in it', async () => {
    const info = {
      Title: 'Acrobat PDFMaker 9.0 for Word',
      Creator: 'Acrobat PDFMaker 9.0 for Word',
      Author: 'ARRAY(0x2c7cf020)',
    };
    const conversion = await convert(makePdf({ pages: [[body('x', 700)]], info }));
    expect(conversion.metadatos.titulo).toBeUndefined();
    expect(conversion.metadatos.autores).toBeUndefined();
  });

  it('reads info metadata, dropping what is junk', async () => {
    const info = {
      Title: 'Microsoft Word - tesis.docx',
      Author: 'Ana Pérez; John Smith and Jane Doe',
      CreationDate: "D:19991231235959+01'00'",
    };
    const conversion = await convert(makePdf({ pages: [[body('x', 700)]], info, lang: 'es-es' }));
    expect(conversion.metadatos).toEqual({
      autores: ['Pérez, Ana', 'Smith, John', 'Doe, Jane'],
      anio: 1999,
      // One letter of text says nothing: the declared language stands.
      idioma: 'es-ES',
      origen: { autores: 'info', anio: 'fecha_creacion', idioma: 'propiedades' },
    });
  });

  it('refuses a PDF protected by a user password, and says so', async () => {
    const spec = { pages: [[body('Secreto', 700)]], userPassword: 'clave' };
    // The file is a real encrypted PDF: with its password pdf.js reads it.
    const task = getDocument({ data: makePdf(spec), password: 'clave', verbosity: 0 });
    const doc = await task.promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items;
    expect(items.map((i) => ('str' in i ? i.str : '')).join('')).toBe('Secreto');
    await task.destroy();

    const error = await convert(makePdf(spec)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as ConversionError).mensaje).toMatch(/contraseña/);
  });

  it('fails with a ConversionError on broken files', async () => {
    const real = makePdf({ pages: [[body('Hola', 700)], [body('Adiós', 700)]] });
    const garbage = new Uint8Array([
      ...Buffer.from('%PDF-1.7\n'),
      ...Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256),
    ]);
    for (const data of [real.subarray(0, 200), garbage, new Uint8Array(0), '%PDF-1.4\n%%EOF\n']) {
      const error = await convert(data).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConversionError);
      expect((error as ConversionError).mensaje).toMatch(/^El PDF está dañado o no se puede leer: /);
    }
  });

  it('stops when the conversion is aborted', async () => {
    const controller = new AbortController();
    const ctx: ConvertContext = {
      progress: async () => controller.abort(),
      signal: controller.signal,
    };
    const pages = [[body('uno', 700)], [body('dos', 700)]];
    await expect(convert(makePdf({ pages }), ctx)).rejects.toThrow(/abort/i);
  });
});

describe('foliosFromLabels', () => {
  it('needs one label per page', () => {
    expect(foliosFromLabels(null, 2)).toBeNull();
    expect(foliosFromLabels(['1'], 2)).toBeNull();
  });

  it('tells roman numerals from letters by their neighbours', () => {
    const romana = (labels: string[]) => foliosFromLabels(labels, labels.length)!.map((f) => f.romana);
    expect(romana(['i'])).toEqual([true]);
    expect(romana(['c'])).toEqual([false]);
    expect(romana(['xcix', 'c', 'ci'])).toEqual([true, true, true]);
    expect(romana(['b', 'c', 'd'])).toEqual([false, false, false]);
    expect(romana(['h', 'i', 'j'])).toEqual([false, false, false]);
    expect(romana(['IV', 'V'])).toEqual([true, true]);
    expect(romana(['A-3', 'ivx', ''])).toEqual([false, false, false]);
  });

  it('stores roman folios lower case and an empty label as no folio', () => {
    const folios = foliosFromLabels(['III', ''], 2)!;
    expect(folios[0]).toEqual({ impresa: 'iii', romana: true, origen: 'etiqueta', confianza: 0.99 });
    expect(folios[1]!.impresa).toBeNull();
  });
});

describe('pageTextFromItems', () => {
  const item = (str: string, x: number, y: number, width: number, hasEOL = false, size = 10) => ({
    str,
    transform: [size, 0, 0, size, x, y],
    width,
    height: size,
    hasEOL,
  });

  it('adds a space at a visible gap, none inside a word split in two items', () => {
    const page = pageTextFromItems([item('Hel', 0, 100, 15), item('lo', 15.2, 100, 10), item('mundo', 30, 100, 25)]);
    expect(page.texto).toBe('Hello mundo');
  });

  it('ends lines at hasEOL and at a baseline change, and keeps the edges', () => {
    const page = pageTextFromItems([
      item('cabecera 12', 0, 780, 50, true),
      item('línea uno', 0, 700, 40),
      item('línea dos', 0, 688, 40),
      { type: 'beginMarkedContent' },
      item('pie', 0, 40, 20),
    ]);
    expect(page.texto).toBe('cabecera 12\n\nlínea uno\nlínea dos\n\npie');
    expect(page.edges.top.map((l) => l.text)).toEqual(['cabecera 12', 'línea uno', 'línea dos']);
    expect(page.edges.bottom.at(-1)).toMatchObject({ text: 'pie', y: 40 });
  });

  it('finds the edges by position, not by content order, and leaves rotated lines out', () => {
    const vertical = {
      str: 'Descargado el 3 de mayo de 2021',
      transform: [0, 8, -8, 0, 20, 100],
      width: 8,
      height: 8,
      hasEOL: true,
    };
    const page = pageTextFromItems([
      item('| 41 Revista', 0, 30, 50, true),
      item('línea uno', 0, 700, 40, true),
      vertical,
      item('línea dos', 0, 688, 40, true),
      item('título corrido', 0, 760, 60, true),
    ]);
    expect(page.edges.top.map((l) => l.text)).toEqual(['título corrido', 'línea uno', 'línea dos']);
    expect(page.edges.bottom.map((l) => l.text)).toEqual(['línea uno', 'línea dos', '| 41 Revista']);
  });

  it('finds the edges of a rotated page where it is displayed', async () => {
    // A portrait page turned 90° (as /Rotate 90 does): text runs up the user-space page, whose left is the top.
    const task = getDocument({ data: makePdf({ pages: [[]] }), verbosity: 0 });
    const viewport = (await (await task.promise).getPage(1)).getViewport({ scale: 1, rotation: 90 });
    await task.destroy();
    const up = (str: string, x: number, y: number) => ({
      str,
      transform: [0, 10, -10, 0, x, y],
      width: 40,
      height: 10,
      hasEOL: true,
    });
    const page = pageTextFromItems([up('cuerpo', 300, 72), up('cabecera 7', 40, 72), up('pie', 580, 72)], {
      transform: viewport.transform,
      height: viewport.height,
    });
    expect(viewport.height).toBe(612);
    expect(page.edges.top[0]!.text).toBe('cabecera 7');
    expect(page.edges.bottom.at(-1)!.text).toBe('pie');
  });
});

describe('pageTextFromOcr', () => {
  it('tidies OCR text and takes its first and last lines as the edges', () => {
    const page = pageTextFromOcr('  Cuaderno de campo  \nPrimera línea\n\n\n\nSegunda   línea\n\n12\n');
    expect(page.texto).toBe('Cuaderno de campo\nPrimera línea\n\nSegunda línea\n\n12');
    expect(page.edges.top[0]!.text).toBe('Cuaderno de campo');
    expect(page.edges.bottom.map((l) => l.text)).toEqual(['Primera línea', 'Segunda línea', '12']);
    expect(page.edges.top[0]!.y).toBeGreaterThan(page.edges.bottom.at(-1)!.y);
  });

  it('knows a text layer from nearly none', () => {
    expect(lacksTextLayer('')).toBe(true);
    expect(lacksTextLayer('— 12 —')).toBe(true);
    expect(lacksTextLayer('El acuífero kárstico de Yucatán no tiene ríos.')).toBe(false);
  });
});

const OCR_FIXTURES = resolve(REPO_ROOT, 'test/fixtures/ocr');
/** pdfplumber's test PDFs (MIT), read from a snapshot, not copied here. */
const pdfplumber = gitSnapshot('jsvine/pdfplumber', 'FOLIO_PDFPLUMBER');
/** pdf.js's test PDFs (Apache-2.0), read from a snapshot, not copied here. */
const pdfjs = gitSnapshot('mozilla/pdf.js', 'FOLIO_PDFJS');
/** pdfminer.six's samples (MIT), read from a snapshot, not copied here. */
const pdfminer = gitSnapshot('pdfminer/pdfminer.six', 'FOLIO_PDFMINER');

/** Lower case without accents, so OCR that drops or swaps an accent still matches. */
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** The share of the words found in the text (accent- and case-insensitive). */
const found = (text: string, words: string[]) =>
  words.filter((w) => plain(text).includes(plain(w))).length / words.length;

/** The share of the Han characters and digits of `printed` found in `texto`, each as many times as printed. */
function characterRecall(texto: string, printed: string): number {
  const signs = (s: string) => s.match(/[\p{Script=Han}\p{N}]/gu) ?? [];
  const left = new Map<string, number>();
  for (const c of signs(printed)) left.set(c, (left.get(c) ?? 0) + 1);
  let found = 0;
  for (const c of signs(texto)) {
    if ((left.get(c) ?? 0) === 0) continue;
    left.set(c, left.get(c)! - 1);
    found += 1;
  }
  return found / signs(printed).length;
}

/** An OCR engine that only counts the images it is given (for tests of when OCR is called). */
function countingOcr(): Ocr & { calls: number } {
  return {
    name: 'recuento',
    calls: 0,
    async recognize() {
      this.calls += 1;
      return { texto: '', confianza: 0 };
    },
    async close() {},
  };
}

describe('convertPdf with OCR', () => {
  const scannedPdf = resolve(OCR_FIXTURES, 'escaneado.pdf');
  let ocr: Ocr;
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
    ocr = await createTesseractOcr();
  });
  afterAll(async () => {
    await ocr?.close();
    await tmp.cleanup();
  });

  it.skipIf(!canDrawArabic)(
    'says which pages are in a script OCR does not read, and keeps no made-up words',
    async () => {
      const arabic = drawnArabicPixels();
      const pdf = makePdf({ pages: [[]], scans: { 0: arabic } });
      const path = await tmp.write('arabe-escaneado.pdf', pdf);
      const conversion = await convertPdf({ path, size: pdf.length }, { ...quietContext(), engines: { ocr } });
      expect(conversion.paginasSinTexto?.escrituras).toEqual({ Arabic: 1 });
      expect(conversion.unidades[0]!.texto).toBe('');
    },
    120_000,
  );

  it.skipIf(!pdfplumber.present)(
    pdfplumber.title('pdfplumber malformed-from-issue-932.pdf, a Chinese scan: said, not read as Latin words'),
    async () => {
      const bytes = pdfplumber.file('tests/pdfs/malformed-from-issue-932.pdf');
      const path = await tmp.write('chino.pdf', bytes);
      const conversion = await convertPdf({ path, size: bytes.length }, { ...quietContext(), engines: { ocr } });
      expect(conversion.paginasSinTexto?.escrituras).toEqual({ Han: 1 });
      // Its text layer holds a date alone; the 36 made-up words OCR read ('FRIMBFHRANK', 'RRAA') are gone.
      expect(conversion.unidades[0]!.texto).not.toMatch(/[A-Z]{4,}/);
    },
    120_000,
  );

  it.skipIf(!pdfplumber.present || !hasOcrData('chi_sim'))(
    pdfplumber.title(
      titleNeedingOcr(
        'pdfplumber malformed-from-issue-932.pdf, a Chinese scan: read in Chinese where its data is installed',
        'chi_sim',
      ),
    ),
    async () => {
      const bytes = pdfplumber.file('tests/pdfs/malformed-from-issue-932.pdf');
      const path = await tmp.write('chino-leido.pdf', bytes);
      const chinese = await createTesseractOcr(MACHINE_OCR_DATA);
      try {
        const conversion = await convertPdf(
          { path, size: bytes.length },
          { ...quietContext(), engines: { ocr: chinese } },
        );
        expect(conversion.paginasSinTexto?.escrituras).toBeUndefined();
        const texto = conversion.unidades[0]!.texto;
        // The running head, the body and the signature, as printed (read from the page by eye).
        const printed =
          '重庆万州经济技术开发（集团）有限公司2021年度第二期债务融资工具定向募集说明书' +
          '（本页为《重庆万州经济技术开发（集团）有限公司2021年度第二期债务融资工具定向募集说明书》之签字页，本页无正文）' +
          '重庆万州经济技术开发（集团）有限公司（盖章）2021年3月31日';
        // Debian's chi_sim (tessdata_fast) found 98 to 102 of its 116 characters and digits from one run to
        // another (0.84-0.88), the pulled one (tessdata_best, integer) 109; the Latin models found none.
        expect(characterRecall(texto, printed)).toBeGreaterThanOrEqual(0.8);
        // Words as written, without the spaces Tesseract puts between them.
        expect(texto).toMatch(/重庆万州经济技术开发/);
        expect(texto).toMatch(/本页无正文/);
      } finally {
        await chinese.close();
      }
    },
    120_000,
  );

  it.skipIf(!pdfjs.present)(
    pdfjs.title("pdf.js issue8586.pdf: a small capital drawn as Adobe's private-use 'Asmall'"),
    async () => {
      const bytes = pdfjs.file('test/pdfs/issue8586.pdf');
      const path = await tmp.write('issue8586.pdf', bytes);
      const conversion = await convertPdf({ path, size: bytes.length }, quietContext());
      expect(conversion.unidades[0]!.texto).toBe('a');
    },
  );

  it.skipIf(!pdfminer.present)(
    pdfminer.title('pdfminer.six samples/jo.pdf: vertical Japanese, a column a line, right to left'),
    async () => {
      const bytes = pdfminer.file('samples/jo.pdf');
      const path = await tmp.write('jo.pdf', bytes);
      const lines = (await convertPdf({ path, size: bytes.length }, quietContext())).unidades[0]!.texto.split('\n');
      // Before: the columns left to right, glued ('…すべてですから︶︵すべてが…').
      expect(lines.slice(0, 5)).toEqual([
        '序',
        '',
        'わたくしといふ現象は',
        '假定された有機交流電燈の',
        'ひとつの青い照明です',
      ]);
      // Vertical punctuation as the characters people type.
      expect(lines).toContain('(あらゆる透明な幽霊の複合体)');
    },
  );

  it('reads a scan in its own language: German, told by a first reading (issue 33)', async () => {
    const lines = GERMAN_LINES;
    const scan = greyPixels(drawnLines(lines, { width: 1275, height: 1650, font: '34px serif', top: 200, step: 60 }));
    const pdf = makePdf({ pages: [[], []], scans: { 0: scan, 1: scan } });
    // The engine as it is, with the languages each reading asked for written down.
    const asked: string[][] = [];
    const listening: Ocr = {
      name: ocr.name,
      close: async () => {},
      recognize: (image, opts) => {
        asked.push(opts?.langs ?? []);
        return ocr.recognize(image, opts);
      },
    };
    const conversion = await convertPdf(
      { path: await tmp.write('deutsch.pdf', pdf), size: 0 },
      { progress: async () => {}, engines: { ocr: listening } },
    );
    expect(asked).toEqual([
      ['spa', 'eng'],
      ['deu', 'eng'],
      ['deu', 'eng'],
    ]);
    // Read as Spanish and English, these came out 'StraBe', 'heiBt', 'Briicke', 'Losung', 'Birger'.
    for (const unit of conversion.unidades) {
      const words = new Set(unit.texto.split(/[\s.,]+/));
      const exact = ['Straße', 'heißt', 'Müllerstraße', 'über', 'Brücke', 'schöne', 'Lösung', 'Bürger'];
      expect(exact.filter((w) => words.has(w)).length, unit.texto).toBeGreaterThanOrEqual(7);
    }
  }, 120_000);

  it('OCRs a scanned PDF: recognized words, physical pages, printed folios from the OCR text', async () => {
    const phases: string[] = [];
    const fractions: number[] = [];
    const ctx: ConvertContext = {
      progress: async (f) => void fractions.push(f),
      phase: async (p) => void phases.push(p),
      engines: { ocr },
    };
    const started = performance.now();
    const conversion = await convertPdf({ path: scannedPdf, size: 0 }, ctx);
    const seconds = (performance.now() - started) / 1000;
    expect(conversion.tipo).toBe('pdf_escaneado');
    expect(phases).toEqual(['ocr']);
    expect(fractions.slice(-3)).toEqual([1 / 3, 2 / 3, 1]);
    const anchors = pagina(conversion);
    expect(anchors.map((a) => a.fisica)).toEqual([1, 2, 3]);
    expect(anchors.map((a) => a.impresa)).toEqual(['12', '13', '14']);
    for (const a of anchors) expect(a).toMatchObject({ tipo: 'pagina', origen: 'texto', romana: false });
    // Every page was read from its picture, and says so.
    expect(conversion.unidades.map((u) => u.visual)).toEqual([true, true, true]);
    const [one, two, three] = conversion.unidades.map((u) => u.texto);
    expect(
      found(one!, ['acuífero', 'kárstico', 'Yucatán', 'superficiales', 'cenotes', 'conductividad']),
    ).toBeGreaterThanOrEqual(0.8);
    expect(
      found(two!, ['temporada', 'lluvias', 'concentración', 'nitratos', 'Homún', 'miligramos']),
    ).toBeGreaterThanOrEqual(0.8);
    expect(
      found(three!, ['vigilancia', 'subterránea', 'comunidades', 'mediciones', 'publicar']),
    ).toBeGreaterThanOrEqual(0.8);
    expect(one).toMatch(/^Cuaderno de campo/);
    expect(seconds).toBeLessThan(30);
  }, 60_000);

  it('calls OCR only for pages without text that show an image', async () => {
    const counting = countingOcr();
    const ctx: ConvertContext = { ...quietContext(), engines: { ocr: counting } };
    const text = [{ text: 'El acuífero kárstico de Yucatán no tiene ríos.', y: 700 }];
    const blank = await convertPdf(
      { path: await tmp.write('blank.pdf', makePdf({ pages: [text, [], []] })), size: 0 },
      ctx,
    );
    expect(counting.calls).toBe(0);
    expect(blank.tipo).toBe('pdf_escaneado');
    await convertPdf({ path: scannedPdf, size: 0 }, ctx);
    expect(counting.calls).toBe(3);
    // A page of text over a picture is not OCRed; one whose text layer is a stamp is.
    const scan = await readFile(resolve(OCR_FIXTURES, 'texto-es.jpg'));
    const mixed = buildSamplePdf({
      pages: [['El acuífero kárstico de Yucatán no tiene ríos superficiales.'], []],
      footers: [null, 'Digitalizado'],
      images: [scan, scan],
    });
    counting.calls = 0;
    await convertPdf({ path: await tmp.write('mixed.pdf', mixed), size: 0 }, ctx);
    expect(counting.calls).toBe(1);
  });

  it('replaces a stamp-only text layer by the OCR text, and keeps the text pages', async () => {
    const scan = await readFile(resolve(OCR_FIXTURES, 'texto-es.jpg'));
    const text = 'Introducción al cuaderno de campo del acuífero.';
    const mixed = buildSamplePdf({ pages: [[text], []], footers: [null, 'Digitalizado'], images: [null, scan] });
    const ctx: ConvertContext = { ...quietContext(), engines: { ocr } };
    const conversion = await convertPdf({ path: await tmp.write('mixed.pdf', mixed), size: 0 }, ctx);
    expect(conversion.tipo).toBe('pdf');
    expect(conversion.unidades[0]!.texto).toBe(text);
    expect(
      found(conversion.unidades[1]!.texto, ['acuífero', 'nitratos', 'cenotes', 'Homún', 'Cuzamá']),
    ).toBeGreaterThanOrEqual(0.8);
  }, 30_000);

  it('without an OCR engine, leaves a scanned PDF without text and records no folio', async () => {
    const conversion = await convertPdf({ path: scannedPdf, size: 0 }, quietContext());
    expect(conversion.tipo).toBe('pdf_escaneado');
    expect(conversion.unidades.map((u) => u.texto)).toEqual(['', '', '']);
    expect(pagina(conversion).map((a) => a.impresa)).toEqual([null, null, null]);
  });
});
