import { z } from 'zod';
import type { Config } from '../config';
import type { JobDefinition } from './job-definition';

/*
 * Every kind of background job, each with its payload schema and retry policy, in one low layer: services
 * queue jobs through these and the queue interface; the handlers (workers/) import services, never the
 * other way round.
 */

export const IngestPayload = z.object({
  documentId: z.string().min(1),
  /**
   * A re-read queued by the start-up sweep for a reader that improved: the document stays `listo` with its
   * earlier reading, searchable, until the new one replaces it; a failure keeps the earlier reading.
   */
  background: z.boolean().optional(),
});
export type IngestPayload = z.infer<typeof IngestPayload>;

/**
 * Reading an uploaded file or a URL into units and passages. Transient failures (the database busy or
 * unreachable, an engine that crashed, the network) retry with backoff; a file's own defect (a conversion
 * error, data the database refuses) fails at once, saying what it is.
 */
export function ingestJob(config: Pick<Config, 'jobRetries'>): JobDefinition<IngestPayload> {
  return {
    name: 'ingest',
    payload: IngestPayload,
    retryLimit: config.jobRetries,
    // A worker that crashed is a transient failure too: its job should not wait long for another worker.
    retryDelaySeconds: 2,
    expireInSeconds: 3600,
  };
}

export const CitePayload = z.object({ citeId: z.string().min(1) });
export type CitePayload = z.infer<typeof CitePayload>;

/** Citing a text or a .docx (POST /citar). Transient failures (search, a model endpoint) retry with backoff. */
export function citeJob(config: Pick<Config, 'jobRetries'>): JobDefinition<CitePayload> {
  return {
    name: 'cite',
    payload: CitePayload,
    retryLimit: config.jobRetries,
    retryDelaySeconds: 2,
    expireInSeconds: 1800,
  };
}

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

export const ImportPayload = z.object({ importId: z.string().min(1) });
export type ImportPayload = z.infer<typeof ImportPayload>;

/**
 * Importing an uploaded library (POST /importaciones, the web page's /importar): unpacking it, reading it and
 * adding its items. Transient failures and a worker that crashed retry, and the import, idempotent by item
 * key, goes on where it stopped; an upload that is not a library fails at once, saying why.
 */
export function importJob(config: Pick<Config, 'jobRetries'>): JobDefinition<ImportPayload> {
  return {
    name: 'import-library',
    payload: ImportPayload,
    retryLimit: config.jobRetries,
    retryDelaySeconds: 2,
    // A library of thousands of items with their files: each is copied and queued, not read, here.
    expireInSeconds: 6 * 3600,
  };
}
