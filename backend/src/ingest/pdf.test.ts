import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnclaPagina } from '@folio/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type Conversion, type ConvertContext } from './converter';
import { convertPdf, foliosFromLabels, pageTextFromItems, romanValue } from './pdf';
import { makePdf, type PdfLine } from './testing/make-pdf';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const PDF_FIXTURES = resolve(REPO_ROOT, '../shared/fixtures/pdfs');
const fixturesExist = existsSync(resolve(PDF_FIXTURES, 'manifest.json'));

interface ManifestEntry {
  file: string;
  physical_pages: number;
  has_PageLabels: boolean;
  /** One label per physical page; '...' abbreviates an arabic run; null when the file has no /PageLabels. */
  expected_labels: string[] | null;
}

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

describe.skipIf(!fixturesExist)(
  fixturesExist ? 'PDF fixtures' : '../shared/fixtures absent: skipping PDF fixture tests',
  () => {
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
        expect(anchors.map((a) => a.impresa)).toEqual(anchors.map(() => null));
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
      expect(conversions.get('GeoTopo-komprimiert.pdf')!.metadatos).toEqual({
        titulo: 'Geometrie und Topologie',
        autores: ['Thoma, Martin'],
        anio: 2016,
      });
      // 'Microsoft Word - Document1' and the login name 'brianc'.
      expect(conversions.get('rotation.pdf')!.metadatos).toEqual({ anio: 2008 });
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
  },
);

describe('convertPdf on generated PDFs', () => {
  let tmp: TmpFiles;
  beforeAll(async () => {
    tmp = await tmpFiles();
  });
  afterAll(() => tmp.cleanup());

  const convert = async (data: Uint8Array | string, ctx: ConvertContext = quietContext()) =>
    convertPdf({ path: await tmp.write('doc.pdf', data), size: 0 }, ctx);
  const body = (text: string, y: number): PdfLine => ({ text, y, size: 11 });

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

  it('calls it a scanned PDF when more than half the pages have no text', async () => {
    const text = [body('Texto', 700)];
    const scanned = await convert(makePdf({ pages: [text, [], []] }));
    expect(scanned.tipo).toBe('pdf_escaneado');
    expect(scanned.unidades.map((u) => u.texto)).toEqual(['Texto', '', '']);
    expect((await convert(makePdf({ pages: [text, []] }))).tipo).toBe('pdf');
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
      idioma: 'es-ES',
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
});
