import type { Deps } from '../../context';
import { findDocumentForJob, updateDocument, type Details, type DocumentRow } from '../../db/documents.repo';
import { indexPassageTerms } from '../../db/passage-terms.repo';
import { replaceContent, type NewPassage, type PassageIndexing } from '../../db/units.repo';
import { ensureVectorIndex, storeVectors } from '../../db/vectors.repo';
import { ConversionError, DEFAULT_LIMITS, type Conversion, type ConvertContext } from '../../ingest/converter';
import { cleanStrings } from '../../text/clean-text';
import { MediaConversionError } from '../../ingest/media/media-errors';
import { splitPassages } from '../../ingest/passages';
import { isOutdatedReading, READER_VERSIONS } from '../../ingest/reader-versions';
import { foldText } from '../../text/fold';
import { passageIndexing } from '../../search/passage-indexing';
import { lookupJob } from '../../jobs/definitions';
import { permanentFailure, type JobAttempt } from '../../jobs/job-definition';
import { PhaseTimeoutError, phaseProgress } from '../../jobs/phase-progress';
import { fileLayer } from '../../metadata/file-layer';
import { resolveMetadata, valuesOf, type MetadataLayers } from '../../metadata/resolve-metadata';
import { convertSource } from './convert-source';
import { embedPassages, type PassageVectors } from './embed-passages';
import { metadataInForce } from './metadata-in-force';
import { storedLayers } from './metadata-layers';
import { readable, warningOf, type Readable } from './reading-warning';
import { recordRereadFailure } from './reread-failure';
import { upkeepAfterDocument } from '../store/upkeep-after-document';

type IngestDeps = Pick<Deps, 'db' | 'blobs' | 'log' | 'config' | 'engines' | 'queue' | 'reader'>;

/** The attempt of the ingest job running this reading: its retries, and the signal that stops it. */
export type IngestAttempt = Pick<JobAttempt<unknown>, 'retryCount' | 'retryLimit' | 'signal'>;

/**
 * A background reading (`background`, queued by the start-up sweep for a reader that improved) leaves what a
 * user sees alone until its last write: no `procesando`, no progress, and a failure keeps the earlier reading.
 */
export interface IngestOptions {
  background?: boolean;
}

/**
 * Reads a document (its file, or its URL) into units, passages, vectors and postings and makes it ready.
 * Everything slow (download, conversion, OCR, transcription, embeddings) happens before the index is
 * written; the index writes and the ready state are one transaction, so a search never sees half a
 * document. A file's own defect ends it in `error` at once; other failures throw to be retried, and the
 * last attempt records the failure instead. A background re-read (`opts.background`) keeps the document `listo`
 * and searchable with its earlier reading until the transaction that replaces it.
 */
export async function ingestDocument(
  deps: IngestDeps,
  id: string,
  job: IngestAttempt,
  opts: IngestOptions = {},
): Promise<void> {
  const background = opts.background === true;
  const row = await findDocumentForJob(deps.db, id);
  if (!row) return; // deleted while queued
  // Read again meanwhile (its user asked), or no longer ready: nothing left for the background to do.
  if (background && !(row.estado === 'listo' && isOutdatedReading(row.tipo, row.reader_version))) return;
  const progress = phaseProgress(deps, id, {
    phaseMs: deps.config.phaseMinutes * 60_000,
    signal: job.signal,
    report: !background,
  });
  if (!background) await markProcessing(deps, id);
  try {
    const { read, fromPage } = await readSource(deps, row, {
      progress: progress.progress,
      phase: progress.phase,
      signal: progress.signal,
      engines: deps.engines,
      limits: DEFAULT_LIMITS,
      threads: deps.config.pdfThreads,
    });
    await progress.phase('indexado');
    const passages = splitPassages(read.conversion.unidades);
    const current = await findDocumentForJob(deps.db, id);
    if (!current) return; // deleted while reading
    const indexing = indexingOf({ ...row, user_meta: current.user_meta }, read.conversion);
    const vectors = await embedPassages(deps, id, passages, progress.progress, progress.signal);
    const ready = await writeIndex(deps, row, { read, fromPage, passages, indexing, vectors }, background);
    if (!ready) return; // deleted while embedding, or (background) being read again at its user's request
    // A background re-read asks the registry only for an identifier the earlier reading did not have.
    const { doi, detalles } = ready.details;
    const askRegistry = !background || doi !== row.doi || detalles.isbn !== row.detalles?.isbn;
    await afterReady(deps, id, ready, vectors, askRegistry);
  } catch (caught) {
    // A converter stopped by the phase clock may throw its own abort error: the reason says why.
    const err = progress.signal.reason instanceof PhaseTimeoutError ? progress.signal.reason : caught;
    if (background) await recordRereadFailure(deps, id, job, err);
    else await recordFailure(deps, row, job, err);
  } finally {
    progress.done();
  }
}

