import type { Db } from './db';

/** An item of another library imported before: the document it became, if it is still there. */
export interface ImportedItemRow {
  item_key: string;
  document_id: string | null;
}

/** The items of one library this user imported before, by item key. */
export async function findImportedItems(
  db: Db,
  userId: string,
  source: string,
  library: string,
): Promise<Map<string, ImportedItemRow>> {
  const rows = await db.query<ImportedItemRow>(
    `SELECT item_key, document_id FROM imported_items WHERE user_id = $1 AND source = $2 AND library = $3`,
    [userId, source, library],
  );
  return new Map(rows.map((r) => [r.item_key, r]));
}

/** Records that an item was imported, as the document it became (or none); a second record replaces the first. */
export async function recordImportedItem(
  db: Db,
  userId: string,
  item: { source: string; library: string; key: string; documentId: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO imported_items (user_id, source, library, item_key, document_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, source, library, item_key)
     DO UPDATE SET document_id = EXCLUDED.document_id, imported = now()`,
    [userId, item.source, item.library, item.key, item.documentId],
  );
}
