import type { Deps } from '../../context';
import { findImportJob, type ImportJobRow } from '../../db/import-jobs.repo';
import { waitUntilSettled } from '../documents/wait-for-document';

/**
 * The caller's import job, waiting up to `seconds` for it to finish (listo or error); woken by the job's
 * change events (LISTEN, so a worker in another process wakes it too). Another user's job is 404.
 */
export function waitForImport(
  deps: Pick<Deps, 'db' | 'events'>,
  userId: string,
  id: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<ImportJobRow> {
  return waitUntilSettled(deps, id, seconds, () => findImportJob(deps.db, userId, id), signal);
}
