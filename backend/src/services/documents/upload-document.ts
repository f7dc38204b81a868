import fs from 'node:fs/promises';
import type { Deps } from '../../context';
import {
  findDocument,
  findDocumentBySha,
  insertDocument,
  updateDocument,
  type DocumentRow,
} from '../../db/documents.repo';
import { documentMadeWithKey } from '../../db/idempotency.repo';
import { newId } from '../../ids';
import { detectKind } from '../../ingest/detect';
import { uploadTipo } from '../../ingest/tipo-of-kind';
import { ingestJob } from '../../jobs/definitions';
import type { UserMeta } from '../../metadata/metadata-types';
import {
  claimOrReplay,
  releaseClaim,
  rememberResource,
  requestFingerprint,
  type IdempotentRequest,
} from '../idempotency';
import { originsOf, resolveMetadata, valuesOf } from '../../metadata/resolve-metadata';
import { searchKeyOf } from './document-metadata';
import { requeueIfStranded } from './requeue-stranded';

/** A file the HTTP layer has streamed to a temporary path, with its fingerprint. */
export interface IncomingFile {
  tmpPath: string;
  sha256: string;
  size: number;
  nombre?: string;
  contentType?: string;
}

/** What the user said about the document at upload; it wins over what the file says. */
export interface UploadMeta {
  titulo?: string;
  autores?: string[];
  anio?: number;
  biblioteca?: string;
  url?: string;
  /** The whole user layer, when it comes from elsewhere than the upload's fields (an imported library's record). */
  userMeta?: UserMeta;
}

export type UploadOutcome = 'created' | 'duplicate' | 'replayed';

const OPERATION = 'subir';

/**
 * Stores an uploaded file and queues its ingestion. Same bytes for the same user give back the
 * existing document; a repeated Idempotency-Key gives back the document it created, and the same key
 * with another file or other metadata is refused (409 conflicto).
 *
 * The bytes are stored first; then the document row, its ingest job and the key are written in one
 * transaction, so a process stopped at any point leaves either nothing (a stored file no row names, which
 * a retry stores again under a new id) or a queued document with its job. A document found again that is
 * still queued or being read with no job (left so by a stop before this was one transaction) is given its
 * bytes again and re-queued; one that failed is tried again.
 */
export async function uploadFile(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  userId: string,
  file: IncomingFile,
  meta: UploadMeta,
  idempotencyKey?: string,
  /** How long to wait for an earlier request still holding the key before the retryable 409; 30 s by default. */
  claimWaitMs?: number,
): Promise<{ row: DocumentRow; outcome: UploadOutcome; madeByKey?: boolean }> {
  const { db } = deps;
  try {
    const idem = idempotencyKey
      ? {
          key: idempotencyKey,
          fingerprint: requestFingerprint({ entrada: 'archivo', sha256: file.sha256, nombre: file.nombre, meta }),
        }
      : undefined;
    const previousId = await claimOrReplay(db, userId, OPERATION, idem, claimWaitMs);
    const previous = previousId && (await findDocument(db, userId, previousId));
    if (previous) {
      // Whether the earlier request made the document or found it there (an import resumed after a stop
      // between its upload and its record counts the item it made as new).
      const madeByKey = await documentMadeWithKey(db, userId, OPERATION, idem!.key);
      return { row: await resumeDocument(deps, previous, file, false), outcome: 'replayed', madeByKey };
    }
    try {
      return await storeAndQueue(deps, userId, file, meta, idem);
    } catch (err) {
      await releaseClaim(db, userId, OPERATION, idem).catch(() => {});
      throw err;
    }
  } finally {
    await fs.rm(file.tmpPath, { force: true });
  }
}

/**
 * The document of a file not uploaded before under this key: the user's existing one with the same bytes,
 * or a new one, stored and queued.
 */
async function storeAndQueue(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  userId: string,
  file: IncomingFile,
  meta: UploadMeta,
  idem: IdempotentRequest | undefined,
): Promise<{ row: DocumentRow; outcome: UploadOutcome }> {
  const { db } = deps;
  const existing = await findDocumentBySha(db, userId, file.sha256);
  if (existing) {
    await rememberResource(db, userId, OPERATION, idem, existing.id);
    return { row: await resumeDocument(deps, existing, file, true), outcome: 'duplicate' };
  }

  const kind = await detectKind({ path: file.tmpPath, nombre: file.nombre, contentType: file.contentType });
  const id = newId();
  const tipo = uploadTipo(kind, meta.url);
  const userMeta: UserMeta = meta.userMeta ?? {
    ...(meta.titulo && { titulo: meta.titulo }),
    ...(meta.autores && { autores: meta.autores }),
    ...(meta.anio != null && { anio: meta.anio }),
  };
  // What is known before the file is read: the user's values, and its name standing in for a title.
  const resolved = resolveMetadata({ tipo, user: userMeta, fileName: file.nombre });
  const values = valuesOf(resolved);
  const job = ingestJob(deps.config);
  await deps.queue.prepare(job);
  await deps.blobs.putFile(id, file.tmpPath);
  let row: DocumentRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, {
        id,
        userId,
        titulo: values.titulo,
        autores: values.autores,
        anio: values.anio ?? undefined,
        tipo,
        url: meta.url,
        biblioteca: meta.biblioteca,
        userMeta,
        origenMetadatos: originsOf(resolved),
        searchKey: searchKeyOf(values.titulo, values.autores),
        sha256: file.sha256,
        fileName: file.nombre,
        contentType: file.contentType,
        sizeBytes: file.size,
        blobKey: id,
      });
      if (!inserted) return undefined;
      await deps.queue.send(job, { documentId: id }, id, tx);
      await rememberResource(tx, userId, OPERATION, idem, id);
      return inserted;
    });
  } catch (err) {
    await deps.blobs.delete(id).catch(() => {});
    throw err;
  }
  if (!row) {
    // The same bytes arrived twice at once: the other request won, with its own copy of the file.
    await deps.blobs.delete(id);
    const winner = await findDocumentBySha(db, userId, file.sha256);
    if (!winner) throw new Error('duplicate upload vanished');
    await rememberResource(db, userId, OPERATION, idem, winner.id);
    return { row: winner, outcome: 'duplicate' };
  }
  return { row, outcome: 'created' };
}

/**
 * A document this upload names again: one that failed is tried again when `retryFailed` (uploading its
 * bytes again is how a user asks for that; a replayed request answers what it answered); one still queued or being read with no job to act on it gets these bytes (the same
 * SHA-256) under its key, which it may never have received, and is queued again.
 */
async function resumeDocument(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  row: DocumentRow,
  file: IncomingFile,
  retryFailed: boolean,
): Promise<DocumentRow> {
  if (!row.blob_key) return row;
  const job = ingestJob(deps.config);
  if (row.estado === 'error' && retryFailed) {
    await deps.queue.prepare(job);
    await deps.db.transaction(async (tx) => {
      await updateDocument(tx, row.id, { estado: 'en_cola', fase: 'en_cola', progreso: 0, error: null });
      await deps.queue.send(job, { documentId: row.id }, row.id, tx);
    });
  } else if (row.estado === 'en_cola' || row.estado === 'procesando') {
    if (await deps.queue.hasLiveJob(job, row.id)) return row;
    await deps.blobs.putFile(row.blob_key, file.tmpPath);
    if (!(await requeueIfStranded(deps, row.id))) return row;
  } else return row;
  return (await findDocument(deps.db, row.user_id, row.id)) ?? row;
}
