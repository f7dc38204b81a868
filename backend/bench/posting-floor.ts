/**
 * The store's own floor for writing a lexical index: the postings a load wrote (one row per passage and
 * term, as `passage_terms` holds them before they are moved into blocks; read from `passage_postings`,
 * which holds them all), copied as they are into a table with the same columns and indexes. No
 * stemming, no scoring, no statistics: only the rows and their B-tree indexes. What a load costs beyond
 * this is Folio's; what this costs is PostgreSQL's, whatever Folio does.
 *
 * Two floors: all postings in one statement with the table's indexes, and, as ingestion writes them, one
 * statement per document into a table with only the impact-ordered index every lexical search reads
 * (`passage_terms_impact`, since migration 029 the table's only one): no layout with one row per passage
 * and term goes below that one.
 */
import type { Db } from '../src/db/db';

export interface PostingFloor {
  postings: number;
  /** All postings, one statement, the table's indexes. */
  ms: number;
  /** Document by document, the impact-ordered index alone. */
  impactIndexMs: number;
}

/** Times both copies into scratch tables, then drops them. */
export async function postingWriteFloor(db: Db): Promise<PostingFloor> {
  try {
    await db.exec(
      'DROP TABLE IF EXISTS bench_postings, bench_impact; CREATE TABLE bench_postings (LIKE passage_terms INCLUDING INDEXES)',
    );
    const t0 = performance.now();
    // Passage by passage, as documents arrive, rather than already sorted by term.
    await db.exec(
      `INSERT INTO bench_postings (lib, term, impact, pid)
       SELECT pp.lib, x.term, x.impact, pp.pid FROM passage_postings pp, unnest(pp.terms, pp.impacts) AS x(term, impact)
       ORDER BY pp.pid`,
    );
    const ms = performance.now() - t0;
    const [row] = await db.query<{ n: number }>('SELECT count(*)::float8 AS n FROM bench_postings');

    await db.exec(
      `CREATE TABLE bench_impact (LIKE passage_terms);
       CREATE INDEX ON bench_impact (lib, term, impact DESC) INCLUDE (pid)`,
    );
    // Each document's passages are a range of pids (assigned in order as its passages are written).
    // The source read by pid range (untimed): passage_terms itself has no pid index since migration 029.
    await db.exec('CREATE INDEX ON bench_postings (pid); ANALYZE bench_postings');
    const documents = await db.query<{ first: number; last: number }>(
      'SELECT min(pid) AS first, max(pid) AS last FROM passages GROUP BY document_id ORDER BY 1',
    );
    const t1 = performance.now();
    for (const d of documents) {
      await db.query('INSERT INTO bench_impact SELECT * FROM bench_postings WHERE pid BETWEEN $1 AND $2', [
        d.first,
        d.last,
      ]);
    }
    const impactIndexMs = performance.now() - t1;
    return { postings: row?.n ?? 0, ms, impactIndexMs };
  } finally {
    await db.exec('DROP TABLE IF EXISTS bench_postings, bench_impact');
  }
}
