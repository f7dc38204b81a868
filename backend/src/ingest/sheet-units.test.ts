import { resolve } from 'node:path';
import type { AnclaHoja } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { ConversionError, DEFAULT_LIMITS, type Conversion, type ConvertContext } from './converter';
import { convertCsv } from './csv';
import { convertOds } from './office/ods';
import { splitPassages } from './passages';
import {
  CellBudget,
  formatClock,
  formatDateParts,
  formatNumber,
  formatPercent,
  renderRow,
  sheetConversion,
  sheetUnits,
  type CellKind,
  type SheetCell,
  type SheetData,
} from './sheet-units';
import { convertXlsx } from './office/xlsx';
import { haveSheetjsFiles, sheetjsFile, titleNeedingSheetjs } from './testing/sheetjs-files';
import { tmpFiles } from './testing/tmp-files';

const OFFICE = resolve(import.meta.dirname, '../../../test/fixtures/office');
const ctx: ConvertContext = { progress: async () => {} };

/** A sheet from rows of values: strings are text, numbers are numbers, null is an empty cell. */
function sheet(rows: Record<number, (string | number | null)[]>, extra: Partial<SheetData> = {}): SheetData {
  const map = new Map<number, Map<number, SheetCell>>();
  for (const [fila, values] of Object.entries(rows)) {
    const cells = new Map<number, SheetCell>();
    values.forEach((value, column) => {
      if (value === null) return;
      const kind: CellKind = typeof value === 'number' ? 'number' : 'text';
      cells.set(column, { text: String(value), kind });
    });
    map.set(Number(fila), cells);
  }
  return { name: 'Datos', rows: map, ...extra };
}

const rowsOf = (units: ReturnType<typeof sheetUnits>) =>
  units.flatMap((u) => u.bloques!.map((b) => [(b.ancla as AnclaHoja).filaDesde, b.texto]));

