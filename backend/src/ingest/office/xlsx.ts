import ExcelJS from 'exceljs';
import { DEFAULT_LIMITS, type Conversion, type Converter, type ConvertContext, type SourceFile } from '../converter';
import { damaged, openOfficePackage, type PackageLabel } from '../../formats/office-package';
import { ooxmlMetadata } from './office-metadata';
import {
  CellBudget,
  formatClock,
  formatDateParts,
  formatNumber,
  formatPercent,
  sheetConversion,
  type MergeRange,
  type SheetCell,
  type SheetData,
} from '../sheet-units';

/**
 * Reads an XLSX workbook with exceljs: one sheet after another, hidden sheets left out (a reader of the
 * workbook does not see them, and a citation would point at rows nobody can find). Hidden rows and columns
 * of a visible sheet are kept: they are usually filtered, not secret.
 */
export const xlsxConverter: Converter = {
  kinds: ['xlsx'],
  convert: convertXlsx,
};

const LABEL: PackageLabel = { es: 'La hoja de cálculo', en: 'spreadsheet', legacy: '.xls', modern: '.xlsx u .ods' };
const DAY_MS = 86_400_000;
/** Day 0 of each date system at UTC midnight: exceljs gives a date serial as this plus the serial in days. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);
/** Serial 61 of the 1900 system: from here on, day 0 + serial is the date Excel shows. */
const MARCH_1900 = Date.UTC(1900, 2, 1);

/**
 * Converts an XLSX file. The zip is inflated once under the limits before exceljs sees it; empty,
 * password-protected, legacy (.xls) and broken files fail with a `ConversionError`. Cells render as shown:
 * formulas by their cached result, rich text as plain text, dates as ISO dates, merged ranges by their
 * top-left value (see `sheetUnits`).
 */
export async function convertXlsx(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const limits = ctx.limits ?? DEFAULT_LIMITS;
  const pkg = await openOfficePackage(file.path, LABEL, { limits, signal: ctx.signal });
  let metadatos;
  try {
    // Inflate everything under the limits first: exceljs unzips on its own, without any.
    for (const entry of pkg.zip.entries) if (!entry.directory) await pkg.zip.read(entry.name);
    metadatos = await ooxmlMetadata(pkg);
  } finally {
    pkg.close();
  }

  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file.path);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw damaged(LABEL, 'su contenido no se pudo interpretar', `exceljs could not read it: ${message}`);
  }

  const budget = new CellBudget();
  const date1904 = workbook.properties?.date1904 === true;
  const worksheets = workbook.worksheets;
  const sheets: SheetData[] = [];
  for (const [index, worksheet] of worksheets.entries()) {
    ctx.signal?.throwIfAborted();
    if (worksheet.state === 'visible' || worksheet.state === undefined) {
      sheets.push(readWorksheet(worksheet, date1904, budget));
    }
    await ctx.progress((index + 1) / worksheets.length);
  }
  return sheetConversion(sheets, metadatos, limits, budget);
}

function readWorksheet(worksheet: ExcelJS.Worksheet, date1904: boolean, budget: CellBudget): SheetData {
  const rows = new Map<number, Map<number, SheetCell>>();
  const merges = new Map<string, MergeRange>();
  worksheet.eachRow({ includeEmpty: false }, (row, fila) => {
    const cells = new Map<number, SheetCell>();
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Merge) {
        // The top-left cell holds the value; sheetUnits fills the range from it.
        const master = cell.master;
        const key = master.address;
        const range = merges.get(key) ?? { top: Number(master.row), left: Number(master.col) - 1, bottom: 0, right: 0 };
        range.bottom = Math.max(range.bottom, fila, range.top);
        range.right = Math.max(range.right, column - 1, range.left);
        merges.set(key, range);
        return;
      }
      const rendered = renderValue(cell.value, cell.numFmt, date1904);
      if (!rendered) return;
      budget.take();
      cells.set(column - 1, rendered);
    });
    if (cells.size > 0) rows.set(fila, cells);
  });
  return { name: worksheet.name, rows, merges: [...merges.values()] };
}

/**
 * A cell value as shown; undefined for an empty cell or a formula that was never calculated. `date1904`
 * is the workbook's date system (`workbookPr date1904`), which exceljs already applied to the dates it gives.
 */
