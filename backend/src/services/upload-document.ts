import fs from 'node:fs/promises';
import type { Deps } from '../context';
import {
  findDocument,
  findDocumentBySha,
  insertDocument,
  updateDocument,
  type DocumentRow,
} from '../db/documents.repo';
import { newId } from '../ids';
import { detectKind } from '../ingest/detect';
import { uploadTipo } from '../ingest/tipo-of-kind';
import { ingestJob } from '../jobs/definitions';
import type { UserMeta } from '../metadata/metadata-types';
import { rememberResource, replayedResource, requestFingerprint } from './idempotency';
import { originsOf, resolveMetadata, valuesOf } from '../metadata/resolve-metadata';
import { searchKeyOf } from './document-metadata';

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
}

export type UploadOutcome = 'created' | 'duplicate' | 'replayed';

const OPERATION = 'subir';

/**
 * Stores an uploaded file and queues its ingestion. Same bytes for the same user give back the
 * existing document; a repeated Idempotency-Key gives back the document it created, and the same key
 * with another file or other metadata is refused (409 conflicto).
 */
export async function uploadFile(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  userId: string,
  file: IncomingFile,
  meta: UploadMeta,
  idempotencyKey?: string,
): Promise<{ row: DocumentRow; outcome: UploadOutcome }> {
  const { db } = deps;
  try {
    const idem = idempotencyKey
      ? {
          key: idempotencyKey,
          fingerprint: requestFingerprint({ entrada: 'archivo', sha256: file.sha256, nombre: file.nombre, meta }),
        }
      : undefined;
    const previousId = await replayedResource(db, userId, OPERATION, idem);
    const previous = previousId && (await findDocument(db, userId, previousId));
    if (previous) return { row: previous, outcome: 'replayed' };
    const existing = await findDocumentBySha(db, userId, file.sha256);
    if (existing) {
      await rememberResource(db, userId, OPERATION, idem, existing.id);
      return { row: await retryIfFailed(deps, existing), outcome: 'duplicate' };
    }

    const kind = await detectKind({ path: file.tmpPath, nombre: file.nombre, contentType: file.contentType });
    const id = newId();
    const tipo = uploadTipo(kind, meta.url);
    const userMeta: UserMeta = {
      ...(meta.titulo && { titulo: meta.titulo }),
      ...(meta.autores && { autores: meta.autores }),
      ...(meta.anio != null && { anio: meta.anio }),
    };
    // What is known before the file is read: the user's values, and its name standing in for a title.
    const resolved = resolveMetadata({ tipo, user: userMeta, fileName: file.nombre });
    const values = valuesOf(resolved);
    const row = await insertDocument(db, {
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
    if (!row) {
      // The same bytes arrived twice at once: the other request won.
      const winner = await findDocumentBySha(db, userId, file.sha256);
      if (!winner) throw new Error('duplicate upload vanished');
      return { row: winner, outcome: 'duplicate' };
    }
    await deps.blobs.putFile(id, file.tmpPath);
    await deps.queue.send(ingestJob(deps.config), { documentId: id }, id);
    await rememberResource(db, userId, OPERATION, idem, id);
    return { row, outcome: 'created' };
  } finally {
    await fs.rm(file.tmpPath, { force: true });
  }
}

/** Uploading the bytes of a failed document again is how a user asks for another try. */
async function retryIfFailed(deps: Pick<Deps, 'db' | 'queue' | 'config'>, row: DocumentRow): Promise<DocumentRow> {
  if (row.estado !== 'error' || !row.blob_key) return row;
  await updateDocument(deps.db, row.id, { estado: 'en_cola', fase: 'en_cola', progreso: 0, error: null });
  await deps.queue.send(ingestJob(deps.config), { documentId: row.id }, row.id);
  return (await findDocument(deps.db, row.user_id, row.id)) ?? row;
}
