import { resolve } from 'node:path';
import type { AnclaHoja } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, hasFixture, REPO_ROOT, titleNeeding } from '../../testing/fixtures';
import { ConversionError, type Conversion, type ConvertContext } from '../converter';
import { convertOds, formatOdfDate, parseOdfDuration, readTable, renderCell } from './ods';
import { parseXml, type XmlElement } from '../../formats/office-package';
import { CellBudget, sheetUnits } from '../sheet-units';
import { makeZip } from '../../formats/testing/make-zip';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';

const OFFICE = resolve(REPO_ROOT, 'test/fixtures/office');
const SHARED = fixturePath('office/ods');
const sharedExist = hasFixture('office/ods');

const ctx: ConvertContext = { progress: async () => {} };
const LABEL = { es: 'La hoja de cálculo', en: 'spreadsheet', legacy: '.xls', modern: '.ods' };
const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"';

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-ods-');
});
afterAll(() => files.cleanup());

const table = (body: string, name = 'Hoja1'): XmlElement =>
  parseXml(`<table:table ${NS} table:name="${name}">${body}</table:table>`, LABEL);
const cell = (xml: string): XmlElement => parseXml(xml.replace('<table:table-cell', `<table:table-cell ${NS}`), LABEL);

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

describe('readTable', () => {
  it('expands repeated rows and columns, and a trailing million empty rows costs nothing', () => {
    const sheet = readTable(
      table(
        '<table:table-row><table:table-cell office:value-type="string"><text:p>A</text:p></table:table-cell>' +
          '<table:table-cell office:value-type="string"><text:p>B</text:p></table:table-cell></table:table-row>' +
          '<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="2" ' +
          'office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell></table:table-row>' +
          '<table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
          '<table:table-row><table:table-cell table:number-columns-repeated="3"/><table:table-cell office:value-type="string">' +
          '<text:p>x</text:p></table:table-cell></table:table-row>' +
          '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>',
      ),
    );
    expect(sheet.name).toBe('Hoja1');
    expect([...sheet.rows.keys()]).toEqual([1, 2, 3, 7]);
    expect([...sheet.rows.get(7)!.keys()]).toEqual([3]);
    expect(sheetUnits(sheet)[0]!.texto).toBe('A: 1; B: 1\nA: 1; B: 1\nx');
  });

  it('counts rows inside header-row and row groups', () => {
    const sheet = readTable(
      table(
        '<table:table-header-rows><table:table-row><table:table-cell office:value-type="string"><text:p>h</text:p>' +
          '</table:table-cell></table:table-row></table:table-header-rows><table:table-row-group><table:table-row>' +
          '<table:table-cell office:value-type="string"><text:p>d</text:p></table:table-cell></table:table-row></table:table-row-group>',
      ),
    );
    expect([...sheet.rows.keys()]).toEqual([1, 2]);
  });

  it('fills a spanned cell over its covered cells and ignores their leftover content', () => {
    const sheet = readTable(
      table(
        '<table:table-row><table:table-cell office:value-type="string" table:number-rows-spanned="2"><text:p>zona</text:p>' +
          '</table:table-cell><table:table-cell office:value-type="string"><text:p>a</text:p></table:table-cell></table:table-row>' +
          '<table:table-row><table:covered-table-cell office:value-type="string"><text:p>viejo</text:p></table:covered-table-cell>' +
          '<table:table-cell office:value-type="string"><text:p>b</text:p></table:table-cell></table:table-row>',
      ),
    );
    expect(sheet.merges).toEqual([{ top: 1, left: 0, bottom: 2, right: 0 }]);
    // 'zona' is a header merged down over row 2: no value of it, so the header row stays as a block.
    expect(sheetUnits(sheet)[0]!.texto).toBe('zona; a\na: b');
  });

  it('fails before expanding a repeated row past the cell budget', () => {
    const xml = table(
      '<table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="100" ' +
        'office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>',
    );
    expect(() => readTable(xml, new CellBudget(1000))).toThrow(ConversionError);
  });
});

