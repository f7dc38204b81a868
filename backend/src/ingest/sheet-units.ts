import type { AnclaHoja } from '@folio/shared';
import {
  ConversionError,
  DEFAULT_LIMITS,
  type Block,
  type Conversion,
  type ConvertLimits,
  type FoundMetadata,
  type Unit,
} from './converter';

/**
 * What every spreadsheet reader (XLSX, ODS, CSV) hands over, and how it becomes units: rows rendered with
 * their header names ('municipio: Homún; nitratos: 44.9'), one block per row anchored by the sheet's own
 * 1-based row number, one unit per sheet or per `MAX_ROWS_PER_UNIT` rows.
 */

/** What a cell holds, as far as header detection cares: a header row is mostly text. */
export type CellKind = 'text' | 'number' | 'date' | 'boolean' | 'error';

/** One non-empty cell, already rendered as the reader shows it (dates ISO, numbers without float noise). */
export interface SheetCell {
  text: string;
  kind: CellKind;
}

/** A merged range, 1-based rows and 0-based columns, both ends included; its top-left cell holds the value. */
export interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** One sheet as read: only non-empty cells, by 1-based row number and 0-based column. */
export interface SheetData {
  /** Shown in the anchor; absent for CSV, which has no sheet name. */
  name?: string;
  rows: Map<number, Map<number, SheetCell>>;
  merges?: MergeRange[];
}

/** A unit holds at most this many rows; a longer sheet continues in further units. */
export const MAX_ROWS_PER_UNIT = 200;
/** Non-empty cells a whole file may hold (after expanding repeated rows and columns). */
export const MAX_CELLS = 2_000_000;
/** A header cell longer than this is prose, not a column name. */
const MAX_HEADER_LENGTH = 100;

/**
 * Counts cells while a reader expands a file, so that a small file that repeats a row a million times
 * (ODS `number-rows-repeated`) fails before it fills memory.
 */
export class CellBudget {
  private used = 0;
  constructor(private readonly max: number = MAX_CELLS) {}

  /** Takes `n` cells from the budget; throws a `ConversionError` once the file holds more than the maximum. */
  take(n = 1): void {
    this.used += n;
    if (this.used > this.max) {
      throw new ConversionError(
        `La hoja de cálculo tiene más de ${this.max} celdas con datos, el máximo que se admite.`,
        `Spreadsheet has more than ${this.max} non-empty cells`,
      );
    }
  }
}

/**
 * Builds the conversion of a workbook: the units of every sheet in order (see `sheetUnits`). Fails with a
 * `ConversionError` when no sheet has data, or when there are more units than `limits.maxPages`.
 * `budget` is the one the reader counted cells with: cells filled in from merged ranges count too.
 */
export function sheetConversion(
  sheets: readonly SheetData[],
  metadatos: FoundMetadata,
  limits: ConvertLimits = DEFAULT_LIMITS,
  budget: CellBudget = new CellBudget(),
): Conversion {
  const unidades = sheets.flatMap((sheet) => sheetUnits(sheet, MAX_ROWS_PER_UNIT, budget));
  if (unidades.length === 0) {
    throw new ConversionError('La hoja de cálculo no contiene datos.', 'The spreadsheet has no data');
  }
  if (unidades.length > limits.maxPages) {
    throw new ConversionError(
      `La hoja de cálculo es demasiado grande: ${unidades.length} partes de hasta ${MAX_ROWS_PER_UNIT} filas; el máximo es ${limits.maxPages}.`,
      `Spreadsheet too large: ${unidades.length} units of up to ${MAX_ROWS_PER_UNIT} rows, limit ${limits.maxPages}`,
    );
  }
  return { tipo: 'hoja', unidades, metadatos };
}

