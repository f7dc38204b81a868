import type { Deps } from '../context';
import type { CitePayload } from '../jobs/definitions';
import type { JobHandler } from '../jobs/job-definition';
import { markCiteFailed, runCiteJob } from '../services/cite/run-cite-job';

/** The cite job's handler: the queue has validated the payload against `citeJob`'s schema. */
export function citeHandler(deps: Parameters<typeof runCiteJob>[0]): JobHandler<CitePayload> {
  return (job) => runCiteJob(deps, job.data.citeId, job);
}

/** A cite job that exhausted its retries by crashing (its dead letter) ends failed. */
export function citeDeadLetter(deps: Pick<Deps, 'db'>): (data: CitePayload) => Promise<void> {
  return (data) => markCiteFailed(deps, data.citeId);
}