/** The document is being read: its earlier error and warning are cleared. */
async function markProcessing(deps: Pick<Deps, 'db'>, id: string): Promise<void> {
  await updateDocument(deps.db, id, {
    estado: 'procesando',
    fase: 'conversion',
    progreso: 0.02,
    error: null,
    aviso: null,
  });
}

/**
 * The document's source, converted and made storable: the one place a conversion's strings (titles,
 * authors, unit text, metadata) pass on their way to the database, where characters no text column takes
 * are removed whatever the converter; then garbled pages are left out.
 */
async function readSource(
  deps: IngestDeps,
  row: DocumentRow,
  ctx: ConvertContext,
): Promise<{ read: Readable; fromPage: boolean }> {
  const { conversion, fromPage } = await convertSource(deps, row, ctx);
  return { read: readable(cleanStrings(conversion)), fromPage };
}

/**
 * How lexical search indexes each passage: the language the user or the file declares, and the title in
 * force when the passages are split (a heading that only repeats it is left out).
 */
function indexingOf(now: DocumentRow, conversion: Conversion): (p: NewPassage) => PassageIndexing {
  const values = valuesOf(resolveMetadata(readingLayers(now, conversion.metadatos, conversion.tipo, false)));
  const declared = values.idioma ?? now.idioma;
  return (p) => passageIndexing(p, declared, values.titulo);
}

/** The layers of a reading: those the row keeps, with the file's as this reading found it. */
function readingLayers(
  row: DocumentRow,
  found: Conversion['metadatos'],
  tipo: Conversion['tipo'],
  fromPage: boolean,
): MetadataLayers {
  return { ...storedLayers(row), tipo, file: fileLayer(found, tipo, fromPage) };
}

/** What a reading stores: the conversion, its passages and how each is indexed, and their embeddings. */
interface ReadContent {
  read: Readable;
  /** The conversion came from a web page (read from its URL or a captured HTML file). */
  fromPage: boolean;
  passages: NewPassage[];
  indexing: (p: NewPassage) => PassageIndexing;
  vectors: PassageVectors | undefined;
}

/**
 * Writes the index and makes the document ready, in one transaction: units and passages, vectors, BM25
 * postings, and the metadata in force with `listo`. The user may have corrected the document while it was
 * being read: `user_meta` is read again here, and their values are the ones written. Returns the details
 * in force, or undefined when the document was deleted meanwhile (or, for a background re-read, is no
 * longer ready: its user asked for a reading of their own, which writes instead).
 */
async function writeIndex(
  deps: Pick<Deps, 'db' | 'log' | 'engines'>,
  row: DocumentRow,
  content: ReadContent,
  background: boolean,
): Promise<{ details: { doi: string | null; detalles: Details } } | undefined> {
  const { read, fromPage, passages, indexing, vectors } = content;
  const { conversion } = read;
  const id = row.id;
  return deps.db.transaction(async (tx) => {
    const latest = await findDocumentForJob(tx, id);
    if (!latest || (background && latest.estado !== 'listo')) return undefined;
    const fields = await replaceContent(tx, id, conversion.unidades, passages, indexing);
    if (vectors) await storeVectors(tx, id, vectors.model, vectors.vectors);
    // The user may have corrected it, and a registry answered, while it was being read.
    const now = { ...row, user_meta: latest.user_meta, source_meta: latest.source_meta };
    const { values, patch } = metadataInForce(now, readingLayers(now, conversion.metadatos, conversion.tipo, fromPage));
    await indexPassageTerms(tx, id, foldText(values.titulo), fields);
    deps.log.info(`read ${id}: ${conversion.tipo}, ${conversion.unidades.length} units, ${passages.length} passages`);
    await updateDocument(tx, id, {
      ...patch,
      tipo: conversion.tipo,
      readerVersion: READER_VERSIONS[conversion.tipo],
      unidades: conversion.unidades.length,
      duracion: conversion.metadatos.duracion ?? null,
      estado: 'listo',
      fase: null,
      progreso: 1,
      error: null,
      aviso: warningOf(read, passages.length, Boolean(deps.engines.ocr), deps.engines.ocr?.languages ?? []),
    });
    return { details: { doi: values.doi, detalles: values.detalles } };
  });
}

