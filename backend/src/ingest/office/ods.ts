import { DEFAULT_LIMITS, type Conversion, type Converter, type ConvertContext, type SourceFile } from '../converter';
import {
  checkOdfEncryption,
  childNamed,
  childrenNamed,
  damaged,
  localName,
  odfInlineText,
  openOfficePackage,
  type PackageLabel,
  type XmlElement,
} from '../../formats/office-package';
import { odfMetadata } from './office-metadata';
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
 * Reads an ODS spreadsheet from its `content.xml`: one sheet per `table:table`, hidden sheets
 * (`table:display="false"`) left out as in XLSX, repeated rows and columns expanded (a trailing run of a
 * million empty rows costs nothing), cells spanning several rows or columns filled from their top-left
 * value (the covered cells' own leftover content is ignored, as LibreOffice shows it).
 */
export const odsConverter: Converter = {
  kinds: ['ods'],
  convert: convertOds,
};

const LABEL: PackageLabel = { es: 'La hoja de cálculo', en: 'spreadsheet', legacy: '.xls', modern: '.xlsx u .ods' };
/** Elements that only group rows; their rows count like any other. */
const ROW_GROUPS = new Set(['table-header-rows', 'table-row-group', 'table-rows']);

/** Converts an ODS file; empty, encrypted and broken files fail with a `ConversionError`. */
export async function convertOds(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const limits = ctx.limits ?? DEFAULT_LIMITS;
  const pkg = await openOfficePackage(file.path, LABEL, { limits, signal: ctx.signal });
  try {
    await checkOdfEncryption(pkg, LABEL);
    const content = await pkg.readXml('content.xml');
    if (!content) throw damaged(LABEL, 'falta content.xml', 'no content.xml');
    const spreadsheet = childNamed(childNamed(content, 'body'), 'spreadsheet');
    if (!spreadsheet) throw damaged(LABEL, 'no contiene hojas', 'no office:spreadsheet body');
    const hidden = hiddenTableStyles(content);
    const budget = new CellBudget();
    const tables = childrenNamed(spreadsheet, 'table');
    const sheets: SheetData[] = [];
    for (const [index, table] of tables.entries()) {
      ctx.signal?.throwIfAborted();
      if (!hidden.has(table.getAttribute('table:style-name') ?? '')) sheets.push(readTable(table, budget));
      await ctx.progress((index + 1) / tables.length);
    }
    return sheetConversion(sheets, await odfMetadata(pkg), limits, budget);
  } finally {
    pkg.close();
  }
}

/** Automatic table styles that hide their sheet. */
function hiddenTableStyles(content: XmlElement): Set<string> {
  const hidden = new Set<string>();
  for (const style of childrenNamed(childNamed(content, 'automatic-styles') ?? content, 'style')) {
    const properties = childNamed(style, 'table-properties');
    if (properties?.getAttribute('table:display') === 'false') hidden.add(style.getAttribute('style:name') ?? '');
  }
  return hidden;
}

/** One `table:table` as a sheet; rows are numbered as LibreOffice numbers them, from 1. */
export function readTable(table: XmlElement, budget: CellBudget = new CellBudget()): SheetData {
  const rows = new Map<number, Map<number, SheetCell>>();
  const merges: MergeRange[] = [];
  let fila = 1;

  const readRow = (row: XmlElement) => {
    const repeat = count(row.getAttribute('table:number-rows-repeated'));
    const cells = new Map<number, SheetCell>();
    const spans: MergeRange[] = [];
    let column = 0;
    for (const cell of Array.from(row.children)) {
      const name = localName(cell);
      if (name !== 'table-cell' && name !== 'covered-table-cell') continue;
      const columns = count(cell.getAttribute('table:number-columns-repeated'));
      const value = name === 'table-cell' ? renderCell(cell) : undefined;
      if (value) {
        budget.take(columns * repeat);
        for (let c = column; c < column + columns; c++) cells.set(c, value);
        const rowSpan = count(cell.getAttribute('table:number-rows-spanned'));
        const columnSpan = count(cell.getAttribute('table:number-columns-spanned'));
        if (rowSpan > 1 || columnSpan > 1) {
          for (let c = column; c < column + columns; c++) {
            spans.push({ top: 0, left: c, bottom: rowSpan - 1, right: c + columnSpan - 1 });
          }
        }
      }
      column += columns;
    }
    if (cells.size > 0) {
      // A repeated row is that many identical rows; the budget above already paid for them.
      for (let r = 0; r < repeat; r++) {
        rows.set(fila + r, r === 0 ? cells : new Map(cells));
        for (const span of spans) {
          budget.take();
          merges.push({ ...span, top: fila + r + span.top, bottom: fila + r + span.bottom });
        }
      }
    }
    fila += repeat;
  };

  const walk = (parent: XmlElement) => {
    for (const child of Array.from(parent.children)) {
      const name = localName(child);
      if (name === 'table-row') readRow(child);
      else if (ROW_GROUPS.has(name)) walk(child);
    }
  };
  walk(table);
  return { name: table.getAttribute('table:name') ?? undefined, rows, merges };
}

/** A cell as shown, from its typed value (office:value-type) rather than its locale-formatted text. */
export function renderCell(cell: XmlElement): SheetCell | undefined {
  const type = cell.getAttribute('office:value-type');
  const calcType = cell.getAttribute('calcext:value-type');
  if (calcType === 'error') return textCell(cell, 'error');
  switch (type) {
    case 'float':
    case 'currency':
      return numberCell(cell.getAttribute('office:value'), formatNumber) ?? textCell(cell, 'number');
    case 'percentage':
      return numberCell(cell.getAttribute('office:value'), formatPercent) ?? textCell(cell, 'number');
    case 'date': {
      const text = formatOdfDate(cell.getAttribute('office:date-value'));
      return text ? { text, kind: 'date' } : textCell(cell, 'date');
    }
    case 'time': {
      const seconds = parseOdfDuration(cell.getAttribute('office:time-value'));
      return seconds !== undefined ? { text: formatClock(seconds), kind: 'date' } : textCell(cell, 'date');
    }
    case 'boolean': {
      const value = cell.getAttribute('office:boolean-value');
      if (value === 'true' || value === 'false') return { text: value.toUpperCase(), kind: 'boolean' };
      return textCell(cell, 'boolean');
    }
    case 'string': {
      const value = cell.getAttribute('office:string-value');
      return value ? { text: value, kind: 'text' } : textCell(cell, 'text');
    }
    default:
      return textCell(cell, 'text');
  }
}

function textCell(cell: XmlElement, kind: SheetCell['kind']): SheetCell | undefined {
  const text = childrenNamed(cell, 'p').map(odfInlineText).join('\n').trim();
  return text ? { text, kind } : undefined;
}

function numberCell(raw: string | null, format: (n: number) => string): SheetCell | undefined {
  if (raw == null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? { text: format(value), kind: 'number' } : undefined;
}

/** '2019-05-01' or '2021-01-01T10:10:10.5' → '2019-05-01', '2021-01-01 10:10:10'. */
export function formatOdfDate(raw: string | null): string | undefined {
  const match = /^(-?\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?/.exec(raw?.trim() ?? '');
  if (!match) return undefined;
  return formatDateParts({
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Number(match[6] ?? 0),
  });
}

/** An XML Schema duration ('PT10H10M10.5S', 'P1DT2H') in seconds. */
export function parseOdfDuration(raw: string | null): number | undefined {
  const match = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(raw?.trim() ?? '');
  if (!match) return undefined;
  const seconds =
    Number(match[2] ?? 0) * 86_400 + Number(match[3] ?? 0) * 3600 + Number(match[4] ?? 0) * 60 + Number(match[5] ?? 0);
  return match[1] ? -seconds : seconds;
}

function count(raw: string | null): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
}
