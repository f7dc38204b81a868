/**
 * Rows of a table as sentences. A sheet's passage holds one row per line or paragraph, each written
 * 'column: value; column: value' (ingest/sheet-units.ts); a row quoted as it is, capitalised and closed with
 * a full stop, is a sentence that names its columns ('Municipio: Homún; nitratos: 44.9; fecha: 2019-05-01.'),
 * readable in any language and still the passage's own text. A table inside a document's passage is written
 * 'a | b | c', a header line first; its rows are given the same form, each cell named by its header.
 */

/** One cell of a row: its column's name and its value. */
export interface RowCell {
  column: string;
  value: string;
}

export interface TableRow {
  /** The row as stored. */
  line: string;
  cells: RowCell[];
}

const CELL = /^([^:;\n]{1,60}):\s(.*)$/;

function parseRow(line: string): TableRow | undefined {
  const cells: RowCell[] = [];
  for (const part of line.split('; ')) {
    const m = CELL.exec(part);
    if (!m) return undefined;
    cells.push({ column: m[1]!.trim(), value: m[2]!.trim() });
  }
  return cells.length >= 2 ? { line, cells } : undefined;
}

/** The rows of a passage when it is a sheet's (every non-empty line is a row of named cells), else undefined. */
export function tableRows(passage: string): TableRow[] | undefined {
  const lines = passage
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  const rows: TableRow[] = [];
  for (const line of lines) {
    const row = parseRow(line);
    if (!row) return undefined;
    rows.push(row);
  }
  return rows;
}

/** A row as a sentence that names its columns. */
export function rowSentence(row: TableRow): string {
  const text = row.line.replace(/[\s.;]+$/, '');
  return `${text.charAt(0).toLocaleUpperCase()}${text.slice(1)}.`;
}

/** The values of a row, joined: what tells this row from the others (the column names are in every row). */
export function rowValues(row: TableRow): string {
  return row.cells.map((c) => c.value).join(' ');
}

/** The rows of the pipe tables ('Cuenca | Altitud (m)' then 'Chingaza | 3600') in a passage, cells named by the header. */
export function pipeTableRows(passage: string): TableRow[] {
  const rows: TableRow[] = [];
  let header: string[] | undefined;
  for (const raw of passage.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (!line.includes('|')) {
      header = undefined;
      continue;
    }
    const cells = line
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    if (!header || header.length !== cells.length) {
      header = cells;
      continue;
    }
    const named = cells.flatMap((value, i) => (value ? [{ column: header![i] || `${i + 1}`, value }] : []));
    if (named.length >= 2) rows.push({ line: named.map((c) => `${c.column}: ${c.value}`).join('; '), cells: named });
  }
  return rows;
}