describe('sheetUnits', () => {
  it('renders every data row with its header names, anchored by the sheet’s own row number', () => {
    const units = sheetUnits(
      sheet({
        1: ['municipio', 'nitratos', 'fecha'],
        2: ['Homún', 44.9, '2019-05-01'],
        3: ['Cuzamá', null, '2019-05-03'],
        5: ['Tecoh', 7, null],
      }),
    );
    expect(units).toHaveLength(1);
    expect(units[0]!.ancla).toEqual({ tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 5 });
    expect(units[0]!.texto).toBe(
      'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01\n' +
        'municipio: Cuzamá; fecha: 2019-05-03\n' +
        'municipio: Tecoh; nitratos: 7',
    );
    expect(units[0]!.bloques!.map((b) => b.ancla)).toEqual([
      { tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 2 },
      { tipo: 'hoja', hoja: 'Datos', filaDesde: 3, filaHasta: 3 },
      { tipo: 'hoja', hoja: 'Datos', filaDesde: 5, filaHasta: 5 },
    ]);
  });

  it('skips a lone title above the table, rendering it as a bare value', () => {
    const units = sheetUnits(sheet({ 1: ['Informe 2019'], 3: ['zona', 'valor'], 4: ['Norte', 3] }));
    expect(rowsOf(units)).toEqual([
      [1, 'Informe 2019'],
      [4, 'zona: Norte; valor: 3'],
    ]);
  });

  it('finds no header when the first row with several cells is mostly numbers, or the sheet has one column', () => {
    expect(rowsOf(sheetUnits(sheet({ 1: [1, 2, 'a'], 2: ['b', 'c', 'd'] })))).toEqual([
      [1, '1; 2; a'],
      [2, 'b; c; d'],
    ]);
    expect(rowsOf(sheetUnits(sheet({ 1: ['nombre'], 2: ['Ana'], 3: ['Luis'] })))).toEqual([
      [1, 'nombre'],
      [2, 'Ana'],
      [3, 'Luis'],
    ]);
  });

  it('does not take a long prose cell for a column name, nor a last row for a header', () => {
    const prose = 'Una nota larga que explica cómo se tomaron las muestras y por qué. '.repeat(3);
    expect(rowsOf(sheetUnits(sheet({ 1: [prose, 'b'], 2: ['c', 'd'] })))[0]![1]).toBe(`${prose.trim()}; b`);
    expect(rowsOf(sheetUnits(sheet({ 1: ['a', 'b'] })))).toEqual([[1, 'a; b']]);
  });

  it('leaves out a repeated copy of the header row; a value under an unnamed column stands alone', () => {
    const units = sheetUnits(sheet({ 1: ['Item', 'Units'], 2: [1, 10], 7: ['Item', 'Units'], 8: [2, 20, 'extra'] }));
    expect(rowsOf(units)).toEqual([
      [2, 'Item: 1; Units: 10'],
      [8, 'Item: 2; Units: 20; extra'],
    ]);
  });

  it('fills merged ranges from their top-left value into rows with data of their own', () => {
    const data = sheet(
      {
        1: ['Resumen del muestreo'],
        3: ['zona', 'indicador', 'valor'],
        4: ['Anillo de cenotes', 'promedio', 31.95],
        5: [null, 'suma', 0.3],
        6: [null, null, null],
      },
      {
        merges: [
          { top: 1, left: 0, bottom: 1, right: 2 },
          { top: 4, left: 0, bottom: 7, right: 0 },
        ],
      },
    );
    expect(rowsOf(sheetUnits(data))).toEqual([
      [1, 'Resumen del muestreo'],
      [4, 'zona: Anillo de cenotes; indicador: promedio; valor: 31.95'],
      [5, 'zona: Anillo de cenotes; indicador: suma; valor: 0.3'],
    ]);
  });

  it('reads a header merged across columns once, with the values under it; a merged value once', () => {
    const data = sheet(
      {
        1: ['lugar', 'periodo', null],
        2: ['Homún', 2019, 2020],
        3: ['Cuzamá', 'sin dato', null],
        4: ['Tecoh', null, 2021],
      },
      {
        merges: [
          { top: 1, left: 1, bottom: 1, right: 2 },
          { top: 3, left: 1, bottom: 3, right: 2 },
        ],
      },
    );
    expect(rowsOf(sheetUnits(data))).toEqual([
      [2, 'lugar: Homún; periodo: 2019, 2020'],
      [3, 'lugar: Cuzamá; periodo: sin dato'],
      [4, 'lugar: Tecoh; periodo: 2021'],
    ]);
  });

  it('gives a merged value under each of the names it spans, and once where it spans no name', () => {
    const data = sheet(
      {
        1: ['lugar', 'mínimo', 'máximo'],
        2: ['Homún', 'sin dato', null, null, null],
        3: ['Tecoh', 1, 2, 'nota', null],
      },
      {
        merges: [
          { top: 2, left: 1, bottom: 2, right: 2 },
          { top: 3, left: 3, bottom: 3, right: 4 },
        ],
      },
    );
    expect(rowsOf(sheetUnits(data))).toEqual([
      [2, 'lugar: Homún; mínimo: sin dato; máximo: sin dato'],
      [3, 'lugar: Tecoh; mínimo: 1; máximo: 2; nota'],
    ]);
  });

  it('keeps a header row that names a column no row fills as a block of bare names; a header merged down is no value', () => {
    const data = sheet(
      { 1: ['zona', 'nota', 'vacía', null], 2: ['Norte', null, null, 'x'], 3: ['Sur', 'revisar', null, null] },
      { merges: [{ top: 1, left: 2, bottom: 3, right: 2 }] },
    );
    expect(rowsOf(sheetUnits(data))).toEqual([
      [1, 'zona; nota; vacía'],
      [2, 'zona: Norte; x'],
      [3, 'zona: Sur; nota: revisar'],
    ]);
  });

  // SheetJS's merge_cells.xlsx: A1:B2 'A1:B2', C1:C2 'C1:C2' and D1:D2 'Separate blocks' over rows 3-4,
  // where A3:B3 and A4:B4 are merged too.
  it.skipIf(!haveSheetjsFiles)(
    titleNeedingSheetjs('SheetJS merge_cells.xlsx: each merged cell read once'),
    async () => {
      const files = await tmpFiles('folio-sheet-units-');
      try {
        const path = await files.write('merge_cells.xlsx', sheetjsFile('merge_cells.xlsx'));
        const conversion = await convertXlsx({ path, size: 0 }, ctx);
        expect(conversion.unidades.flatMap((u) => rowsOf([u]))).toEqual([
          [1, 'A1:B2; C1:C2; Separate blocks'],
          [3, 'A1:B2: A3:B3; C1:C2: C3'],
          [4, 'A1:B2: … are merged separately'],
        ]);
      } finally {
        await files.cleanup();
      }
    },
  );

  it('cuts a long sheet into units of at most maxRows rows, each anchored by its own row range', () => {
    const rows: Record<number, (string | number)[]> = { 1: ['n', 'cuadrado'] };
    for (let r = 2; r <= 11; r++) rows[r] = [r, r * r];
    const units = sheetUnits(sheet(rows), 4);
    expect(units.map((u) => u.ancla)).toEqual([
      { tipo: 'hoja', hoja: 'Datos', filaDesde: 2, filaHasta: 5 },
      { tipo: 'hoja', hoja: 'Datos', filaDesde: 6, filaHasta: 9 },
      { tipo: 'hoja', hoja: 'Datos', filaDesde: 10, filaHasta: 11 },
    ]);
    expect(units.map((u) => u.bloques!.length)).toEqual([4, 4, 2]);
  });

  it('gives passages that span the rows they pack, within one sheet', () => {
    const rows: Record<number, (string | number)[]> = { 1: ['municipio', 'nitratos', 'observación'] };
    const note = 'muestra tomada en el cenote principal durante la mañana sin lluvia previa';
    for (let r = 2; r <= 61; r++) rows[r] = [`Municipio ${r}`, r / 10, note];
    const other = sheet({ 1: ['a', 'b'], 2: ['x', 1] }, { name: 'Otra' });
    const units = [...sheetUnits(sheet(rows)), ...sheetUnits(other)];
    const passages = splitPassages(units);
    const anchors = passages.map((p) => p.ancla as AnclaHoja);
    expect(anchors[0]).toMatchObject({ hoja: 'Datos', filaDesde: 2 });
    expect(anchors[0]!.filaHasta).toBeGreaterThan(2);
    // Consecutive passages cover consecutive rows, and each passage's rows are exactly its blocks.
    for (const [i, passage] of passages.entries()) {
      const ancla = anchors[i]!;
      const lines = passage.texto.split('\n\n');
      expect(lines).toHaveLength(ancla.filaHasta! - ancla.filaDesde! + 1);
      if (i > 0 && anchors[i - 1]!.hoja === ancla.hoja) expect(ancla.filaDesde).toBe(anchors[i - 1]!.filaHasta! + 1);
    }
    expect(anchors.filter((a) => a.hoja === 'Datos').at(-1)!.filaHasta).toBe(61);
    expect(anchors.at(-1)).toEqual({ tipo: 'hoja', hoja: 'Otra', filaDesde: 2, filaHasta: 2 });
  });

  it('leaves the sheet name out of anchors when there is none (CSV)', () => {
    const units = sheetUnits(sheet({ 1: ['a', 'b'], 2: ['x', 'y'] }, { name: undefined }));
    expect(units[0]!.ancla).toEqual({ tipo: 'hoja', filaDesde: 2, filaHasta: 2 });
  });
});

