/**
 * The store's own floor for writing a lexical index: the postings a load wrote (one row per passage and
 * term, in `passage_terms`), copied as they are into a table with the same columns and indexes, in one
 * statement. No stemming, no scoring, no statistics: only the rows and their two B-tree indexes. What a
 * load costs beyond this is Folio's; what this costs is PostgreSQL's, whatever Folio does.
 */
import type { Db } from '../src/db/db';

export interface PostingFloor {
  postings: number;
  ms: number;
}

/** Copies the library's postings into a scratch table with passage_terms' indexes, timed; then drops it. */
export async function postingWriteFloor(db: Db): Promise<PostingFloor> {
  await db.exec(
    'DROP TABLE IF EXISTS bench_postings; CREATE TABLE bench_postings (LIKE passage_terms INCLUDING INDEXES)',
  );
  try {
    const t0 = performance.now();
    // Passage by passage, as documents arrive, rather than already sorted by term.
    await db.exec('INSERT INTO bench_postings SELECT * FROM passage_terms ORDER BY pid');
    const ms = performance.now() - t0;
    const [row] = await db.query<{ n: number }>('SELECT count(*)::float8 AS n FROM bench_postings');
    return { postings: row?.n ?? 0, ms };
  } finally {
    await db.exec('DROP TABLE IF EXISTS bench_postings');
  }
}
