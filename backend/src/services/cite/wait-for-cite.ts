import type { Deps } from '../../context';
import { findCiteJob, type CiteJobRow } from '../../db/cite-jobs.repo';
import { waitUntilSettled } from '../documents/wait-for-document';

/**
 * The caller's cite job, waiting up to `seconds` for it to finish (listo or error); woken by the job's
 * change events (LISTEN, so a worker in another process wakes it too).
 */
export function waitForCite(
  deps: Pick<Deps, 'db' | 'events'>,
  userId: string,
  id: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<CiteJobRow> {
  return waitUntilSettled(deps, id, seconds, () => findCiteJob(deps.db, userId, id), signal);
}
