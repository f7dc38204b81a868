import type { Db } from '../../db/db';
import { compactPassageTerms } from '../../db/term-blocks.repo';
import { checkpoint, vacuum } from '../../db/store-size.repo';
import type { BlobStore } from '../../storage/blob-store';
import { storeSizes, type StoreSizes } from './store-sizes';

/** The sizes before and after a compaction, and what it did. */
export interface Compaction {
  before: StoreSizes;
  after: StoreSizes;
  /** Postings of the lexical index moved from its tail into blocks. */
  postingsMoved: number;
  /** VACUUM FULL (files rewritten, free space returned) rather than a plain VACUUM. */
  full: boolean;
  /** Why the CHECKPOINT was not run (a server role without the right to it), when it was not. */
  checkpointSkipped?: string;
}

/**
 * Moves the lexical index's tail into blocks, checkpoints and vacuums the store. `full` rewrites every table and index (VACUUM FULL) so their free
 * space goes back to the file system; it locks each table while it runs, so it is meant for a store no
 * server is using: always the case on the embedded store, which is locked to this process. The WAL that
 * the rewrite itself writes is recycled by the checkpoint after it.
 */
export async function compactStore(db: Db, blobs: BlobStore, opts: { full: boolean }): Promise<Compaction> {
  const before = await storeSizes(db, blobs);
  let checkpointSkipped: string | undefined;
  // On a server CHECKPOINT needs superuser or pg_checkpoint; its own checkpointer will get there anyway.
  const tryCheckpoint = async () => {
    try {
      await checkpoint(db);
    } catch (err) {
      checkpointSkipped = (err as Error).message;
    }
  };
  // The lexical index's tail, however small, into blocks: a tenth of the space (migration 030).
  const postingsMoved = await compactPassageTerms(db, { minPostings: 1, exact: true });
  await tryCheckpoint();
  await vacuum(db, opts.full);
  await tryCheckpoint();
  const after = await storeSizes(db, blobs);
  return {
    before,
    after,
    full: opts.full,
    postingsMoved,
    ...(checkpointSkipped !== undefined && { checkpointSkipped }),
  };
}
