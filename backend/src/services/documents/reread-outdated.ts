import { setTimeout as delay } from 'node:timers/promises';
import type { Deps } from '../../context';
import { countOutdatedReadings, findOutdatedReadings, markRereadsQueued, stillOutdated } from '../../db/rereads.repo';
import { READER_VERSIONS } from '../../ingest/reader-versions';
import { ingestJob } from '../../jobs/definitions';

type SweepDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'log'>;

/** The start-up sweep of documents read by an older reader, running in the background of a worker process. */
export interface RereadSweep {
  /**
   * How many documents it queued, once each has been read again or given up (at once when none waited), or
   * once it was stopped; a failure of the sweep itself is logged and ends it with what it had queued.
   */
  finished: Promise<number>;
  /** Stops queuing (the re-reads already queued stay queued) and waits for the sweep to end. */
  stop(): Promise<number>;
}

/** How often the sweep looks whether the re-reads it queued are done, to queue the next ones. */
const POLL_MS = 1000;

/**
 * Re-reads, in the background, every ready document of any user whose original is stored and whose reading
 * is older than its kind's current reader (ingest/reader-versions.ts), through the ingest queue with
 * `background: true`: the document stays `listo` and searchable with its earlier reading until the new one
 * replaces it in one transaction. At most `batch` of them are queued at once, topped up as they finish, so
 * a library of thousands does not flood the queue ahead of users' uploads. Each document is marked with the
 * version it was queued for, so a later start queues it no more for that version, however its re-read ends.
 */
export function startRereadSweep(deps: SweepDeps, batch: number, pollMs = POLL_MS): RereadSweep {
  const controller = new AbortController();
  const tally = { queued: 0 };
  const finished = sweep(deps, batch, pollMs, controller.signal, tally).then(
    () => tally.queued,
    (err: unknown) => {
      deps.log.error('the re-read sweep stopped; the next start goes on with what it left', err);
      return tally.queued;
    },
  );
  return {
    finished,
    stop() {
      controller.abort();
      return finished;
    },
  };
}

async function sweep(deps: SweepDeps, batch: number, pollMs: number, signal: AbortSignal, tally: { queued: number }) {
  const waiting = await countOutdatedReadings(deps.db, READER_VERSIONS);
  if (!waiting) return;
  deps.log.info(
    `${waiting} document(s) read by an older reader wait to be read again: queuing those not queued yet, ${batch} at a time`,
  );
  let inFlight: string[] = [];
  let exhausted = false;
  for (;;) {
    inFlight = await stillOutdated(deps.db, READER_VERSIONS, inFlight);
    if (signal.aborted) return;
    if (!exhausted && inFlight.length < batch) {
      const room = batch - inFlight.length;
      const queued = await queueRereads(deps, room);
      exhausted = queued.length < room;
      inFlight.push(...queued);
      tally.queued += queued.length;
    }
    if (!inFlight.length) break;
    await delay(pollMs, undefined, { signal }).catch(() => {});
  }
  deps.log.info(`re-read sweep done: ${tally.queued} document(s) queued`);
}

/** Queues up to `limit` waiting documents not queued yet for their kind's current reader; returns their ids. */
async function queueRereads(deps: SweepDeps, limit: number): Promise<string[]> {
  const ids = await findOutdatedReadings(deps.db, READER_VERSIONS, limit);
  const job = ingestJob(deps.config);
  const sent: string[] = [];
  try {
    for (const id of ids) {
      await deps.queue.send(job, { documentId: id, background: true }, id);
      sent.push(id);
    }
  } finally {
    // Marked once sent: a stop in between queues a document again at the next start (its second job finds
    // it read, or reads it twice), where marking first could lose its re-read for good.
    await markRereadsQueued(deps.db, READER_VERSIONS, sent);
  }
  return sent;
}