describe('sheetConversion', () => {
  it('fails on a workbook without data, and past maxPages units', () => {
    expect(() => sheetConversion([sheet({})], {})).toThrow(ConversionError);
    const rows: Record<number, (string | number)[]> = {};
    for (let r = 1; r <= 450; r++) rows[r] = [r];
    const error = (() => {
      try {
        sheetConversion([sheet(rows)], {}, { ...DEFAULT_LIMITS, maxPages: 2 });
      } catch (e) {
        return e as ConversionError;
      }
    })();
    expect(error).toBeInstanceOf(ConversionError);
    expect(error!.mensaje).toMatch(/demasiado grande: 3 partes/);
  });

  it('counts cells filled in from merged ranges against the budget', () => {
    const data = sheet({ 1: ['x'], 2: ['y'] }, { merges: [{ top: 1, left: 0, bottom: 1, right: 16383 }] });
    expect(() => sheetConversion([data], {}, DEFAULT_LIMITS, new CellBudget(1000))).toThrow(/more than 1000/);
  });
});

describe('CellBudget', () => {
  it('throws a ConversionError in both languages past its maximum', () => {
    const budget = new CellBudget(10);
    budget.take(10);
    expect(() => budget.take()).toThrow(ConversionError);
    try {
      budget.take();
    } catch (error) {
      expect((error as ConversionError).mensaje).toMatch(/más de 10 celdas/);
      expect((error as Error).message).toMatch(/more than 10 non-empty cells/);
    }
  });
});

