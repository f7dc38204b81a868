import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  ConversionError,
  DEFAULT_LIMITS,
  type Conversion,
  type Converter,
  type ConvertContext,
  type SourceFile,
} from './converter';
import { CellBudget, sheetConversion, type CellKind, type SheetCell, type SheetData } from './sheet-units';
import { decodeText } from '../formats/text-decode';

/** Reads a CSV file as one sheet without a name; rows are the file's records, numbered from 1. */
export const csvConverter: Converter = {
  kinds: ['csv'],
  convert: convertCsv,
};

/** Delimiters tried, in order of preference when they fit equally well. */
const DELIMITERS = [',', ';', '\t', '|'] as const;
/** Records looked at to choose the delimiter. */
const SAMPLE_RECORDS = 50;
/** The text is fed to the parser in pieces of this many characters, so the cell budget can stop it early. */
const CHUNK_CHARS = 64 * 1024;

const BASE_OPTIONS: Options = { relax_column_count: true, relax_quotes: true, skip_empty_lines: false };

/**
 * Converts a CSV file: the encoding is sniffed (BOM, UTF-8, else windows-1252), the delimiter is chosen
 * among comma, semicolon, tab and bar, and every record is a row (an empty line is an empty row, as in a
 * spreadsheet). Cells keep their text as written.
 */
export async function convertCsv(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const text = decodeText(await readFile(file.path));
  if (!text.trim()) throw new ConversionError('El archivo CSV está vacío.', 'The CSV file is empty');
  const limits = ctx.limits ?? DEFAULT_LIMITS;
  const budget = new CellBudget();
  const sheet = await readCsv(text, { budget, signal: ctx.signal });
  const conversion = sheetConversion([sheet], {}, limits, budget);
  await ctx.progress(1);
  return conversion;
}

/** Parses decoded CSV text into a sheet (see `convertCsv`). */
export async function readCsv(
  text: string,
  options: { delimiter?: string; budget?: CellBudget; signal?: AbortSignal } = {},
): Promise<SheetData> {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const budget = options.budget ?? new CellBudget();
  const rows = new Map<number, Map<number, SheetCell>>();
  const parser = parse({ ...BASE_OPTIONS, delimiter });
  Readable.from(chunks(text)).pipe(parser);
  let fila = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      options.signal?.throwIfAborted();
      fila += 1;
      const cells = new Map<number, SheetCell>();
      record.forEach((value, column) => {
        const cellText = value.trim();
        if (cellText) cells.set(column, { text: cellText, kind: csvKind(cellText) });
      });
      if (cells.size === 0) continue;
      budget.take(cells.size);
      rows.set(fila, cells);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof ConversionError || options.signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ConversionError(`El CSV está mal formado: ${message}`, `Malformed CSV: ${message}`);
  }
  return { rows };
}

function* chunks(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += CHUNK_CHARS) yield text.slice(i, i + CHUNK_CHARS);
}

/**
 * The delimiter that splits the first records into the same number of fields (two or more) most
 * consistently; more fields break a tie ('a;44,9' has one comma per line too). Comma when none fits.
 */
export function detectDelimiter(text: string): string {
  let best = { delimiter: ',' as string, consistency: 0, fields: 1 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parseSync(text, { ...BASE_OPTIONS, skip_empty_lines: true, delimiter, to_line: SAMPLE_RECORDS });
    } catch {
      continue;
    }
    if (records.length === 0) continue;
    const counts = new Map<number, number>();
    for (const record of records) counts.set(record.length, (counts.get(record.length) ?? 0) + 1);
    const [fields, times] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    if (fields < 2) continue;
    // Two decimals of agreement: one ragged line in fifty should not lose to a delimiter that fits worse.
    const consistency = Math.round((times / records.length) * 20) / 20;
    if (consistency > best.consistency || (consistency === best.consistency && fields > best.fields)) {
      best = { delimiter, consistency, fields };
    }
  }
  return best.delimiter;
}

const NUMBER = /^[-+]?(?:\d+(?:[.,]\d+)?|\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d+)?)(?:e[-+]?\d+)?\s*%?$/i;
const DATE = /^(?:\d{4}-\d{1,2}-\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})$/;
const BOOLEAN = /^(?:true|false|verdadero|falso)$/i;

/** What a CSV value looks like, for header detection only: the text itself is kept as written. */
export function csvKind(text: string): CellKind {
  if (NUMBER.test(text)) return 'number';
  if (DATE.test(text)) return 'date';
  if (BOOLEAN.test(text)) return 'boolean';
  return 'text';
}
