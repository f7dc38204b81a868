import type { Deps } from '../../context';
import { compactPassageTerms } from '../../db/term-blocks.repo';

/** The compaction started with the service, and how to stop it. */
export interface IndexCompaction {
  /** Postings moved into blocks (0 when the tail was small). */
  done: Promise<number>;
  /** Stops it after the batch under way (the next start resumes it) and waits for that. */
  stop(): Promise<void>;
}

/**
 * Moves a large tail of the lexical index into posting blocks in the background once the service has
 * started: a library indexed before migration 030, whose postings are all still in the tail, or a
 * compaction cut short by a stop. Searches run meanwhile, reading the tail and the blocks; each batch is
 * its own transaction, so a stop loses nothing.
 */
export function startIndexCompaction(
  deps: Pick<Deps, 'db' | 'log'>,
  opts: { minPostings?: number; batch?: number } = {},
): IndexCompaction {
  const abort = new AbortController();
  const done = compactPassageTerms(deps.db, { ...opts, signal: abort.signal, exact: true })
    .then((moved) => {
      if (moved) deps.log.info(`moved ${moved} postings of the lexical index into blocks`);
      return moved;
    })
    .catch((err: unknown) => {
      deps.log.error('compacting the lexical index failed; the next ready document tries again', err);
      return 0;
    });
  return {
    done,
    async stop() {
      abort.abort();
      await done;
    },
  };
}
