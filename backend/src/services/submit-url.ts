import type { SubirUrl } from '@folio/shared';
import type { Deps } from '../context';
import {
  findDocument,
  findDocumentByUrl,
  insertDocument,
  updateDocument,
  type DocumentRow,
} from '../db/documents.repo';
import { findIdempotent, saveIdempotent } from '../db/idempotency.repo';
import { newId } from '../ids';
import { ingestJob } from '../jobs/ingest.job';
import { searchKeyOf } from './document-metadata';
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
 * document (200, duplicado); a failed one is tried again.
 */
export async function submitUrl(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  userId: string,
  body: SubirUrl,
  idempotencyKey?: string,
): Promise<{ row: DocumentRow; outcome: UploadOutcome }> {
  const { db } = deps;
  if (idempotencyKey) {
    const previousId = await findIdempotent(db, userId, OPERATION, idempotencyKey);
    const previous = previousId && (await findDocument(db, userId, previousId));
    if (previous) return { row: previous, outcome: 'replayed' };
  }
  const url = new URL(body.url);
  const normalized = url.toString();
  const existing = await findDocumentByUrl(db, userId, normalized);
  if (existing) {
    if (idempotencyKey) await saveIdempotent(db, userId, OPERATION, idempotencyKey, existing.id);
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
  if (idempotencyKey) await saveIdempotent(db, userId, OPERATION, idempotencyKey, id);
  return { row, outcome: 'created' };
}
