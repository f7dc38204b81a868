import type { ReaderPassageRow } from '../../db/reader.repo';
import type { UnitRow } from '../../db/units.repo';

/** One row of a sheet as stored ('municipio: Homún; nitratos: 44.9'), with its row number when known. */
export interface SheetLine {
  /** The sheet's own 1-based row number; absent when the stored anchors cannot tell it. */
  fila?: number;
  texto: string;
  /** Values by column, aligned with the table's `columnas`, when the rows read as 'name: value' pairs. */
  celdas?: string[];
}

export interface SheetTable {
  /** Column names in order of first appearance; absent when some value has no column name. */
  columnas?: string[];
  filas: SheetLine[];
}

/**
 * Row numbers of a sheet unit's lines. A unit holds one line per row, rows in order; its anchor gives the
 * first and last row. When there are as many lines as rows in that span the rows are consecutive; else
 * the passages tell (each one a run of rows, one per paragraph, anchored by its first and last row: exact
 * when the run is consecutive, else only its ends are known).
 */
function rowNumbers(unit: UnitRow, lines: readonly string[], passages: readonly ReaderPassageRow[]) {
  const numbers: (number | undefined)[] = lines.map(() => undefined);
  if (unit.ancla.tipo !== 'hoja') return numbers;
  const { filaDesde, filaHasta } = unit.ancla;
  if (filaDesde != null && filaHasta != null && filaHasta - filaDesde + 1 === lines.length) {
    return lines.map((_, i) => filaDesde + i);
  }
  let at = 0;
  for (const p of passages) {
    if (p.ancla.tipo !== 'hoja') continue;
    const rows = p.texto.split(/\n\s*\n/).filter((r) => r.trim() !== '');
    const first = p.ancla.filaDesde;
    const last = p.ancla.filaHasta ?? first;
    if (first != null && last != null) {
      const consecutive = last - first + 1 === rows.length;
      rows.forEach((_, i) => {
        if (at + i >= numbers.length) return;
        if (consecutive) numbers[at + i] = first + i;
        else if (i === 0) numbers[at + i] = first;
        else if (i === rows.length - 1) numbers[at + i] = last;
      });
    }
    at += rows.length;
  }
  return numbers;
}

const CELL = /^([^:]+): (.*)$/s;

/**
 * The unit's rows as a table: columns from the 'name: value' pairs when every value names its column.
 * `known` gives the rows' numbers when they were read from the workbook itself (see `sheetRowNumbers`);
 * otherwise they are told from the anchors as far as they can be.
 */
export function sheetTable(
  unit: UnitRow,
  passages: readonly ReaderPassageRow[],
  known?: readonly number[],
): SheetTable {
  const lines = unit.texto.split('\n').filter((l) => l.trim() !== '');
  const numbers = known && known.length === lines.length ? [...known] : rowNumbers(unit, lines, passages);
  const parsed = lines.map((line) => line.split('; ').map((part) => CELL.exec(part)));
  const named = parsed.every((parts) => parts.every((m) => m !== null));
  if (!named) {
    return { filas: lines.map((texto, i) => ({ ...(numbers[i] != null && { fila: numbers[i] }), texto })) };
  }
  const columnas: string[] = [];
  for (const parts of parsed) {
    for (const m of parts) if (!columnas.includes(m![1]!)) columnas.push(m![1]!);
  }
  return {
    columnas,
    filas: lines.map((texto, i) => {
      const values = new Map(parsed[i]!.map((m) => [m![1]!, m![2]!]));
      return {
        ...(numbers[i] != null && { fila: numbers[i] }),
        texto,
        celdas: columnas.map((c) => values.get(c) ?? ''),
      };
    }),
  };
}

/**
 * Which rows to mark: those numbered within the linked range, and an unnumbered row whose nearest
 * numbered neighbours both lie within it.
 */
export function highlightedRows(rows: readonly SheetLine[], range?: { desde: number; hasta: number }): boolean[] {
  if (!range) return rows.map(() => false);
  const inside = (n: number) => n >= range.desde && n <= range.hasta;
  return rows.map((row, i) => {
    if (row.fila !== undefined) return inside(row.fila);
    const before = rows.slice(0, i).findLast((r) => r.fila !== undefined)?.fila;
    const after = rows.slice(i + 1).find((r) => r.fila !== undefined)?.fila;
    return before !== undefined && after !== undefined && inside(before) && inside(after);
  });
}