describe('cell formatting', () => {
  it('shows numbers without binary noise, as a spreadsheet shows them', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(44.900000000000006)).toBe('44.9');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(1234567.5)).toBe('1234567.5');
    expect(formatNumber(1e21)).toBe('1e+21');
    expect(formatPercent(0.125)).toBe('12.5%');
  });

  it('writes ISO dates, with the time only when there is one, and clocks past 24 hours', () => {
    expect(formatDateParts({ year: 2019, month: 5, day: 1 })).toBe('2019-05-01');
    expect(formatDateParts({ year: 2021, month: 1, day: 1, hour: 10, minute: 10, second: 10 })).toBe(
      '2021-01-01 10:10:10',
    );
    expect(formatDateParts({ year: 2021, month: 1, day: 1, hour: 9, minute: 30 })).toBe('2021-01-01 09:30');
    expect(formatDateParts({ year: 2021, month: 1, day: 1, hour: 9 }, false)).toBe('2021-01-01');
    expect(formatClock(36610)).toBe('10:10:10');
    expect(formatClock(255 * 3600 + 610)).toBe('255:10:10');
  });

  it('renders a row from its cells in column order', () => {
    const cell = (text: string): SheetCell => ({ text, kind: 'text' });
    const cells = new Map([
      [2, cell('b\nc')],
      [0, cell('  a  ')],
      [1, cell('')],
    ]);
    expect(renderRow(cells)).toBe('a; b c');
    expect(renderRow(cells, new Map([[2, cell('col')]]))).toBe('a; col: b c');
  });
});

describe('the same sheet as XLSX, ODS and CSV', () => {
  const expected = [
    'municipio: Homún; nitratos: 44.9; fecha: 2019-05-01',
    'municipio: Cuzamá; nitratos: 38.2; fecha: 2019-05-03',
    'municipio: Sotuta; nitratos: 12.75; fecha: 2019-06-10',
    'municipio: Tecoh; nitratos: 7; fecha: 2019-06-12',
  ];
  const firstSheet = (c: Conversion) => c.unidades[0]!;

  it.each([
    ['calidad-agua.xlsx', convertXlsx, 'Calidad del agua'],
    ['calidad-agua.ods', convertOds, 'Calidad del agua'],
    ['calidad-agua.csv', convertCsv, undefined],
    ['calidad-agua-1252.csv', convertCsv, undefined],
  ] as const)('%s: header on row 1, data rows 2-4 and 6', async (name, convert, hoja) => {
    const conversion = await convert({ path: resolve(OFFICE, name), size: 0 }, ctx);
    expect(conversion.tipo).toBe('hoja');
    const unit = firstSheet(conversion);
    expect(unit.texto.split('\n')).toEqual(expected);
    expect(unit.ancla).toEqual({ tipo: 'hoja', ...(hoja ? { hoja } : {}), filaDesde: 2, filaHasta: 6 });
    expect(unit.bloques!.map((b) => (b.ancla as AnclaHoja).filaDesde)).toEqual([2, 3, 4, 6]);
    const passages = splitPassages([unit]);
    expect(passages).toHaveLength(1);
    expect(passages[0]!.ancla).toEqual(unit.ancla);
    expect(passages[0]!.texto.split('\n\n')).toEqual(expected);
  });
});
