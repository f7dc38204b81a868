import { z } from 'zod';
import type { Deps } from '../context';
import { findDocumentForJob } from '../db/documents.repo';
import { lookUpDoi } from '../ingest/identifiers/doi-lookup';
import { lookUpIsbn } from '../ingest/identifiers/isbn-lookup';
import { applyRegistryRecord } from '../services/apply-registry-record';
import type { JobDefinition, JobHandler } from './job-definition';

export const LookupPayload = z.object({ documentId: z.string().min(1) });
export type LookupPayload = z.infer<typeof LookupPayload>;

/**
 * Asking a registry for the record of a ready document's DOI or ISBN. It runs after the document is
 * `listo`, so nothing waits on the network; a failure or a time-out leaves the extracted values, and is
 * not retried (a registry that is down now will be asked again at the next re-read).
 */
export const lookupJob: JobDefinition<LookupPayload> = {
  name: 'metadata-lookup',
  payload: LookupPayload,
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
};

export function lookupHandler(deps: Pick<Deps, 'db' | 'config' | 'log'>): JobHandler<LookupPayload> {
  return async (job) => {
    const lookup = deps.config.metadataLookup;
    if (!lookup) return;
    const row = await findDocumentForJob(deps.db, job.data.documentId);
    if (!row || row.estado !== 'listo') return;
    const isbn = row.detalles?.isbn;
    const options = { timeoutMs: lookup.timeoutMs, signal: job.signal };
    const outcome = row.doi
      ? await lookUpDoi(row.doi, { ...options, baseUrl: lookup.doiResolver })
      : isbn
        ? await lookUpIsbn(isbn, { ...options, baseUrl: lookup.isbnResolver })
        : undefined;
    if (!outcome) return;
    if ('failure' in outcome) {
      deps.log.info(`metadata look-up for ${row.id}: ${outcome.failure}; the extracted values stand`);
      return;
    }
    await applyRegistryRecord(deps, row.id, outcome.record);
  };
}
