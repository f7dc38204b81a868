import type { Db } from './db';

export async function insertBlobChunk(db: Db, key: string, n: number, data: Uint8Array): Promise<void> {
  await db.query('INSERT INTO blob_chunks (key, n, data) VALUES ($1, $2, $3)', [key, n, data]);
}

export async function countBlobChunks(db: Db, key: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blob_chunks WHERE key = $1', [key]);
  return row?.n ?? 0;
}

export async function readBlobChunk(db: Db, key: string, n: number): Promise<Uint8Array> {
  const [row] = await db.query<{ data: Uint8Array }>('SELECT data FROM blob_chunks WHERE key = $1 AND n = $2', [
    key,
    n,
  ]);
  if (!row) throw new Error(`blob ${key} chunk ${n} missing`);
  return row.data;
}

export async function deleteBlob(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM blob_chunks WHERE key = $1', [key]);
}

/** Bytes a blob holds so far (the sum of its chunks), 0 when it has none. */
/** How many rows a blob has and the bytes they hold, read together (one snapshot). */
export async function blobExtent(db: Db, key: string): Promise<{ chunks: number; bytes: number }> {
  const [row] = await db.query<{ chunks: number; bytes: string | number | null }>(
    'SELECT count(*)::int AS chunks, sum(length(data)) AS bytes FROM blob_chunks WHERE key = $1',
    [key],
  );
  return { chunks: row?.chunks ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export async function blobBytes(db: Db, key: string): Promise<number> {
  const [row] = await db.query<{ bytes: string | number | null }>(
    'SELECT sum(length(data)) AS bytes FROM blob_chunks WHERE key = $1',
    [key],
  );
  return Number(row?.bytes ?? 0);
}
