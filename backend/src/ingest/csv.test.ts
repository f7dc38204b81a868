import type { AnclaHoja } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, type ConvertContext } from './converter';
import { convertCsv, csvKind, detectDelimiter, readCsv } from './csv';
import { CellBudget } from './sheet-units';
import { tmpFiles, type TmpFiles } from './testing/tmp-files';

let files: TmpFiles;
beforeAll(async () => {
  files = await tmpFiles('folio-csv-');
});
afterAll(() => files.cleanup());

const ctx: ConvertContext = { progress: async () => {} };

async function convert(data: string | Uint8Array) {
  return convertCsv({ path: await files.write('datos.csv', data), size: 0 }, ctx);
}

async function failure(promise: Promise<unknown>): Promise<ConversionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

describe('detectDelimiter', () => {
  it('chooses comma, semicolon, tab or bar by consistent field counts', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1;2;3\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('a|b\n1|2\n')).toBe('|');
  });

  it('prefers the delimiter with more fields when decimal commas fit as well', () => {
    expect(detectDelimiter('municipio;nitratos;fecha\nHomún;44,9;2019-05-01\nCuzamá;38,2;2019-05-03\n')).toBe(';');
  });

  it('ignores delimiters inside quotes, and falls back to comma for one column', () => {
    expect(detectDelimiter('"a, b";c\n"d, e";f\n')).toBe(';');
    expect(detectDelimiter('solo\nuna\ncolumna\n')).toBe(',');
  });
});

describe('readCsv', () => {
  it('numbers rows by record, so a quoted line break does not shift them, and an empty line is a row', async () => {
    const sheet = await readCsv('nombre,nota\n"Ana","línea uno\nlínea dos"\n\nLuis,ok\n');
    expect([...sheet.rows.keys()]).toEqual([1, 2, 4]);
    expect(sheet.rows.get(2)!.get(1)!.text).toBe('línea uno\nlínea dos');
  });

  it('stops at the cell budget', async () => {
    const text = 'a,b\n'.repeat(100);
    await failure(readCsv(text, { budget: new CellBudget(50) }));
  });
});

describe('convertCsv', () => {
  it('renders rows with their header names; anchors have no sheet name', async () => {
    const conversion = await convert('municipio,nitratos,fecha\nHomún,44.9,2019-05-01\n');
    expect(conversion.tipo).toBe('hoja');
    expect(conversion.metadatos).toEqual({});
    expect(conversion.unidades).toEqual([
      {
        texto: 'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01',
        ancla: { tipo: 'hoja', filaDesde: 2, filaHasta: 2 },
        bloques: [
          {
            texto: 'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01',
            ancla: { tipo: 'hoja', filaDesde: 2, filaHasta: 2 },
          },
        ],
      },
    ]);
  });

  it('reads UTF-16 with a BOM and windows-1252', async () => {
    const text = 'municipio;nitratos\r\nHomún;44,9\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect((await convert(utf16)).unidades[0]!.texto).toBe('municipio: Homún; nitratos: 44,9');
    const latin1 = Buffer.from(text, 'latin1');
    expect((await convert(latin1)).unidades[0]!.texto).toBe('municipio: Homún; nitratos: 44,9');
  });

  it('keeps a header-less numeric file as bare values', async () => {
    const conversion = await convert('1,2\n3,4\n');
    expect(conversion.unidades[0]!.bloques!.map((b) => [(b.ancla as AnclaHoja).filaDesde, b.texto])).toEqual([
      [1, '1; 2'],
      [2, '3; 4'],
    ]);
  });

  it('fails on empty and malformed files in both languages', async () => {
    const empty = await failure(convert(''));
    expect(empty.mensaje).toBe('El archivo CSV está vacío.');
    expect(empty.message).toBe('The CSV file is empty');
    await failure(convert('  \n\n'));
    const open = await failure(convert('a,b\n"sin cerrar,c\n'));
    expect(open.mensaje).toMatch(/^El CSV está mal formado/);
    expect(open.message).toMatch(/^Malformed CSV/);
  });
});

describe('csvKind', () => {
  it('tells numbers, dates and booleans from text', () => {
    expect(['44.9', '44,9', '-1', '1.234.567,8', '12%', '1e3'].map(csvKind)).toEqual(Array(6).fill('number'));
    expect(['2019-05-01', '01/05/2019', '2019-05-01 10:00'].map(csvKind)).toEqual(Array(3).fill('date'));
    expect(csvKind('VERDADERO')).toBe('boolean');
    expect(['Homún', 'N/A', '44.9 mg'].map(csvKind)).toEqual(Array(3).fill('text'));
  });
});
