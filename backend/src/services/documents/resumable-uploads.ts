import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Deps } from '../../context';
import {
  deleteResumableUpload,
  deleteStaleUploads,
  findResumableUpload,
  finishResumableUpload,
  insertResumableUpload,
  uploadsInProgress,
} from '../../db/resumable-uploads.repo';
import { AppError, errorBody } from '../../errors';
import { DatabaseUploadStore, partsKey } from '../../storage/database-upload-store';
import { uploadFile, type UploadMeta } from './upload-document';

/** What a user said about a file when its upload in parts began (its tus `Upload-Metadata`, checked). */
export interface ResumableRequest {
  meta: UploadMeta;
  nombre?: string;
  contentType?: string;
  idempotencia?: string;
}

/** The caller of one tus request: who, and (for a creation) what they said about the file. */
interface Caller {
  userId: string;
  request?: ResumableRequest;
}

/** Headers that tell the client which document a finished upload became (tus answers 204, without a body). */
export const DOCUMENT_HEADER = 'X-Folio-Documento';
export const DUPLICATE_HEADER = 'X-Folio-Duplicado';

/** Free space kept on the disk beyond what uploads will take: the store and the system need room too. */
const DISK_RESERVE_BYTES = 256 * 1024 * 1024;

/**
 * Uploads in parts with the tus protocol (v1.0, `@tus/server`): the parts stream to one file on disk
 * (`@tus/file-store` in FOLIO_DATA/subidas), or to 1 MB rows in the database when files are kept there
 * (storage/database-upload-store.ts), so memory stays flat whatever the size. Every request arrives
 * authenticated; `handle` is given the caller. A finished upload is hashed as it is read from disk and goes
 * through `uploadFile`, as `POST /documentos` does (same SHA-256 duplicate rule, Idempotency-Key, blob store,
 * ingestion queue); the document it became is recorded with the upload and named in the last answer's
 * headers. Unfinished uploads expire after `config.resumable.expireMs`: swept when an upload begins and on a
 * timer.
 */
