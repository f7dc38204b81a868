import { z } from 'zod';
import type { Config } from '../config';
import type { Deps } from '../context';
import { findDocumentForJob, updateDocument, type DocumentRow } from '../db/documents.repo';
import { replaceContent } from '../db/units.repo';
import { ConversionError, type Conversion } from '../ingest/converter';
import { splitPassages } from '../ingest/passages';
import { convertFile } from '../ingest/registry';
import { searchKeyOf } from '../services/document-metadata';
import { apaReference } from '../services/reference';
import type { JobDefinition, JobHandler } from './job-definition';

export const IngestPayload = z.object({ documentId: z.string().min(1) });
export type IngestPayload = z.infer<typeof IngestPayload>;

/** Reading an uploaded file into units and passages. Transient failures retry with backoff. */
export function ingestJob(config: Pick<Config, 'jobRetries'>): JobDefinition<IngestPayload> {
  return {
    name: 'ingest',
    payload: IngestPayload,
    retryLimit: config.jobRetries,
    retryDelaySeconds: 5,
    expireInSeconds: 3600,
  };
}

/** Progress reports, throttled so a 1,000-page PDF does not write 1,000 rows. */
function progressReporter(deps: Pick<Deps, 'db'>, id: string, fase: string, from: number, to: number) {
  let last = 0;
  let lastAt = 0;
  return async (fraction: number) => {
    const progreso = from + (to - from) * Math.min(1, Math.max(0, fraction));
    const now = Date.now();
    if (progreso - last < 0.05 && now - lastAt < 1000) return;
    last = progreso;
    lastAt = now;
    await updateDocument(deps.db, id, { estado: 'procesando', fase, progreso });
  };
}

/** Metadata a user gave wins; then what the file says; then what the upload guessed. */
function mergeMetadata(row: DocumentRow, found: Conversion['metadatos']) {
  const user = row.user_meta;
  return {
    titulo: user.titulo ?? found.titulo ?? row.titulo,
    autores: user.autores ?? found.autores ?? row.autores,
    anio: user.anio ?? found.anio ?? row.anio ?? null,
  };
}

export function ingestHandler(deps: Pick<Deps, 'db' | 'blobs' | 'log'>): JobHandler<IngestPayload> {
  return async (job) => {
    const id = job.data.documentId;
    const row = await findDocumentForJob(deps.db, id);
    if (!row || !row.blob_key) return; // deleted while queued
    await updateDocument(deps.db, id, { estado: 'procesando', fase: 'leyendo', progreso: 0.02, error: null });
    try {
      const path = await deps.blobs.localPath(row.blob_key);
      const conversion = await convertFile(
        {
          path,
          size: Number(row.size_bytes ?? 0),
          nombre: row.file_name ?? undefined,
          contentType: row.content_type ?? undefined,
          url: row.url ?? undefined,
        },
        { progress: progressReporter(deps, id, 'leyendo', 0.05, 0.85), signal: job.signal },
      );
      await updateDocument(deps.db, id, { fase: 'dividiendo', progreso: 0.9 });
      const passages = splitPassages(conversion.unidades);
      if (!(await findDocumentForJob(deps.db, id))) return; // deleted while reading
      await replaceContent(deps.db, id, conversion.unidades, passages);
      deps.log.info(`read ${id}: ${conversion.tipo}, ${conversion.unidades.length} units, ${passages.length} passages`);
      const meta = mergeMetadata(row, conversion.metadatos);
      await updateDocument(deps.db, id, {
        ...meta,
        tipo: conversion.tipo,
        unidades: conversion.unidades.length,
        duracion: conversion.metadatos.duracion ?? null,
        idioma: conversion.metadatos.idioma ?? null,
        referencia: apaReference({ ...meta, tipo: conversion.tipo, url: row.url }),
        searchKey: searchKeyOf(meta.titulo, meta.autores),
        estado: 'listo',
        fase: null,
        progreso: 1,
        error: null,
      });
    } catch (err) {
      if (err instanceof ConversionError) {
        await updateDocument(deps.db, id, { estado: 'error', fase: null, progreso: null, error: err.mensaje });
        return;
      }
      if (!(await findDocumentForJob(deps.db, id))) return;
      if (job.retryCount >= job.retryLimit) {
        deps.log.error(`ingest ${id} failed for good`, err);
        await markFailed(deps, id, job.retryCount + 1);
        return;
      }
      deps.log.info(`ingest ${id} failed, will retry (attempt ${job.retryCount + 1})`, err);
      await updateDocument(deps.db, id, { fase: 'reintentando' });
      throw err;
    }
  };
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
