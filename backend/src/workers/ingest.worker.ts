import type { Deps } from '../context';
import type { IngestPayload } from '../jobs/definitions';
import type { JobHandler } from '../jobs/job-definition';
import { ingestDocument, markFailed } from '../services/documents/ingest-document';
import { keepEarlierReading } from '../services/documents/reread-failure';

type IngestWorkerDeps = Parameters<typeof ingestDocument>[0];

/**
 * The ingest job's handler: the queue has validated the payload against `ingestJob`'s schema; the reading
 * itself, its retries and its failures are `ingestDocument`'s.
 */
export function ingestHandler(deps: IngestWorkerDeps): JobHandler<IngestPayload> {
  return (job) => ingestDocument(deps, job.data.documentId, job, { background: job.data.background });
}

/**
 * A document whose ingest job exhausted its retries by crashing (its dead letter) ends failed; one that was
 * being read again in the background keeps its earlier reading instead.
 */
export function ingestDeadLetter(deps: Pick<Deps, 'db'>): (data: IngestPayload) => Promise<void> {
  return (data) => (data.background ? keepEarlierReading(deps, data.documentId) : markFailed(deps, data.documentId));
}