export function resumableUploads(deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config' | 'log'>, basePath: string) {
  const directory = path.join(deps.config.dataDir, 'subidas');
  // Parts where the finished files go: on this disk with the embedded store, in the database when files
  // are kept there, so that any API process behind one address takes any part.
  const inDatabase = deps.config.blobStore === 'base_de_datos';
  const store = inDatabase
    ? new DatabaseUploadStore(deps.db, deps.config.resumable.expireMs)
    : new FileStore({ directory, expirationPeriodInMilliseconds: deps.config.resumable.expireMs });
  const callers = new WeakMap<Request, Caller>();
  const callerOf = (req: object): Caller => {
    const caller = callers.get(req as Request);
    if (!caller) throw new Error('tus request without its caller');
    return caller;
  };

  const tus = new Server({
    path: basePath,
    datastore: store,
    maxSize: deps.config.resumable.maxFileBytes,
    respectForwardedHeaders: false,
    generateUrl: (_req, { id }) => `${deps.config.publicUrl}${basePath}/${id}`,
    async onUploadCreate(req, upload) {
      const { userId, request } = callerOf(req);
      await insertResumableUpload(deps.db, {
        id: upload.id,
        userId,
        sizeBytes: upload.size ?? 0,
        metadata: { ...request },
      });
      return {};
    },
    async onUploadFinish(req, upload) {
      const { userId } = callerOf(req);
      try {
        const { documentId, duplicado } = await finish(upload.id, userId, upload.size ?? 0);
        return { headers: { [DOCUMENT_HEADER]: documentId, [DUPLICATE_HEADER]: duplicado ? 'si' : 'no' } };
      } catch (err) {
        // tus answers what a hook throws as { status_code, body }; anything else would be its 500.
        if (err instanceof AppError) {
          throw { status_code: err.estado, body: JSON.stringify(errorBody(err, deps.config.publicUrl)) };
        }
        throw err;
      }
    },
  });

  async function finish(id: string, userId: string, size: number): Promise<{ documentId: string; duplicado: boolean }> {
    const row = await findResumableUpload(deps.db, userId, id);
    const request = (row?.metadata ?? { meta: {} }) as unknown as ResumableRequest;
    // The parts as one file on this disk (from the database's rows when they are kept there).
    const parts = inDatabase ? await deps.blobs.localPath(partsKey(id)) : path.join(directory, id);
    const sha256 = await sha256Of(parts);
    // uploadFile takes (moves or removes) the file it is given: it gets a second link to the parts, so that
    // if it fails (the database busy), the parts are still here and a HEAD finishes the upload again.
    const handoff = `${parts}.entrega`;
    await fs.rm(handoff, { force: true });
    await fs.link(parts, handoff);
    const { row: doc, outcome } = await uploadFile(
      deps,
      userId,
      { tmpPath: handoff, sha256, size, nombre: request.nombre, contentType: request.contentType },
      request.meta,
      request.idempotencia,
    );
    if (inDatabase) await deps.blobs.delete(partsKey(id));
    else {
      await fs.rm(parts, { force: true });
      await fs.rm(`${parts}.json`, { force: true });
    }
    const duplicado = outcome !== 'created';
    await finishResumableUpload(deps.db, id, doc.id, duplicado);
    return { documentId: doc.id, duplicado };
  }

  const cleanExpired = async (now = new Date()): Promise<number> => {
    const stale = await deleteStaleUploads(deps.db, new Date(now.getTime() - deps.config.resumable.expireMs));
    for (const id of stale) await store.remove(id).catch(() => undefined);
    await store.deleteExpired().catch(() => 0);
    return stale.length;
  };
  // Abandoned uploads are also swept while nobody begins another: at most hourly, at least a minute apart.
  const period = Math.min(Math.max(deps.config.resumable.expireMs, 60_000), 3_600_000);
  setInterval(() => {
    cleanExpired().catch((err: unknown) => deps.log.debug('subidas: sweeping expired uploads failed', err));
  }, period).unref();

  return {
    /** Answers one tus request of `userId` (the route has checked the key and, for a creation, the metadata). */
    handle(req: Request, userId: string, request?: ResumableRequest): Promise<Response> {
      callers.set(req, { userId, ...(request && { request }) });
      return tus.handleWeb(req);
    },
    /**
     * Makes the document of an upload whose every byte arrived but whose end failed (a HEAD after the last
     * part finds it so): the same step the last part runs.
     */
    finish,
    /** Where an unfinished upload stands (its offset in bytes), or undefined when its parts are gone. */
    async offsetOf(id: string): Promise<number | undefined> {
      try {
        return (await store.getUpload(id)).offset;
      } catch {
        return undefined;
      }
    },
    /** Removes unfinished uploads older than the expiry, their parts and their records; returns how many. */
    cleanExpired,
    /** `userId`'s upload `id` (its record), or undefined: another user's is never found. */
    find: (userId: string, id: string) => findResumableUpload(deps.db, userId, id),
    /** How many unfinished uploads `userId` has, and their bytes (the per-user limits count them). */
    inProgress: (userId: string) => uploadsInProgress(deps.db, userId),
    /** Forgets an upload's record (given up, or finished and asked to be removed). */
    forget: (id: string) => deleteResumableUpload(deps.db, id),
    /** Refuses a part or an upload the disk cannot hold (507), before a byte of it is written. */
    async ensureRoom(bytes: number): Promise<void> {
      await fs.mkdir(directory, { recursive: true });
      const stats = await fs.statfs(directory);
      const free = stats.bavail * stats.bsize;
      if (free - DISK_RESERVE_BYTES < bytes) {
        throw new AppError('demasiado_grande', {
          estado: 507,
          mensaje: 'No queda espacio en el servidor para este archivo; inténtalo más tarde.',
          message: 'The server has no room left for this file; try again later.',
          detalles: { bytes, libres: Math.max(0, free - DISK_RESERVE_BYTES) },
        });
      }
    },
  };
}

export type ResumableUploads = ReturnType<typeof resumableUploads>;

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
