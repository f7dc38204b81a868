import fs from 'node:fs/promises';
import type { Deps } from '../../context';
import type { DocumentRow } from '../../db/documents.repo';
import type { UnitRow } from '../../db/units.repo';
import { detectKind } from '../../ingest/detect';
import { converterFor } from '../../ingest/registry';

/** Workbooks whose row numbers are kept in memory, newest last. */
const CACHED = 8;
const cache = new Map<string, Promise<Map<string, number[]> | undefined>>();

/**
 * The sheet's own row number of each line of each unit, by unit text. Units keep only their first and last
 * row, and blank rows are skipped, so the rows between cannot be told from what is stored; the workbook
 * is read again with the converter that ingested it (deterministic, and cheap next to any other
 * conversion), keeping just the row numbers of its row blocks.
 */
async function rowsOfWorkbook(deps: Pick<Deps, 'blobs'>, row: DocumentRow): Promise<Map<string, number[]> | undefined> {
  if (!row.blob_key) return undefined;
  const path = await deps.blobs.localPath(row.blob_key);
  const source = {
    path,
    size: (await fs.stat(path)).size,
    ...(row.file_name && { nombre: row.file_name }),
    ...(row.content_type && { contentType: row.content_type }),
  };
  const kind = await detectKind(source);
  if (kind !== 'xlsx' && kind !== 'ods' && kind !== 'csv') return undefined;
  const conversion = await converterFor(kind)!.convert(source, { progress: async () => {} });
  const byText = new Map<string, number[]>();
  for (const unit of conversion.unidades) {
    const rows = (unit.bloques ?? []).map((b) => (b.ancla.tipo === 'hoja' ? (b.ancla.filaDesde ?? 0) : 0));
    byText.set(unit.texto, rows);
  }
  return byText;
}

/**
 * Row numbers of the lines of a sheet unit: from its stored blocks (one per row, each anchored at its
 * row), else — a unit stored before blocks were — from the workbook itself; undefined when the file is
 * gone, cannot be read, or no longer yields this unit's text.
 */
export async function sheetRowNumbers(
  deps: Pick<Deps, 'blobs'>,
  row: DocumentRow,
  unit: UnitRow,
): Promise<number[] | undefined> {
  const stored = unit.bloques?.map((b) => (b.ancla.tipo === 'hoja' ? b.ancla.filaDesde : undefined));
  if (stored?.every((n): n is number => n != null)) return stored;
  const key = `${row.id}:${row.sha256 ?? row.blob_key}`;
  let rows = cache.get(key);
  if (!rows) {
    rows = rowsOfWorkbook(deps, row).catch(() => undefined);
    cache.set(key, rows);
    if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  }
  const numbers = (await rows)?.get(unit.texto);
  return numbers && !numbers.includes(0) ? numbers : undefined;
}
