import type { Deps } from '../context';
import type { IngestPayload } from '../jobs/definitions';
import type { JobHandler } from '../jobs/job-definition';
import { ingestDocument, markFailed } from '../services/ingest-document';

type IngestWorkerDeps = Parameters<typeof ingestDocument>[0];

/**
 * The ingest job's handler: the queue has validated the payload against `ingestJob`'s schema; the reading
 * itself, its retries and its failures are `ingestDocument`'s.
 */
export function ingestHandler(deps: IngestWorkerDeps): JobHandler<IngestPayload> {
  return (job) => ingestDocument(deps, job.data.documentId, job);
}

/** A document whose ingest job exhausted its retries by crashing (its dead letter) ends failed. */
export function ingestDeadLetter(deps: Pick<Deps, 'db'>): (data: IngestPayload) => Promise<void> {
  return (data) => markFailed(deps, data.documentId);
}
