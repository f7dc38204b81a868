import type { Db } from './db';

/** Tables whose planner statistics decide how searches run. */
const SEARCH_TABLES = ['passage_terms', 'term_df', 'passages', 'passage_vectors', 'documents'];

/**
 * Refreshes the planner statistics of the search tables that changed much since they were last taken.
 * A PostgreSQL server's autovacuum does this by itself; the embedded store has no background workers,
 * and without statistics the planner takes a large library for an empty one (searches 3-10× slower).
 * On the embedded store it also checkpoints, so the write-ahead log can be recycled. Returns the tables
 * analyzed.
 */
export async function refreshSearchStatistics(db: Db): Promise<string[]> {
  const rows = await db.query<{ relname: string }>(
    `SELECT relname FROM pg_stat_user_tables
     WHERE relname IN (SELECT jsonb_array_elements_text($1::text::jsonb))
       AND n_mod_since_analyze > greatest(500, n_live_tup * 0.2)`,
    [JSON.stringify(SEARCH_TABLES)],
  );
  const stale = rows.map((r) => r.relname).filter((t) => SEARCH_TABLES.includes(t));
  if (stale.length) {
    await db.exec(`ANALYZE ${stale.join(', ')}`);
    // No checkpointer runs in the embedded store either: without one its write-ahead log only grows
    // (5 GB of it beside a 2 GB database after loading 100,000 passages).
    if (db.kind === 'pglite') await db.exec('CHECKPOINT');
  }
  return stale;
}
