import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { resolve } from 'node:path';
import type { AnclaHoja } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { ConversionError, DEFAULT_LIMITS, type Conversion, type ConvertContext } from '../converter';
import { haveSheetjsFiles, sheetjsFile, titleNeedingSheetjs } from '../testing/sheetjs-files';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';
import { convertXlsx, dateFormatKind, renderValue } from './xlsx';

const OFFICE = resolve(REPO_ROOT, 'test/fixtures/office');
const SHARED = fixturePath('office/xlsx');
const sharedExist = hasFixture('office/xlsx');

const EPOCH = Date.UTC(1899, 11, 30);
const ctx: ConvertContext = { progress: async () => {} };

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-xlsx-');
});
afterAll(() => files.cleanup());

async function failure(promise: Promise<unknown>): Promise<ConversionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

const rows = (c: Conversion, hoja: string) =>
  c.unidades
    .filter((u) => (u.ancla as AnclaHoja).hoja === hoja)
    .flatMap((u) => u.bloques!.map((b) => [(b.ancla as AnclaHoja).filaDesde, b.texto]));

describe('convertXlsx on the committed workbook', () => {
  let conversion: Conversion;
  beforeAll(async () => {
    conversion = await convertXlsx({ path: resolve(OFFICE, 'calidad-agua.xlsx'), size: 0 }, ctx);
  });

  it('reads the visible sheets in order and leaves the hidden one out', () => {
    expect([...new Set(conversion.unidades.map((u) => (u.ancla as AnclaHoja).hoja))]).toEqual([
      'Calidad del agua',
      'Resumen',
    ]);
    expect(conversion.unidades.some((u) => u.texto.includes('dato oculto'))).toBe(false);
  });

  it('fills merged cells from their top-left value and shows formulas by their cached result', () => {
    expect(rows(conversion, 'Resumen')).toEqual([
      [1, 'Resumen del muestreo'],
      [4, 'zona: Anillo de cenotes; indicador: promedio; valor: 31.95'],
      [5, 'zona: Anillo de cenotes; indicador: suma; valor: 0.3'],
    ]);
  });

  it('takes metadata from docProps/core.xml', () => {
    expect(conversion.metadatos).toEqual({
      titulo: 'Muestreo de cenotes 2019',
      autores: ['Pérez, Ana'],
      anio: 2019,
      idioma: 'es-MX',
    });
  });
});

describe('renderValue', () => {
  it('renders the value kinds exceljs gives', () => {
    expect(renderValue(44.900000000000006, 'General')).toEqual({ text: '44.9', kind: 'number' });
    expect(renderValue(0.125, '0.0%')).toEqual({ text: '12.5%', kind: 'number' });
    expect(renderValue(true, undefined)).toEqual({ text: 'TRUE', kind: 'boolean' });
    expect(renderValue({ richText: [{ text: 'Ho' }, { text: 'mún' }] }, undefined)).toEqual({
      text: 'Homún',
      kind: 'text',
    });
    expect(renderValue({ text: 'sitio', hyperlink: 'https://example.org' }, undefined)).toEqual({
      text: 'sitio',
      kind: 'text',
    });
    expect(renderValue({ error: '#DIV/0!' }, undefined)).toEqual({ text: '#DIV/0!', kind: 'error' });
    expect(renderValue(null, undefined)).toBeUndefined();
  });

  it('shows a formula by its cached result, a date serial through its date format', () => {
    expect(renderValue({ formula: '0.1+0.2', result: 0.30000000000000004 }, 'General')!.text).toBe('0.3');
    expect(renderValue({ formula: 'TODAY()', result: 43586 }, 'yyyy\\-mm\\-dd')!.text).toBe('2019-05-01');
    expect(renderValue({ formula: 'A1' }, 'General')).toBeUndefined();
  });

  it('shows dates as ISO dates, times as clocks, durations past 24 hours', () => {
    const date = new Date(Date.UTC(2019, 4, 1));
    expect(renderValue(date, 'dd/mm/yyyy')).toEqual({ text: '2019-05-01', kind: 'date' });
    expect(renderValue(new Date(Date.UTC(2019, 4, 1, 10, 30)), 'dd/mm/yyyy hh:mm')!.text).toBe('2019-05-01 10:30');
    expect(renderValue(new Date(Date.UTC(1899, 11, 30, 8, 15)), 'h:mm AM/PM')!.text).toBe('08:15');
    expect(renderValue(new Date(EPOCH + 10.632060185185185 * 86_400_000), '[hh]:mm:ss')!.text).toBe('255:10:10');
    expect(renderValue(0.5, 'hh:mm')!.text).toBe('12:00');
  });
});

