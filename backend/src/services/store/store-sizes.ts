import type { Db } from '../../db/db';
import { databaseBytes, largestRelations, walBytes, type RelationSize } from '../../db/store-size.repo';
import type { BlobStore } from '../../storage/blob-store';

/** Where the store's bytes go on disk. */
export interface StoreSizes {
  /** The database's files (pg_database_size); originals kept in it included. */
  database: number;
  /** The write-ahead log; null, with `walReason`, when this role may not read it (a server without pg_monitor). */
  wal: number | null;
  walReason?: string;
  /** The original files; `originalsInDatabase` when they are rows of the database, already counted there. */
  originals: number;
  originalsInDatabase: boolean;
  /** What the three take together, each byte counted once (the WAL when known). */
  total: number;
}

/** The store's size on disk, split into database, write-ahead log and original files. */
export async function storeSizes(db: Db, blobs: BlobStore): Promise<StoreSizes> {
  const [database, wal, originals] = await Promise.all([databaseBytes(db), walBytes(db), blobs.size()]);
  return {
    database,
    wal: wal.bytes,
    ...(wal.bytes === null && { walReason: wal.reason }),
    originals: originals.bytes,
    originalsInDatabase: originals.inDatabase,
    total: database + (wal.bytes ?? 0) + (originals.inDatabase ? 0 : originals.bytes),
  };
}

/** The sizes and the largest tables and indexes (for the bench and `folio compact`). */
export async function storeSizesInDetail(
  db: Db,
  blobs: BlobStore,
  limit = 8,
): Promise<StoreSizes & { relations: RelationSize[] }> {
  return { ...(await storeSizes(db, blobs)), relations: await largestRelations(db, limit) };
}

/** `bytes` in binary units for people ("1.4 GB", in Spanish "1,4 GB"); negative amounts keep their sign. */
export function formatBytes(bytes: number, locale = 'en'): string {
  let n = Math.abs(bytes);
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  const digits = u > 0 && n < 10 ? 1 : 0;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${bytes < 0 ? '-' : ''}${number.format(n)} ${units[u]}`;
}
