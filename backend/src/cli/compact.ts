import type { Config } from '../config';
import type { Db } from '../db/db';
import { compactStore } from '../services/store/compact-store';
import { formatBytes } from '../services/store/store-sizes';
import type { BlobStore } from '../storage/blob-store';
import { UsageError } from './args';

const USAGE =
  'Usage: folio compact [--full]\n' +
  '  Checkpoints and vacuums the store and prints what that freed. On the embedded store it always rewrites\n' +
  '  the tables (VACUUM FULL) and needs the server stopped; on a PostgreSQL server a plain VACUUM runs\n' +
  '  unless --full (which locks each table while it is rewritten: stop Folio first).';

/**
 * `compact [--full]`: checkpoint + vacuum, then a table of each part's size before and after. The embedded
 * store is opened (and locked) by the caller, so a running server makes this a StoreBusyError before any
 * work starts.
 */
export async function compactCommand(
  config: Pick<Config, 'databaseUrl'>,
  db: Db,
  blobs: BlobStore,
  args: string[],
  out: (line: string) => void,
): Promise<void> {
  const unknown = args.filter((a) => a !== '--full');
  if (unknown.length) throw new UsageError(`Unknown argument(s): ${unknown.join(' ')}\n${USAGE}`);
  // The embedded store is this process's alone, so rewriting it blocks nobody.
  const full = db.kind === 'pglite' || args.includes('--full');
  out(
    full
      ? 'Search index into blocks, checkpoint, VACUUM FULL, checkpoint…'
      : 'Search index into blocks, checkpoint, VACUUM, checkpoint…',
  );
  const { before, after, checkpointSkipped, postingsMoved } = await compactStore(db, blobs, { full });
  if (postingsMoved) out(`${postingsMoved.toLocaleString('en')} search postings moved into blocks`);
  const row = (name: string, a: number | null, b: number | null) => {
    const freed = a !== null && b !== null ? formatBytes(a - b) : '—';
    out(`${name.padEnd(20)} ${fmt(a).padStart(10)} → ${fmt(b).padStart(10)}   freed ${freed}`);
  };
  row('database', before.database, after.database);
  row('write-ahead log', before.wal, after.wal);
  row(before.originalsInDatabase ? 'originals (in db)' : 'original files', before.originals, after.originals);
  row('total', before.total, after.total);
  if (after.wal === null && after.walReason) out(`The write-ahead log is not readable here: ${after.walReason}`);
  if (checkpointSkipped) out(`No CHECKPOINT (the server's own checkpointer will run one): ${checkpointSkipped}`);
  if (config.databaseUrl && !full) out('A plain VACUUM makes space reusable inside the files; --full returns it.');
}

const fmt = (n: number | null) => (n === null ? 'unknown' : formatBytes(n));