describe('Excel date systems', () => {
  /** A workbook whose rows are [serial as text, serial as a cell in `numFmt`], converted back. */
  async function datesOf(serials: number[], numFmt: string, date1904: boolean, formula = false): Promise<string[]> {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = date1904;
    const worksheet = workbook.addWorksheet('Fechas');
    for (const [i, serial] of serials.entries()) {
      worksheet.getCell(i + 1, 1).value = `n${serial}`;
      const cell = worksheet.getCell(i + 1, 2);
      cell.value = formula ? { formula: `${serial}+0`, result: serial } : serial;
      cell.numFmt = numFmt;
    }
    const path = await files.write('fechas.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const conversion = await convertXlsx({ path, size: 0 }, ctx);
    return conversion.unidades.flatMap((u) => u.texto.split('\n'));
  }

  it('shows 1900-system serials below 61 as Excel does: 1 is 1900-01-01, 60 the fictitious 1900-02-29', async () => {
    expect(await datesOf([1, 2, 59, 60, 61, 43586], 'yyyy-mm-dd', false)).toEqual([
      'n1; 1900-01-01',
      'n2; 1900-01-02',
      'n59; 1900-02-28',
      'n60; 1900-02-29',
      'n61; 1900-03-01',
      'n43586; 2019-05-01',
    ]);
    expect(await datesOf([0.25, 1.5, 60.75], 'yyyy-mm-dd hh:mm', false, true)).toEqual([
      'n0.25; 1900-01-00 06:00',
      'n1.5; 1900-01-01 12:00',
      'n60.75; 1900-02-29 18:00',
    ]);
  });

  it('counts 1904-system serials from 1904-01-01, with no fictitious day', async () => {
    expect(await datesOf([0, 1, 59, 60, 42124], 'yyyy-mm-dd', true)).toEqual([
      'n0; 1904-01-01',
      'n1; 1904-01-02',
      'n59; 1904-02-29',
      'n60; 1904-03-01',
      'n42124; 2019-05-01',
    ]);
  });

  // SheetJS's 1904/1900.xlsx and 1904/1904.xlsx: serials 1 … 11111 as dates in column B, and column C is
  // Excel's own TEXT(B, "YYYY-MM-DD") of it, cached by Excel: each row's two must agree.
  it.skipIf(!haveSheetjsFiles).each(['1900', '1904'])(
    titleNeedingSheetjs('SheetJS 1904/%s.xlsx: every date as Excel’s own TEXT() of it'),
    async (system) => {
      const path = await files.write(`${system}.xlsx`, sheetjsFile(`1904/${system}.xlsx`));
      const lines = (await convertXlsx({ path, size: 0 }, ctx)).unidades.flatMap((u) => u.texto.split('\n'));
      expect(lines).toHaveLength(5);
      for (const line of lines) {
        const [, date, excel] = line.split('; ');
        expect(date).toBe(excel);
      }
      expect(lines[0]).toBe(
        system === '1900' ? '1; 1900-01-01; 1900-01-01; 1900-01-01' : '1; 1904-01-02; 1904-01-02; 1904-01-02',
      );
    },
  );
});

describe('dateFormatKind', () => {
  it('reads date, time and duration formats, ignoring quoted text and brackets', () => {
    expect(dateFormatKind('yyyy-mm-dd')).toBe('date');
    expect(dateFormatKind('[$-409]d-mmm-yy;@')).toBe('date');
    expect(dateFormatKind('m/d/yy h:mm')).toBe('datetime');
    expect(dateFormatKind('h:mm:ss AM/PM')).toBe('time');
    expect(dateFormatKind('[h]:mm')).toBe('duration');
    expect(dateFormatKind('General')).toBeUndefined();
    expect(dateFormatKind('0.00" días"')).toBeUndefined();
    expect(dateFormatKind('[Red]#,##0.00')).toBeUndefined();
    expect(dateFormatKind(undefined)).toBeUndefined();
  });
});

describe('convertXlsx on unreadable files', () => {
  it('fails on an empty file', async () => {
    const error = await failure(convertXlsx({ path: await files.write('vacio.xlsx', ''), size: 0 }, ctx));
    expect(error.mensaje).toMatch(/^La hoja de cálculo está dañada.*vacío/);
    expect(error.message).toMatch(/empty file/);
  });

  it('fails on a truncated file and on bytes that are not a zip', async () => {
    const bytes = readFileSync(resolve(OFFICE, 'calidad-agua.xlsx'));
    const truncated = await files.write('cortado.xlsx', bytes.subarray(0, bytes.length / 2));
    expect((await failure(convertXlsx({ path: truncated, size: 0 }, ctx))).mensaje).toMatch(/incompleto o dañado/);
    const text = await files.write('texto.xlsx', 'municipio,nitratos\n');
    expect((await failure(convertXlsx({ path: text, size: 0 }, ctx))).mensaje).toMatch(/no es un archivo zip/);
  });

  it('tells a password-protected OOXML file (CFB with an EncryptedPackage) from a legacy .xls', async () => {
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    Buffer.from('EncryptionInfo', 'utf16le').copy(cfb, 1024);
    Buffer.from('EncryptedPackage', 'utf16le').copy(cfb, 1152);
    const encrypted = await failure(convertXlsx({ path: await files.write('cifrada.xlsx', cfb), size: 0 }, ctx));
    expect(encrypted.mensaje).toBe('La hoja de cálculo está protegida con contraseña y no se puede leer.');
    expect(encrypted.message).toMatch(/password-protected/);
    const legacy = await failure(convertXlsx({ path: resolve(OFFICE, 'calidad-agua.xls'), size: 0 }, ctx));
    expect(legacy.mensaje).toMatch(/formato binario antiguo de Office \(\.xls\)/);
    expect(legacy.message).toMatch(/legacy binary Office file/);
  });

  it('stops at the zip limits before exceljs reads anything', async () => {
    const limits = { ...DEFAULT_LIMITS, maxUnzippedBytes: 2000 };
    await failure(convertXlsx({ path: resolve(OFFICE, 'calidad-agua.xlsx'), size: 0 }, { ...ctx, limits }));
  });
});

describe.skipIf(!sharedExist)(titleNeeding('XLSX fixtures (calamine)', 'office/xlsx'), () => {
  const convert = (name: string) => convertXlsx({ path: resolve(SHARED, name), size: 0 }, ctx);

  it('leaves hidden and very hidden sheets out', async () => {
    const conversion = await convert('calamine-any_sheets.xlsx');
    expect(conversion.unidades.map((u) => u.ancla)).toEqual([
      { tipo: 'hoja', hoja: 'Visible', filaDesde: 1, filaHasta: 5 },
    ]);
    expect(conversion.unidades[0]!.texto).toBe(
      '1; 2\n3; 4\n5; 6\nThis workbook contains 4 sheets: Visible, Hidden, VeryHidden and Chart',
    );
  });

  it('shows dates as ISO dates and an elapsed-time format as hours', async () => {
    expect((await convert('calamine-date.xlsx')).unidades[0]!.texto).toBe(
      '2021-01-01; 15\n2021-01-02; 16\n255:10:10; 17',
    );
  });

  it('finds the header below a note and keeps the note’s row number', async () => {
    expect(rows(await convert('calamine-header-row.xlsx'), 'Sheet1')).toEqual([
      [3, 'Note 1'],
      [10, 'Columns: put data here; Column A: 1; Column B: 2; Column C: 3'],
    ]);
  });

  it('shows error results as written, hyperlinks by their text, a merged header once', async () => {
    expect((await convert('calamine-errors.xlsx')).unidades[0]!.texto.split('\n')).toEqual([
      '#DIV/0!',
      '#NAME?',
      '#VALUE!',
      '#NULL!',
      '#REF!',
      '#NUM!',
      '#N/A',
    ]);
    const links = rows(await convert('calamine-hyperlinks.xlsx'), 'Links');
    // 'mail link' is merged over B1:C2: a header that names no value, kept as row 1; not a value of row 2.
    expect(links.slice(0, 2)).toEqual([
      [1, 'calamine repo; mail link'],
      [2, 'calamine repo: Rust Programming Language'],
    ]);
    expect(links).toContainEqual([4, 'calamine repo: book2']);
  });

  it('reads each table sheet with its own header', async () => {
    const conversion = await convert('calamine-table-multiple.xlsx');
    expect(rows(conversion, 'Sheet2')[0]).toEqual([2, 'Item: 1; Price: 0.85']);
    expect(rows(conversion, 'Sheet3').map(([fila]) => fila)).toEqual([2, 3, 4, 5, 8, 9, 10, 11]);
    expect(rows(await convert('calamine-temperature-table.xlsx'), 'Sheet1')).toEqual([
      [2, 'label: celsius; value: 22.2222'],
      [3, 'label: fahrenheit; value: 72'],
    ]);
  });

  it('fails cleanly on SpreadsheetML with prefixed element names, which exceljs cannot read', async () => {
    const error = await failure(convert('calamine-richtext-namespaced.xlsx'));
    expect(error.mensaje).toMatch(/^La hoja de cálculo está dañada o no se puede leer/);
  });
});
