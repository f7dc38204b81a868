import type { Db } from './db';

/** What the user said about a file uploaded in parts, as the service that checked it keeps it (JSON). */
export type ResumableMeta = Record<string, unknown>;

export interface ResumableUploadRow {
  id: string;
  user_id: string;
  size_bytes: string | number;
  metadata: ResumableMeta;
  document_id: string | null;
  duplicado: boolean | null;
  created: string;
  finished: string | null;
}

export async function insertResumableUpload(
  db: Db,
  row: { id: string; userId: string; sizeBytes: number; metadata: ResumableMeta },
): Promise<void> {
  await db.query(
    `INSERT INTO resumable_uploads (id, user_id, size_bytes, metadata) VALUES ($1, $2, $3, $4::text::jsonb)`,
    [row.id, row.userId, row.sizeBytes, JSON.stringify(row.metadata)],
  );
}

/** The caller's upload `id`; undefined when there is none or it is another user's. */
export async function findResumableUpload(db: Db, userId: string, id: string): Promise<ResumableUploadRow | undefined> {
  const [row] = await db.query<ResumableUploadRow>('SELECT * FROM resumable_uploads WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  return row;
}

/** How many uploads a user has in progress, and how many bytes they will hold. */
export async function uploadsInProgress(db: Db, userId: string): Promise<{ count: number; bytes: number }> {
  const [row] = await db.query<{ count: string | number; bytes: string | number | null }>(
    `SELECT count(*) AS count, sum(size_bytes) AS bytes FROM resumable_uploads
     WHERE user_id = $1 AND finished IS NULL`,
    [userId],
  );
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export async function finishResumableUpload(db: Db, id: string, documentId: string, duplicado: boolean): Promise<void> {
  await db.query('UPDATE resumable_uploads SET document_id = $2, duplicado = $3, finished = now() WHERE id = $1', [
    id,
    documentId,
    duplicado,
  ]);
}

export async function deleteResumableUpload(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM resumable_uploads WHERE id = $1', [id]);
}

/** Unfinished uploads started before `before` (their parts are removed with them); returns their ids. */
export async function deleteStaleUploads(db: Db, before: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM resumable_uploads WHERE finished IS NULL AND created < $1 RETURNING id',
    [before.toISOString()],
  );
  return rows.map((r) => r.id);
}

/** An upload by id alone, for the store that keeps its parts (the route has checked whose it is). */
export async function resumableUploadById(db: Db, id: string): Promise<ResumableUploadRow | undefined> {
  const [row] = await db.query<ResumableUploadRow>('SELECT * FROM resumable_uploads WHERE id = $1', [id]);
  return row;
}
