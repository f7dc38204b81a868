import type { Db } from './db';

/** Tables whose planner statistics decide how searches run. */
const SEARCH_TABLES = [
  'passage_terms',
  'term_blocks',
  'passage_postings',
  'term_df',
  'passages',
  'passage_vectors',
  'documents',
];

/**
 * Changed rows a table's analyze also waits for, beyond autovacuum's threshold. The postings' tail is read
 * by its impact index only, keyed by library and term, ordered and limited: the same plan at any size.
 * Emptied at each compaction, it was analyzed again at every 10 % of growth (after nearly every document
 * while small), and each analyze samples 30,000 rows: a third of an embedded ingestion's time (issue 37).
 * It is still vacuumed at autovacuum's threshold, which keeps its index-only scans off the table.
 */
const ANALYZE_AFTER: Record<string, number> = { passage_terms: 200_000 };

/**
 * Whether the database vacuums and analyzes its tables by itself: a server with autovacuum on (and the
 * activity counters it needs). Not the embedded store, which runs no background workers, nor a server
 * whose autovacuum is off: on one, a 20,000-passage library searched 6 times slower (p50 42 ms, 6.3 ms
 * once vacuumed), its index-only scans reading the table and its frequency look-ups walking 1.25 million
 * dead rows of term_df_changes (vacuumed after each fold, foldTermFrequencies).
 */
export async function vacuumsItself(db: Db): Promise<boolean> {
  if (db.kind === 'pglite') return false;
  const [row] = await db.query<{ on: boolean }>(
    "SELECT current_setting('autovacuum')::boolean AND current_setting('track_counts')::boolean AS on",
  );
  return row?.on ?? false;
}

/**
 * Does after writes what a PostgreSQL server's autovacuum does by itself, for the search tables: analyze
 * at its default threshold (50 + 10 % of a table's rows changed), vacuum after 1,000 rows or 20 % of the
 * table written or dead (a document's progress updates leave dead rows all along; vacuuming for each
 * few made small uploads slower): the embedded store has no background workers. Without statistics the planner
 * takes a library for an empty one: a library of 146 documents, never analyzed under a 500-row floor,
 * was planned as one document, and a search filtered by type read all 5,000 passages' postings (p50
 * 662 ms, 40 ms once analyzed). Without a vacuum the visibility map stays empty, so every index-only scan
 * of the postings reads the table too (SciFact claims at 100,000 passages: p95 114 ms before, 26 ms
 * after). The embedded store also checkpoints, so the write-ahead log can be recycled. On a server whose
 * autovacuum runs it only analyzes, and only when autovacuum has not yet; on one whose autovacuum is off it
 * vacuums too. Returns the tables refreshed.
 */
export async function refreshSearchStatistics(db: Db): Promise<string[]> {
  const embedded = db.kind === 'pglite';
  const vacuumHere = !(await vacuumsItself(db));
  // Counters reach pg_stat_user_tables when the session is idle, at most once a second: flush ours.
  await db.query('SELECT pg_stat_force_next_flush()');
  const stale = await db.query<{ relname: string; vacuum: boolean; analyze: boolean }>(
    `SELECT relname, needs_vacuum AS vacuum, needs_analyze AS analyze FROM (
       SELECT relname,
         n_mod_since_analyze > greatest(50 + n_live_tup * 0.1, coalesce(($3::text::jsonb ->> relname)::float8, 0))
           AS needs_analyze,
         -- Vacuumed here only where no autovacuum does it.
         $2::boolean AND (n_ins_since_vacuum + n_dead_tup) > greatest(1000, n_live_tup * 0.2) AS needs_vacuum
       FROM pg_stat_user_tables
       WHERE relname IN (SELECT jsonb_array_elements_text($1::text::jsonb))) t
     WHERE needs_analyze OR needs_vacuum`,
    [JSON.stringify(SEARCH_TABLES), vacuumHere, JSON.stringify(ANALYZE_AFTER)],
  );
  if (!stale.length) return [];
  const names = (rows: typeof stale) => rows.map((r) => r.relname).join(', ');
  const both = stale.filter((r) => r.vacuum && r.analyze);
  const vacuumOnly = stale.filter((r) => r.vacuum && !r.analyze);
  const analyzeOnly = stale.filter((r) => !r.vacuum);
  // VACUUM cannot run inside a transaction block, and takes one table list per statement.
  if (both.length) await db.exec(`VACUUM (ANALYZE) ${names(both)}`);
  if (vacuumOnly.length) await db.exec(`VACUUM ${names(vacuumOnly)}`);
  if (analyzeOnly.length) await db.exec(`ANALYZE ${names(analyzeOnly)}`);
  const vacuum = [...both, ...vacuumOnly];
  // No checkpointer runs in the embedded store either: without one its write-ahead log only grows
  // (5 GB of it beside a 2 GB database after loading 100,000 passages). Once per vacuum (every
  // 1,000 rows or 20 % of a table written), not at each analyze.
  if (vacuum.length && embedded) await db.exec('CHECKPOINT');
  return stale.map((r) => r.relname);
}
