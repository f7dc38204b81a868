import type { Deps } from '../../context';
import { findDocumentForJob } from '../../db/documents.repo';
import { markRereadFailed } from '../../db/rereads.repo';
import { ConversionError } from '../../ingest/converter';
import { READER_VERSIONS } from '../../ingest/reader-versions';
import { permanentFailure, type JobAttempt } from '../../jobs/job-definition';

/**
 * How a background re-read that threw ends. The document keeps its earlier reading and stays `listo`
 * whatever happened: a failure worth retrying is thrown while attempts remain; any other (the file's own
 * defect for this reader, data the database refuses, the last attempt) is logged and recorded, so the
 * document waits no longer for this reader version and no later start queues it again for it.
 */
export async function recordRereadFailure(
  deps: Pick<Deps, 'db' | 'log'>,
  id: string,
  job: Pick<JobAttempt<unknown>, 'retryCount' | 'retryLimit'>,
  err: unknown,
): Promise<void> {
  const retryable = !(err instanceof ConversionError) && !permanentFailure(err);
  if (retryable && job.retryCount < job.retryLimit) {
    deps.log.info(`background re-read of ${id} failed, will retry (attempt ${job.retryCount + 1})`, err);
    throw err;
  }
  deps.log.error(`background re-read of ${id} failed; its earlier reading stays in force`, err);
  await keepEarlierReading(deps, id);
}

/**
 * Gives up the background re-read of document `id` (also when its job exhausted its retries by crashing):
 * its earlier reading stays in force, and it no longer waits for its kind's current reader.
 */
export async function keepEarlierReading(deps: Pick<Deps, 'db'>, id: string): Promise<void> {
  const row = await findDocumentForJob(deps.db, id);
  if (row) await markRereadFailed(deps.db, id, READER_VERSIONS[row.tipo]);
}
