import type { Deps } from '../context';
import { findDocumentForJob } from '../db/documents.repo';
import { lookUpDoi } from '../ingest/identifiers/doi-lookup';
import { lookUpIsbn } from '../ingest/identifiers/isbn-lookup';
import type { LookupPayload } from '../jobs/definitions';
import type { JobHandler } from '../jobs/job-definition';
import { applyRegistryRecord } from '../services/apply-registry-record';

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