/**
 * The units of one sheet. Merged ranges are filled from their top-left cell into the rows that have data
 * of their own (a merged title block does not repeat itself over empty rows). The header row is the first
 * row with two or more cells of its own (a lone title above the table is skipped, even when merged across
 * the table; a one-column sheet has no header) when most of those cells are text. It names the columns
 * of every later row and is not itself a block, nor is a later copy of it, unless it holds a name that no
 * later row uses: then it is a block of bare names, so that no text of the sheet is lost. Rows above the
 * header, and cells under a column without a name, are rendered as bare values. Each row becomes one block
 * `{hoja, filaDesde: r, filaHasta: r}`; the unit text is its rows, one per line (passages join rows with
 * a blank line, as they join any blocks), and a unit holds at most `maxRows` rows.
 */
export function sheetUnits(
  sheet: SheetData,
  maxRows: number = MAX_ROWS_PER_UNIT,
  budget: CellBudget = new CellBudget(),
): Unit[] {
  const rows = filledRows(sheet, budget);
  const headerIndex = findHeader(rows);
  const header = headerIndex >= 0 ? rows[headerIndex]!.cells : undefined;

  const isHeaderCopy = (cells: ReadonlyMap<number, SheetCell>, index: number) =>
    !!header && index > headerIndex && sameCells(cells, header);
  const named = rows.filter(({ cells }, index) => index > headerIndex && !isHeaderCopy(cells, index));
  const namesAllUsed = !header || allNamesUsed(header, named);

  const blocks: Block[] = [];
  rows.forEach(({ fila, cells }, index) => {
    if ((index === headerIndex && namesAllUsed) || isHeaderCopy(cells, index)) return;
    const texto = renderRow(cells, index > headerIndex ? header : undefined);
    if (!texto) return;
    const ancla: AnclaHoja = {
      tipo: 'hoja',
      ...(sheet.name ? { hoja: sheet.name } : {}),
      filaDesde: fila,
      filaHasta: fila,
    };
    blocks.push({ texto, ancla });
  });

  const units: Unit[] = [];
  for (let i = 0; i < blocks.length; i += maxRows) {
    const bloques = blocks.slice(i, i + maxRows);
    const first = bloques[0]!.ancla as AnclaHoja;
    const last = bloques[bloques.length - 1]!.ancla as AnclaHoja;
    units.push({
      texto: bloques.map((b) => b.texto).join('\n'),
      ancla: { ...first, filaHasta: last.filaHasta },
      bloques,
    });
  }
  return units;
}

/**
 * 'header: value; header: value' with empty cells left out; a value without a header name stands alone.
 * A cell merged across columns is one cell object in each of them, header or value: a header merged across
 * columns names them once ('period: 2019, 2020'), and a value merged across columns under one name, or
 * under none, is read once. A merged value under several names is given under each; a header cell
 * merged down into the row is not a value of it.
 */
export function renderRow(cells: ReadonlyMap<number, SheetCell>, header?: ReadonlyMap<number, SheetCell>): string {
  const parts: { name?: SheetCell; values: string[]; last: SheetCell }[] = [];
  for (const column of [...cells.keys()].sort((a, b) => a - b)) {
    const cell = cells.get(column)!;
    const value = cleanCellText(cell.text);
    if (!value) continue;
    const headerCell = header?.get(column);
    // A header merged down into this row is still the header, not a value of the row.
    if (headerCell === cell) continue;
    const name = headerCell && cleanCellText(headerCell.text) ? headerCell : undefined;
    const part = parts.at(-1);
    if (part && part.last === cell && (!name || part.name === name)) continue;
    if (part && name && part.name === name) {
      part.values.push(value);
      part.last = cell;
      continue;
    }
    parts.push({ name, values: [value], last: cell });
  }
  return parts
    .map(({ name, values }) => (name ? `${cleanCellText(name.text)}: ${values.join(', ')}` : values[0]!))
    .join('; ');
}

/** Whether every name of the header row names a value in one of `rows`. */
function allNamesUsed(header: ReadonlyMap<number, SheetCell>, rows: readonly Row[]): boolean {
  const used = new Set<SheetCell>();
  for (const { cells } of rows) {
    for (const [column, cell] of cells) {
      const name = header.get(column);
      if (name && name !== cell) used.add(name);
    }
  }
  for (const name of header.values()) if (cleanCellText(name.text) && !used.has(name)) return false;
  return true;
}

