import type { Ancla } from '@folio/shared';
import type { Db } from './db';

/** A stored passage as the reader shows it: where it sits and its literal text. */
export interface ReaderPassageRow {
  posicion: number;
  unidad: number;
  texto: string;
  ancla: Ancla;
}

const PASSAGE_COLUMNS = 'posicion, unidad, texto, ancla';

/** Passages of units `from`..`to` (inclusive) in document order, at most `limit`. */
export async function passagesOfUnits(
  db: Db,
  documentId: string,
  from: number,
  to: number,
  limit: number,
): Promise<ReaderPassageRow[]> {
  return db.query<ReaderPassageRow>(
    `SELECT ${PASSAGE_COLUMNS} FROM passages WHERE document_id = $1 AND unidad BETWEEN $2 AND $3
     ORDER BY posicion LIMIT $4`,
    [documentId, from, to, limit],
  );
}

/** One passage by its position in the document. */
export async function passageAt(db: Db, documentId: string, posicion: number): Promise<ReaderPassageRow | undefined> {
  const [row] = await db.query<ReaderPassageRow>(
    `SELECT ${PASSAGE_COLUMNS} FROM passages WHERE document_id = $1 AND posicion = $2`,
    [documentId, posicion],
  );
  return row;
}

/** Position of the unit anchored at slide `n`. */
export async function unitOfSlide(db: Db, documentId: string, n: number): Promise<number | undefined> {
  const [row] = await db.query<{ posicion: number }>(
    `SELECT posicion FROM units WHERE document_id = $1 AND ancla->>'tipo' = 'diapositiva' AND (ancla->>'n')::int = $2
     ORDER BY posicion LIMIT 1`,
    [documentId, n],
  );
  return row?.posicion;
}

/** A sheet of a workbook: its name (absent for CSV) and the position of its first unit. */
export interface SheetRow {
  hoja: string | null;
  primera: number;
}

/** The sheets of a workbook in order. */
export async function sheetsOf(db: Db, documentId: string): Promise<SheetRow[]> {
  return db.query<SheetRow>(
    `SELECT ancla->>'hoja' AS hoja, min(posicion) AS primera FROM units
     WHERE document_id = $1 AND ancla->>'tipo' = 'hoja' GROUP BY ancla->>'hoja' ORDER BY primera`,
    [documentId],
  );
}

/**
 * Position of the unit of sheet `hoja` (null: the sheet without a name) that holds a row from `from`
 * to `to`; with no rows given, the sheet's first unit.
 */
export async function unitOfSheetRows(
  db: Db,
  documentId: string,
  hoja: string | null,
  from?: number,
  to?: number,
): Promise<number | undefined> {
  const [row] = await db.query<{ posicion: number }>(
    `SELECT posicion FROM units WHERE document_id = $1 AND ancla->>'tipo' = 'hoja'
       AND ($2::text IS NULL OR ancla->>'hoja' = $2::text)
       AND ($3::int IS NULL OR coalesce((ancla->>'filaHasta')::int, (ancla->>'filaDesde')::int) >= $3::int)
       AND ($4::int IS NULL OR coalesce((ancla->>'filaDesde')::int, (ancla->>'filaHasta')::int) <= $4::int)
     ORDER BY posicion LIMIT 1`,
    [documentId, hoja, from ?? null, to ?? null],
  );
  return row?.posicion;
}
