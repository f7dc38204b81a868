import type { Db } from './db';

const MB = 1024 * 1024;

/**
 * The write-ahead log the embedded store may hold before a document's end (or a bulk loader's batch) asks
 * for a CHECKPOINT. PGlite runs PostgreSQL as a single-user backend with no checkpointer process, so
 * neither max_wal_size nor checkpoint_timeout ever starts a checkpoint there: without one the log grew to
 * 5.5 GB in a 100,000-passage load (issue 39). Twice the store's max_wal_size (pglite-db.ts), so a
 * checkpoint runs about every 64 MB of log written and the log stays near this bound at any moment.
 */
export const WAL_CHECKPOINT_BYTES = 128 * MB;

/** What the write-ahead log holds, or why it could not be read (a server role without pg_monitor). */
export type WalSize = { bytes: number } | { bytes: null; reason: string };

/** One table or index and its bytes on disk (a table's own heap plus TOAST; an index's pages). */
export interface RelationSize {
  name: string;
  kind: 'table' | 'index';
  bytes: number;
}

/** Bytes of the current database's files (pg_database_size): tables, indexes, TOAST; not the WAL. */
export async function databaseBytes(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT pg_database_size(current_database())::float8 AS n');
  return row?.n ?? 0;
}

/**
 * Bytes of the write-ahead log's segments (pg_ls_waldir). On the embedded store the backend is the
 * superuser and the directory is the store's own `pg_wal`; on a server the function needs superuser or
 * pg_monitor, and the log is shared by every database of that server.
 */
export async function walBytes(db: Db): Promise<WalSize> {
  try {
    const [row] = await db.query<{ n: number }>('SELECT coalesce(sum(size), 0)::float8 AS n FROM pg_ls_waldir()');
    return { bytes: row?.n ?? 0 };
  } catch (err) {
    return { bytes: null, reason: (err as Error).message };
  }
}

/**
 * Bytes of the originals kept in the database (`blob_chunks`, FOLIO_BLOBS=base_de_datos), table and TOAST
 * together: they are already counted in `databaseBytes`.
 */
export async function databaseBlobBytes(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT coalesce(pg_total_relation_size(to_regclass('blob_chunks')), 0)::float8 AS n",
  );
  return row?.n ?? 0;
}

/**
 * The `limit` largest tables (with their TOAST, without their indexes) and indexes of the public schema,
 * largest first: where the database's bytes go.
 */
export async function largestRelations(db: Db, limit = 10): Promise<RelationSize[]> {
  const rows = await db.query<{ name: string; kind: 'table' | 'index'; bytes: number }>(
    `SELECT c.relname AS name,
            CASE WHEN c.relkind IN ('i', 'I') THEN 'index' ELSE 'table' END AS kind,
            CASE WHEN c.relkind IN ('i', 'I') THEN pg_relation_size(c.oid)
                 ELSE pg_table_size(c.oid) END::float8 AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm', 'i', 'I')
      ORDER BY bytes DESC, name
      LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Bytes of the passages' text (UTF-8): the library's own content, against which the store is measured. */
export async function passageTextBytes(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT coalesce(sum(octet_length(texto)), 0)::float8 AS n FROM passages',
  );
  return row?.n ?? 0;
}

/** Forces a checkpoint: dirty pages reach the data files and older log segments are recycled or removed. */
export async function checkpoint(db: Db): Promise<void> {
  await db.exec('CHECKPOINT');
}

/**
 * On the embedded store, runs a CHECKPOINT when the log holds more than `bound` bytes; says whether it did.
 * A server's checkpointer keeps its own log within max_wal_size, so there this does nothing (and reads
 * nothing). Call it outside a transaction, where a batch of writes has ended.
 */
export async function checkpointIfWalOver(db: Db, bound = WAL_CHECKPOINT_BYTES): Promise<boolean> {
  if (db.kind !== 'pglite') return false;
  const wal = await walBytes(db);
  if (wal.bytes === null || wal.bytes <= bound) return false;
  await checkpoint(db);
  return true;
}

/**
 * VACUUM of the whole database. `full` rewrites every table and index into new files, returning their free
 * space to the file system (and takes an exclusive lock on each table while it does); without it the space
 * is only made reusable inside the files.
 */
export async function vacuum(db: Db, full: boolean): Promise<void> {
  await db.exec(full ? 'VACUUM (FULL, ANALYZE)' : 'VACUUM (ANALYZE)');
}