/**
 * What follows a ready document, none of which it waits on: the model's vector index once it has enough
 * vectors (built outside the index transaction, whose lock it would hold until commit), the registry's
 * record of its DOI or ISBN (unless `askRegistry` is false: a sweep re-reading thousands of documents would
 * send as many requests, for records kept in `source_meta` that the reading has just put in force again),
 * and the store's upkeep (services/store/upkeep-after-document.ts).
 */
async function afterReady(
  deps: IngestDeps,
  id: string,
  ready: { details: { doi: string | null; detalles: Details } },
  vectors: PassageVectors | undefined,
  askRegistry: boolean,
): Promise<void> {
  const first = vectors?.vectors[0];
  if (vectors && first) await ensureVectorIndex(deps.db, vectors.model, first.embedding.length);
  if (askRegistry && deps.config.metadataLookup && (ready.details.doi || ready.details.detalles.isbn)) {
    await deps.queue.send(lookupJob, { documentId: id }, id);
  }
  await upkeepAfterDocument(deps.db);
}

/**
 * How a reading that threw ends. A conversion error (the file's own defect, a phase past its time) ends
 * the document in `error` with its reason; data the database refuses is refused again on every attempt, so
 * it is said at once; anything else is thrown to be retried, until the last attempt marks it failed.
 */
async function recordFailure(deps: IngestDeps, row: DocumentRow, job: IngestAttempt, err: unknown): Promise<void> {
  const id = row.id;
  if (err instanceof ConversionError) {
    await recordConversionError(deps, row, err);
    return;
  }
  if (!(await findDocumentForJob(deps.db, id))) return;
  const permanent = permanentFailure(err);
  if (permanent) {
    deps.log.error(`ingest ${id} failed for good: the document's own data`, err);
    await updateDocument(deps.db, id, { estado: 'error', fase: null, progreso: null, error: permanent });
    return;
  }
  if (job.retryCount >= job.retryLimit) {
    deps.log.error(`ingest ${id} failed for good`, err);
    await markFailed(deps, id, job.retryCount + 1);
    return;
  }
  deps.log.info(`ingest ${id} failed, will retry (attempt ${job.retryCount + 1})`, err);
  await updateDocument(deps.db, id, { fase: 'reintentando' });
  throw err;
}

/**
 * A document stopped by its file's own defect: its reason; a media file with no text source still tells its
 * duration and tags.
 */
async function recordConversionError(deps: Pick<Deps, 'db'>, row: DocumentRow, err: ConversionError): Promise<void> {
  const media = err instanceof MediaConversionError ? err : undefined;
  const known = media && metadataInForce(row, readingLayers(row, media.metadatos, media.tipo, false)).patch;
  await updateDocument(deps.db, row.id, {
    ...known,
    ...(media && { tipo: media.tipo, duracion: media.metadatos.duracion ?? null }),
    estado: 'error',
    fase: null,
    progreso: null,
    error: err.mensaje,
  });
}

/** Ends a document whose ingestion kept failing (also called for jobs killed by crashes). */
export async function markFailed(deps: Pick<Deps, 'db'>, id: string, attempts?: number): Promise<void> {
  const row = await findDocumentForJob(deps.db, id);
  if (!row || row.estado === 'listo') return;
  const times = attempts ? ` tras ${attempts} intentos` : '';
  await updateDocument(deps.db, id, {
    estado: 'error',
    fase: null,
    progreso: null,
    error: `No se pudo leer el documento${times} por un fallo interno. Súbelo de nuevo para reintentar.`,
  });
}