export function renderValue(
  value: ExcelJS.CellValue,
  numFmt: string | undefined,
  date1904 = false,
): SheetCell | undefined {
  if (value == null) return undefined;
  if (typeof value === 'number') return renderNumber(value, numFmt);
  if (typeof value === 'string') return { text: value, kind: 'text' };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE', kind: 'boolean' };
  if (value instanceof Date) return renderDate(value, numFmt, date1904);
  if ('error' in value) return { text: String(value.error), kind: 'error' };
  if ('richText' in value) return { text: value.richText.map((run) => run.text).join(''), kind: 'text' };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    // A date-formatted formula may keep its result as a serial number.
    if (typeof result === 'number' && dateFormatKind(numFmt)) {
      const epoch = date1904 ? EPOCH_1904 : EPOCH_1900;
      return renderDate(new Date(epoch + result * DAY_MS), numFmt, date1904);
    }
    return renderValue(result, numFmt, date1904);
  }
  if ('hyperlink' in value) {
    const text = value.text as unknown;
    if (typeof text === 'string') return { text, kind: 'text' };
    return renderValue(text as ExcelJS.CellValue, numFmt, date1904);
  }
  return undefined;
}

function renderNumber(value: number, numFmt: string | undefined): SheetCell {
  const kind = dateFormatKind(numFmt);
  if (kind === 'time' || kind === 'duration') return { text: formatClock(value * 86_400), kind: 'date' };
  return { text: isPercentFormat(numFmt) ? formatPercent(value) : formatNumber(value), kind: 'number' };
}

function renderDate(date: Date, numFmt: string | undefined, date1904: boolean): SheetCell {
  const kind = dateFormatKind(numFmt);
  const epoch = date1904 ? EPOCH_1904 : EPOCH_1900;
  if (Number.isNaN(date.getTime())) return { text: '', kind: 'date' };
  if (kind === 'duration') return { text: formatClock(((date.getTime() - epoch) / DAY_MS) * 86_400), kind: 'date' };
  const secondsOfDay = Math.round(
    (date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) / 1000,
  );
  if (kind === 'time') return { text: formatClock(secondsOfDay), kind: 'date' };
  const parts = { ...excelDay(date, date1904), second: secondsOfDay };
  return { text: formatDateParts(parts, kind !== 'date'), kind: 'date' };
}

/**
 * The day Excel shows for a date exceljs read. The 1900 system counts a 29 February 1900 that never was
 * (Lotus 1-2-3's leap-year rule, kept for compatibility), while exceljs counts days from 1899-12-30 for
 * every serial: that is right from serial 61 (1900-03-01) on, one day early below it; serial 60 is the
 * fictitious 1900-02-29 and serial 0 is shown as 1900-01-00, both written as Excel shows them.
 */
function excelDay(date: Date, date1904: boolean): { year: number; month: number; day: number } {
  const time = date.getTime();
  if (!date1904 && time >= EPOCH_1900 && time < MARCH_1900) {
    const serial = Math.floor((time - EPOCH_1900) / DAY_MS);
    if (serial === 0) return { year: 1900, month: 1, day: 0 };
    if (serial === 60) return { year: 1900, month: 2, day: 29 };
    date = new Date(time + DAY_MS);
  }
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * What a number format shows: a calendar date, a date with time, a time of day, an elapsed duration
 * ('[h]:mm'), or undefined for anything else. Quoted text, escapes and colour or locale brackets are ignored.
 */
export function dateFormatKind(numFmt: string | undefined): 'date' | 'datetime' | 'time' | 'duration' | undefined {
  if (!numFmt) return undefined;
  const section = numFmt.split(';')[0]!;
  if (/\[(?:h+|m+|s+)\]/i.test(section)) return 'duration';
  const bare = bareFormat(section).replace(/AM\/PM|A\/P/gi, '');
  if (/general/i.test(bare)) return undefined;
  const hasDate = /[yd]/i.test(bare) || /m{3,}/i.test(bare);
  const hasTime = /[hs]/i.test(bare);
  if (hasDate && hasTime) return 'datetime';
  if (hasDate) return 'date';
  if (hasTime) return 'time';
  return undefined;
}

function isPercentFormat(numFmt: string | undefined): boolean {
  return !!numFmt && bareFormat(numFmt.split(';')[0]!).includes('%');
}

function bareFormat(section: string): string {
  return section
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
}
