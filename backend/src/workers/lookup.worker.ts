import type { LookupPayload } from '../jobs/definitions';
import type { JobHandler } from '../jobs/job-definition';
import { lookUpRegistry } from '../services/documents/look-up-registry';

/** The metadata-lookup job's handler: the queue has validated the payload against `lookupJob`'s schema. */
export function lookupHandler(deps: Parameters<typeof lookUpRegistry>[0]): JobHandler<LookupPayload> {
  return (job) => lookUpRegistry(deps, job.data.documentId, job.signal);
}
