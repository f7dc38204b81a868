import type { Db } from '../../db/db';
import { foldTermFrequencies } from '../../db/passage-terms.repo';
import { refreshSearchStatistics, vacuumsItself } from '../../db/statistics.repo';
import { checkpointIfWalOver } from '../../db/store-size.repo';
import { compactPassageTerms } from '../../db/term-blocks.repo';

/**
 * What the store needs after each document made ready, outside its transaction: the fold of document
 * frequencies when due, the move of the postings' tail into blocks once large, a checkpoint where the
 * embedded store's log has grown, and planner statistics and vacuums where no autovacuum runs. The ingest
 * job runs it after every document, and the benchmarks' loader does the same, so that they measure what
 * ingestion costs.
 */
export async function upkeepAfterDocument(db: Db): Promise<void> {
  // Document frequencies are folded in bulk, every few dozen documents (migration 028).
  await foldTermFrequencies(db);
  // The postings' tail is moved into blocks once large (migration 030).
  await compactPassageTerms(db);
  await checkpointIfWalOver(db); // the embedded store has no checkpointer of its own
  // A server's autovacuum keeps planner statistics and vacuums; the embedded store, or a server whose
  // autovacuum is off, needs asking.
  if (!(await vacuumsItself(db))) await refreshSearchStatistics(db);
}
