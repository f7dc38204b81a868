import type { Deps } from '../../context';
import { lockUnfinishedDocument, unfinishedDocumentIds, updateDocument } from '../../db/documents.repo';
import { ingestJob } from '../../jobs/definitions';

type RequeueDeps = Pick<Deps, 'db' | 'queue' | 'config'>;

/** How many stranded documents one sweep looks at; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Queues an `ingest` job for a document left `en_cola` or `procesando` with no job that will act on it (a
 * process stopped between writing its row and queuing its job, before that was one transaction). In one
 * transaction: the row is locked, the queue asked again, the document put back `en_cola` and the job
 * sent, so two processes rescuing it at once queue it once. True when it was re-queued.
 */
export async function requeueIfStranded(deps: RequeueDeps, id: string): Promise<boolean> {
  const job = ingestJob(deps.config);
  await deps.queue.prepare(job);
  return deps.db.transaction(async (tx) => {
    if (!(await lockUnfinishedDocument(tx, id))) return false;
    if (await deps.queue.hasLiveJob(job, id, tx)) return false;
    await updateDocument(tx, id, { estado: 'en_cola', fase: 'en_cola', progreso: 0, error: null });
    await deps.queue.send(job, { documentId: id }, id, tx);
    return true;
  });
}

/**
 * Re-queues every document that has been `en_cola` or `procesando` for `idleSeconds` without a change and
 * has no live job, and logs which. `idleSeconds` leaves alone a document whose last job has just failed
 * for good and whose failure is being recorded (its dead letter is handled within seconds).
 */
export async function sweepStranded(deps: RequeueDeps & Pick<Deps, 'log'>, idleSeconds: number): Promise<string[]> {
  const rescued: string[] = [];
  const candidates = await unfinishedDocumentIds(deps.db, idleSeconds, SWEEP_LIMIT);
  if (!candidates.length) return rescued;
  // A backlog waits with its jobs: those are told apart in one read, so only the few left (being read, or
  // stranded) are checked one by one, each in its own transaction.
  const waiting = await deps.queue.waitingKeys(ingestJob(deps.config));
  for (const id of candidates) {
    if (!waiting.has(id) && (await requeueIfStranded(deps, id))) rescued.push(id);
  }
  if (rescued.length) {
    deps.log.info(`re-queued ${rescued.length} document(s) left queued or being read with no job`, { rescued });
  }
  return rescued;
}

/** A sweep of stranded documents now and then every `intervalSeconds`, until stopped. */
export interface StrandedSweep {
  /** The first sweep's rescued documents. */
  first: Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Sweeps at once (with `firstIdleSeconds`: 0 where no other process can be mid-upload) and then every
 * `intervalSeconds`, counting a document stranded after `intervalSeconds` without a change.
 */
export function startStrandedSweep(
  deps: RequeueDeps & Pick<Deps, 'log'>,
  intervalSeconds: number,
  firstIdleSeconds: number,
): StrandedSweep {
  let running: Promise<string[]> | undefined;
  // A sweep still running when the timer comes round is left to finish; the next tick takes what it left.
  const run = (idle: number) =>
    (running ??= sweepStranded(deps, idle)
      .catch((err: unknown) => {
        deps.log.error('the sweep of stranded documents failed; the next one tries again', err);
        return [] as string[];
      })
      .finally(() => {
        running = undefined;
      }));
  const first = run(firstIdleSeconds);
  const timer = setInterval(() => void run(intervalSeconds), intervalSeconds * 1000);
  timer.unref();
  return {
    first,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
