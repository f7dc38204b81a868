import type { Db } from './db';

/** The current reader version of each document `tipo` (ingest/reader-versions.ts). */
export type ReaderVersions = Readonly<Record<string, number>>;

// `c` is the current version of the document's kind, from $1; a reading recorded before migration 023 (null)
// counts as version 1.
const CURRENT = `JOIN (SELECT key AS tipo, value::int AS version FROM jsonb_each_text($1::text::jsonb)) c ON c.tipo = d.tipo`;

/**
 * A ready document whose original is stored, read by an older reader than its kind's current one, whose
 * background re-read by the current one has not failed: it waits for that re-read.
 */
const OUTDATED = `d.estado = 'listo' AND d.blob_key IS NOT NULL
  AND coalesce(d.reader_version, 1) < c.version AND coalesce(d.reread_failed_version, 0) < c.version`;

/**
 * Up to `limit` documents of any user that wait for a re-read by their kind's current reader and have not
 * been queued for one, the newest first (the ones most likely in use).
 */
export async function findOutdatedReadings(db: Db, versions: ReaderVersions, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT d.id FROM documents d ${CURRENT}
     WHERE ${OUTDATED} AND coalesce(d.reread_version, 0) < c.version
     ORDER BY d.seq DESC LIMIT $2`,
    [JSON.stringify(versions), limit],
  );
  return rows.map((r) => r.id);
}

/** Records that a re-read by their kind's current reader was queued for `ids`, so none is queued again. */
export async function markRereadsQueued(db: Db, versions: ReaderVersions, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `UPDATE documents d SET reread_version = c.version
     FROM (SELECT key AS tipo, value::int AS version FROM jsonb_each_text($1::text::jsonb)) c
     WHERE c.tipo = d.tipo AND d.id IN (SELECT jsonb_array_elements_text($2::text::jsonb))`,
    [JSON.stringify(versions), JSON.stringify(ids)],
  );
}

/**
 * Those of `ids` still waiting: not yet read by their kind's current reader, their re-read not failed, still
 * ready (a document deleted, or being read again at its user's request, waits no longer).
 */
export async function stillOutdated(db: Db, versions: ReaderVersions, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT d.id FROM documents d ${CURRENT}
     WHERE ${OUTDATED} AND d.id IN (SELECT jsonb_array_elements_text($2::text::jsonb))`,
    [JSON.stringify(versions), JSON.stringify(ids)],
  );
  return rows.map((r) => r.id);
}

/** How many documents, of all users, wait for a re-read by their kind's current reader (queued or not yet). */
export async function countOutdatedReadings(db: Db, versions: ReaderVersions): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM documents d ${CURRENT} WHERE ${OUTDATED}`,
    [JSON.stringify(versions)],
  );
  return row?.n ?? 0;
}

/**
 * A background re-read by reader `version` ended without replacing the document's reading, which stays in
 * force: the document waits no longer for that version. Nothing a user sees changes, so no NOTIFY.
 */
export async function markRereadFailed(db: Db, id: string, version: number): Promise<void> {
  await db.query('UPDATE documents SET reread_failed_version = $2 WHERE id = $1', [id, version]);
}
