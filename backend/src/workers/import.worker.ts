import type { Deps } from '../context';
import type { ImportPayload } from '../jobs/definitions';
import type { JobHandler } from '../jobs/job-definition';
import { markImportFailed, runImportJob } from '../services/import/run-import-job';

/** The import job's handler: the queue has validated the payload against `importJob`'s schema. */
export function importHandler(deps: Parameters<typeof runImportJob>[0]): JobHandler<ImportPayload> {
  return (job) => runImportJob(deps, job.data.importId, job);
}

/** An import job that exhausted its retries by crashing (its dead letter) ends failed. */
export function importDeadLetter(deps: Pick<Deps, 'db' | 'blobs' | 'config'>): (data: ImportPayload) => Promise<void> {
  return (data) => markImportFailed(deps, data.importId);
}
