import type { SubirUrl } from '@folio/shared';
import type { Deps } from '../../context';
import {
  findDocument,
  findDocumentByUrl,
  insertDocument,
  updateDocument,
  type DocumentRow,
} from '../../db/documents.repo';
import { newId } from '../../ids';
import { ingestJob } from '../../jobs/definitions';
import { searchKeyOf } from './document-metadata';
import {
  claimOrReplay,
  releaseClaim,
  rememberResource,
  requestFingerprint,
  type IdempotentRequest,
} from '../idempotency';
import { fieldOrigins, originOf } from './metadata-origins';
import type { UploadOutcome } from './upload-document';

const OPERATION = 'subir';

/** A readable provisional title until the page says its own: host and path. */
function titleFromUrl(url: URL): string {
  const pathPart = decodeURIComponent(url.pathname).replace(/\/+$/, '');
  return `${url.hostname}${pathPart}`.slice(0, 200);
}

/**
 * Queues a URL to be fetched and read. The same URL from the same user gives back the existing
 * document (200, duplicado); a failed one is tried again. A repeated Idempotency-Key gives back the
 * document its request created; the same key with another body is refused (409 conflicto).
 */
export async function submitUrl(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  userId: string,
  body: SubirUrl,
  idempotencyKey?: string,
): Promise<{ row: DocumentRow; outcome: UploadOutcome }> {
  const { db } = deps;
  const idem = idempotencyKey
    ? { key: idempotencyKey, fingerprint: requestFingerprint({ entrada: 'url', body }) }
    : undefined;
  const previousId = await claimOrReplay(db, userId, OPERATION, idem);
  const previous = previousId && (await findDocument(db, userId, previousId));
  if (previous) return { row: previous, outcome: 'replayed' };
  try {
    return await queueUrl(deps, userId, body, idem);
  } catch (err) {
    await releaseClaim(db, userId, OPERATION, idem).catch(() => {});
    throw err;
  }
}

/** The document of a URL not submitted before under this key: the user's existing one, or a new one queued. */
async function queueUrl(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  userId: string,
  body: SubirUrl,
  idem: IdempotentRequest | undefined,
): Promise<{ row: DocumentRow; outcome: UploadOutcome }> {
  const { db } = deps;
  const url = new URL(body.url);
  const normalized = url.toString();
  const existing = await findDocumentByUrl(db, userId, normalized);
  if (existing) {
    await rememberResource(db, userId, OPERATION, idem, existing.id);
    if (existing.estado === 'error') {
      await updateDocument(db, existing.id, { estado: 'en_cola', fase: 'en_cola', progreso: 0, error: null });
      await deps.queue.send(ingestJob(deps.config), { documentId: existing.id }, existing.id);
      return { row: (await findDocument(db, userId, existing.id)) ?? existing, outcome: 'duplicate' };
    }
    return { row: existing, outcome: 'duplicate' };
  }
  const id = newId();
  const titulo = body.titulo ?? titleFromUrl(url);
  const autores = body.autores ?? [];
  const row = await insertDocument(db, {
    id,
    userId,
    titulo,
    autores,
    anio: body.anio,
    tipo: body.tipo ?? 'web',
    url: normalized,
    biblioteca: body.biblioteca,
    userMeta: {
      ...(body.titulo && { titulo: body.titulo }),
      ...(body.autores && { autores: body.autores }),
      ...(body.anio != null && { anio: body.anio }),
    },
    origenMetadatos: fieldOrigins({
      titulo: originOf(body.titulo, [[titulo, 'url']]),
      autores: originOf(body.autores, []),
      anio: originOf(body.anio ?? undefined, []),
    }),
    searchKey: searchKeyOf(titulo, autores),
  });
  if (!row) throw new Error('URL document insert returned nothing');
  await deps.queue.send(ingestJob(deps.config), { documentId: id }, id);
  await rememberResource(db, userId, OPERATION, idem, id);
  return { row, outcome: 'created' };
}