describe('renderCell', () => {
  it('renders typed values rather than their locale-formatted text', () => {
    const render = (xml: string) => renderCell(cell(xml));
    expect(
      render(
        '<table:table-cell office:value-type="float" office:value="44.900000000000006"><text:p>44,9</text:p></table:table-cell>',
      ),
    ).toEqual({ text: '44.9', kind: 'number' });
    expect(
      render(
        '<table:table-cell office:value-type="percentage" office:value="0.125"><text:p>12,50 %</text:p></table:table-cell>',
      )!.text,
    ).toBe('12.5%');
    expect(
      render(
        '<table:table-cell office:value-type="currency" office:currency="EUR" office:value="3.5"><text:p>3,50 €</text:p></table:table-cell>',
      )!.text,
    ).toBe('3.5');
    expect(
      render(
        '<table:table-cell office:value-type="date" office:date-value="2019-05-01"><text:p>01/05/19</text:p></table:table-cell>',
      ),
    ).toEqual({ text: '2019-05-01', kind: 'date' });
    expect(
      render(
        '<table:table-cell office:value-type="time" office:time-value="PT10H10M10S"><text:p>10:10</text:p></table:table-cell>',
      )!.text,
    ).toBe('10:10:10');
    expect(
      render(
        '<table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>VERDADERO</text:p></table:table-cell>',
      ),
    ).toEqual({ text: 'TRUE', kind: 'boolean' });
    expect(
      render(
        '<table:table-cell office:value-type="float" office:value="0" calcext:value-type="error"><text:p>#DIV/0!</text:p></table:table-cell>',
      ),
    ).toEqual({ text: '#DIV/0!', kind: 'error' });
  });

  it('keeps spaces, line breaks and spans of string cells, and leaves annotations out', () => {
    const text = renderCell(
      cell(
        '<table:table-cell office:value-type="string"><office:annotation><text:p>nota</text:p></office:annotation>' +
          '<text:p>a<text:span>b</text:span><text:s text:c="2"/>c</text:p><text:p>d</text:p></table:table-cell>',
      ),
    );
    expect(text).toEqual({ text: 'ab  c\nd', kind: 'text' });
    expect(renderCell(cell('<table:table-cell table:number-columns-repeated="3"/>'))).toBeUndefined();
  });

  it('parses ODF dates and durations', () => {
    expect(formatOdfDate('2021-01-01T10:10:10.5')).toBe('2021-01-01 10:10:11');
    expect(formatOdfDate('2021-01-01T00:00:00')).toBe('2021-01-01');
    expect(formatOdfDate('ayer')).toBeUndefined();
    expect(parseOdfDuration('P1DT2H30M')).toBe(95_400);
    expect(parseOdfDuration('PT10H10M10.123456S')).toBeCloseTo(36_610.123456);
    expect(parseOdfDuration('10:10')).toBeUndefined();
  });
});

describe('convertOds', () => {
  it('reads the committed workbook: hidden sheet left out, merges and formulas as in XLSX', async () => {
    const conversion = await convertOds({ path: resolve(OFFICE, 'calidad-agua.ods'), size: 0 }, ctx);
    expect([...new Set(conversion.unidades.map((u) => (u.ancla as AnclaHoja).hoja))]).toEqual([
      'Calidad del agua',
      'Resumen',
    ]);
    expect(rows(conversion, 'Resumen')).toEqual([
      [1, 'Resumen del muestreo'],
      [4, 'zona: Anillo de cenotes; indicador: promedio; valor: 31.95'],
      [5, 'zona: Anillo de cenotes; indicador: suma; valor: 0.3'],
    ]);
    expect(conversion.metadatos).toEqual({
      titulo: 'Muestreo de cenotes 2019',
      autores: ['Pérez, Ana'],
      anio: 2019,
      idioma: 'es-MX',
    });
  });

  it('fails on password-protected, empty and non-spreadsheet packages in both languages', async () => {
    const encrypted = await failure(convertOds({ path: resolve(OFFICE, 'cifrada.ods'), size: 0 }, ctx));
    expect(encrypted.mensaje).toBe('La hoja de cálculo está protegida con contraseña y no se puede leer.');
    expect(encrypted.message).toMatch(/password-protected/);
    const empty = await failure(convertOds({ path: await files.write('vacia.ods', ''), size: 0 }, ctx));
    expect(empty.mensaje).toMatch(/vacío/);
    const odp = await failure(convertOds({ path: resolve(OFFICE, 'presentacion-agua.odp'), size: 0 }, ctx));
    expect(odp.mensaje).toMatch(/no contiene hojas/);
    const noContent = makeZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' }]);
    const missing = await failure(convertOds({ path: await files.write('sin.ods', noContent), size: 0 }, ctx));
    expect(missing.mensaje).toMatch(/falta content.xml/);
  });
});

describe.skipIf(!sharedExist)(titleNeeding('ODS fixtures (calamine)', 'office/ods'), () => {
  const convert = (name: string) => convertOds({ path: resolve(SHARED, name), size: 0 }, ctx);

  it('leaves hidden sheets out, like XLSX', async () => {
    const conversion = await convert('calamine-any_sheets.ods');
    expect(conversion.unidades.map((u) => u.ancla)).toEqual([
      { tipo: 'hoja', hoja: 'Visible', filaDesde: 1, filaHasta: 5 },
    ]);
  });

  it('numbers repeated rows as LibreOffice does', async () => {
    const conversion = await convert('calamine-number_rows_repeated.ods');
    expect(rows(conversion, 'Sheet1').map(([fila]) => fila)).toEqual([2, 3, 6, 8]);
    expect(rows(conversion, 'Sheet2').map(([fila]) => fila)).toEqual([3, 4, 7, 9]);
  });

  it('renders dates, date-times and times from their values', async () => {
    expect((await convert('calamine-date.ods')).unidades[0]!.texto).toBe(
      '2021-01-01; 15\n2021-01-01 10:10:10; 16\n10:10:10; 17\n10:10:10; 18',
    );
  });

  it('fills a cell spanning rows, ignores covered leftovers and annotations, keeps rich text plain', async () => {
    expect(rows(await convert('calamine-covered.ods'), 'sheet1')).toEqual([
      [1, 'a1'],
      [2, 'a2'],
    ]);
    expect((await convert('calamine-with-annotation.ods')).unidades[0]!.texto).toBe('cell a.1');
    expect(rows(await convert('calamine-richtext_issue.ods'), 'datatypes')).toEqual([[1, 'abc']]);
    expect((await convert('calamine-special_cells.ods')).unidades[0]!.texto.split('\n')).toEqual([
      'Split Line',
      'Value With spaces',
      'Value With 3 spaces',
      'Value With spaces before and after',
      'Value With 2 spaces before and after',
    ]);
  });
});
