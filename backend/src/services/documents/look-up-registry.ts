import type { Deps } from '../../context';
import { findDocumentForJob } from '../../db/documents.repo';
import { lookUpDoi } from '../../ingest/metadata/identifiers/doi-lookup';
import { lookUpIsbn } from '../../ingest/metadata/identifiers/isbn-lookup';
import { applyRegistryRecord } from './apply-registry-record';

/**
 * Asks the registry for the record of a ready document's DOI (content negotiation) or ISBN (Open Library)
 * and puts it in force; a failure or a time-out leaves the extracted values, and says so in the log.
 */
export async function lookUpRegistry(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  documentId: string,
  signal: AbortSignal,
): Promise<void> {
  const lookup = deps.config.metadataLookup;
  if (!lookup) return;
  const row = await findDocumentForJob(deps.db, documentId);
  if (!row || row.estado !== 'listo') return;
  const isbn = row.detalles?.isbn;
  const options = { timeoutMs: lookup.timeoutMs, signal };
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
}
