/**
 * The store's size for the benches (issue 39): the database, its write-ahead log (at rest, and the most it
 * held during a load), the original files and the largest tables and indexes, each beside the passages'
 * text as a ratio.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../src/db/db';
import { passageTextBytes } from '../src/db/store-size.repo';
import { formatBytes, storeSizesInDetail } from '../src/services/store/store-sizes';
import type { BlobStore } from '../src/storage/blob-store';

/**
 * Follows the most the embedded store's `pg_wal` holds: every 200 ms while the load runs (between its
 * queries), and at each `sample()` (a load's onDocument). Stopped by `storeSizeLines`.
 */
export interface WalSampler {
  sample(): void;
  stop(): void;
  /** The largest sample in bytes; undefined on a server PostgreSQL (its checkpointer bounds its own log). */
  readonly max: number | undefined;
}

/** A sampler of `dataDir/pg/pg_wal` when `db` is the embedded store under `dataDir`. */
export function walSampler(db: Db, dataDir: string): WalSampler {
  const dir = path.join(dataDir, 'pg', 'pg_wal');
  let max: number | undefined;
  const sample = () => {
    if (db.kind !== 'pglite' || !fs.existsSync(dir)) return;
    let bytes = 0;
    for (const name of fs.readdirSync(dir)) {
      const st = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
      if (st?.isFile()) bytes += st.size;
    }
    max = Math.max(max ?? 0, bytes);
  };
  const timer = db.kind === 'pglite' ? setInterval(sample, 200).unref() : undefined;
  return {
    sample,
    stop: () => clearInterval(timer),
    get max() {
      return max;
    },
  };
}

/** The lines the bench prints: each part and the largest relations, beside the text's size. */
export async function storeSizeLines(db: Db, blobs: BlobStore, wal?: WalSampler): Promise<string[]> {
  wal?.sample();
  wal?.stop();
  const [sizes, text] = await Promise.all([storeSizesInDetail(db, blobs, 8), passageTextBytes(db)]);
  const ratio = (n: number) => (text > 0 ? `${(n / text).toFixed(1)}×` : '—');
  const part = (name: string, n: number | null, note = '') =>
    `| ${name} | ${n === null ? 'unknown' : formatBytes(n)} | ${n === null ? '—' : ratio(n)} |${note ? ` ${note}` : ''}`;
  const lines = [
    `\nStore on disk (${db.kind === 'pglite' ? 'embedded PGlite' : 'server PostgreSQL'}), against the passages' text (${formatBytes(text)}):`,
    '| part | size | × text |',
    '|---|---|---|',
    part('database', sizes.database),
    part('write-ahead log, at rest', sizes.wal, sizes.wal === null ? `(${sizes.walReason})` : ''),
    ...(wal?.max !== undefined ? [part('write-ahead log, most during the load', wal.max)] : []),
    part(sizes.originalsInDatabase ? 'originals (inside the database)' : 'original files', sizes.originals),
    part('total', sizes.total),
    ...sizes.relations.map((r) => part(`${r.kind} ${r.name}`, r.bytes)),
  ];
  return lines;
}
