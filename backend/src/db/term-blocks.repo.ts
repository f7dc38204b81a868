import type { Db } from './db';
import { vacuumsItself } from './statistics.repo';
import { checkpointIfWalOver } from './store-size.repo';

/** Postings in the index's tail (passage_terms) past which they are moved into blocks (migration 030). */
export const COMPACT_POSTINGS = 250_000;
/** Postings moved per transaction: other writers of the tail wait for one batch at most. */
const COMPACT_BATCH = 100_000;
/**
 * A tail up to this size is moved in one statement and truncated; a larger one (a store indexed before
 * migration 030) in batches, whose log a checkpoint can recycle between two.
 */
const ONE_PASS_POSTINGS = 1_000_000;

/**
 * Moves the tail's postings into posting blocks (migration 030) once there are about `minPostings` of
 * them: a tail of ordinary size at once; a large one a range of terms per transaction, so that an
 * interrupted compaction is resumed by the next (`signal` stops it between two). Searches keep running
 * meanwhile. Returns the postings moved.
 */
export async function compactPassageTerms(
  db: Db,
  opts: {
    minPostings?: number;
    /** Postings per transaction; given, the tail moves in batches on either store. */
    batch?: number;
    signal?: AbortSignal;
    /**
     * Counts the tail rather than reading the activity counters, which the embedded store may have lost
     * in a restart: once per start or command, not after every document.
     */
    exact?: boolean;
  } = {},
): Promise<number> {
  const { minPostings = COMPACT_POSTINGS, batch = COMPACT_BATCH, signal } = opts;
  const estimate = opts.exact ? await tailPostings(db) : await estimatedTailPostings(db);
  if (signal?.aborted || estimate < minPostings) return 0;
  if (estimate <= ONE_PASS_POSTINGS && opts.batch === undefined) {
    return db.transaction(async (tx) => {
      // On a server, indexers wait until the tail is moved and truncated (a posting written meanwhile
      // would be truncated unmoved); searches only for the truncate and the commit after it. Deleting the moved rows instead left the tail's
      // index at the size of every posting ever written (110 MB of a 342 MB database at 20,000 passages):
      // a B-tree's emptied pages are reused, never given back.
      if (tx.kind === 'postgres') await tx.exec('LOCK TABLE passage_terms IN SHARE ROW EXCLUSIVE MODE');
      const [row] = await tx.query<{ n: number }>('SELECT compact_all_passage_terms() AS n');
      await tx.exec('TRUNCATE passage_terms');
      return row?.n ?? 0;
    });
  }
  const before = await tailPostings(db);
  const libraries = await db.query<{ lib: number }>(
    'SELECT u.lib FROM users u WHERE EXISTS (SELECT 1 FROM passage_terms pt WHERE pt.lib = u.lib) ORDER BY u.lib',
  );
  for (const { lib } of libraries) {
    let after = '';
    while (!signal?.aborted) {
      const [row] = await db.query<{ last: string | null }>(
        'SELECT compact_passage_terms($1::int, $2::text, $3::int) AS last',
        [lib, after, batch],
      );
      if (!row?.last) break;
      after = row.last;
      await checkpointIfWalOver(db); // the embedded store has no checkpointer of its own
    }
  }
  if (db.kind === 'pglite') {
    // One connection: nothing is indexed between the check and the truncate. The moved rows' pages and
    // their index's would otherwise stay at the tail's largest size.
    await db.transaction(async (tx) => {
      const [left] = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM passage_terms) AS any');
      if (!left?.any) await tx.exec('TRUNCATE passage_terms');
    });
  } else if (!(await vacuumsItself(db))) {
    await db.exec('VACUUM passage_terms, term_blocks');
  }
  return before - (await tailPostings(db));
}

/** The tail's postings as the activity counters have them (no scan), or counted where they are off. */
async function estimatedTailPostings(db: Db): Promise<number> {
  // Counters reach pg_stat_user_tables when the session is idle: flush this session's first.
  await db.query('SELECT pg_stat_force_next_flush()');
  const [row] = await db.query<{ n: number | null }>(
    `SELECT CASE WHEN current_setting('track_counts')::boolean
              THEN (SELECT n_live_tup FROM pg_stat_user_tables WHERE relname = 'passage_terms') END::float8 AS n`,
  );
  return row?.n ?? tailPostings(db);
}

async function tailPostings(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::float8 AS n FROM passage_terms');
  return row?.n ?? 0;
}