interface Row {
  fila: number;
  cells: Map<number, SheetCell>;
  /** The row's own cells, before merged ranges were filled in. */
  own: SheetCell[];
}

/** Rows in order, each with its merged cells filled in; rows with no cell of their own are left out. */
function filledRows(sheet: SheetData, budget: CellBudget): Row[] {
  const rows: Row[] = [];
  for (const [fila, raw] of sheet.rows) {
    const cells = clean(raw);
    if (cells.size > 0) rows.push({ fila, cells, own: [...cells.values()] });
  }
  rows.sort((a, b) => a.fila - b.fila);
  const byNumber = new Map(rows.map((row) => [row.fila, row.cells]));
  for (const range of sheet.merges ?? []) {
    const value = byNumber.get(range.top)?.get(range.left);
    if (!value) continue;
    // A range may span a whole column: walk whichever is shorter, the range or the rows.
    const inRange =
      range.bottom - range.top < rows.length
        ? Array.from({ length: range.bottom - range.top + 1 }, (_, i) => byNumber.get(range.top + i))
        : rows.filter((row) => row.fila >= range.top && row.fila <= range.bottom).map((row) => row.cells);
    for (const cells of inRange) {
      if (!cells) continue;
      for (let column = range.left; column <= range.right; column++) {
        if (cells.has(column)) continue;
        budget.take();
        cells.set(column, value);
      }
    }
  }
  return rows;
}

function clean(cells: ReadonlyMap<number, SheetCell>): Map<number, SheetCell> {
  const out = new Map<number, SheetCell>();
  for (const [column, cell] of cells) {
    const text = cleanCellText(cell.text);
    if (text) out.set(column, text === cell.text ? cell : { ...cell, text });
  }
  return out;
}

/** Line breaks and runs of spaces inside a cell become one space: a row is rendered on one line. */
export function cleanCellText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function findHeader(rows: readonly Row[]): number {
  // A one-column list has no header worth repeating on every row, and none can be told from data.
  const index = rows.findIndex((row) => row.own.length >= 2);
  if (index < 0 || index === rows.length - 1) return -1;
  const own = rows[index]!.own;
  const texts = own.filter((cell) => cell.kind === 'text');
  const looksLikeNames = texts.every((cell) => cell.text.length <= MAX_HEADER_LENGTH);
  return texts.length * 2 > own.length && looksLikeNames ? index : -1;
}

function sameCells(a: ReadonlyMap<number, SheetCell>, b: ReadonlyMap<number, SheetCell>): boolean {
  if (a.size !== b.size) return false;
  for (const [column, cell] of a) if (b.get(column)?.text !== cell.text) return false;
  return true;
}

/**
 * A number as a spreadsheet shows it in a General cell: at most 15 significant digits, so binary noise
 * (0.1 + 0.2 = 0.30000000000000004) disappears. Fixed decimals and thousands separators of a number
 * format are not applied: the same value then reads the same in XLSX, ODS and CSV.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Number(value.toPrecision(15));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** A percentage as shown: 0.125 → '12.5%'. */
export function formatPercent(value: number): string {
  return `${formatNumber(value * 100)}%`;
}

/** Calendar and clock fields of a date-time, as written in the file (no time zone). */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/** ISO date 'yyyy-mm-dd', followed by ' hh:mm' (and ':ss' when not zero) when it has a time of day. */
export function formatDateParts(parts: DateParts, withTime = true): string {
  const date = `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
  const seconds = Math.round((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0));
  return withTime && seconds > 0 ? `${date} ${formatClock(seconds)}` : date;
}

/** A time of day or a duration in seconds as 'hh:mm', or 'hh:mm:ss' when the seconds are not zero; hours may pass 24. */
export function formatClock(totalSeconds: number): string {
  const rounded = Math.round(totalSeconds);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor((abs % 3600) / 60);
  const seconds = abs % 60;
  return `${sign}${pad(hours)}:${pad(minutes)}${seconds ? `:${pad(seconds)}` : ''}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}
