import type { Deps } from '../../context';
import { findDocument, updateDocument, type DocumentRow } from '../../db/documents.repo';
import { AppError, notFound } from '../../errors';
import { ingestJob } from '../../jobs/definitions';

/**
 * Reads the caller's finished document (listo or error) again: back to `en_cola` and an `ingest` job
 * queued under its id, as an upload queues one. The job reads the stored original (or the URL again, when
 * none was kept) and replaces units and passages; the user's corrections stay theirs. A document still
 * queued or being read is a 409 `conflicto`: its reading is already under way.
 */
export async function rereadDocument(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  userId: string,
  id: string,
): Promise<DocumentRow> {
  const row = await findDocument(deps.db, userId, id);
  if (!row) throw notFound();
  if (row.estado !== 'listo' && row.estado !== 'error') {
    throw new AppError('conflicto', {
      mensaje: 'El documento ya se está leyendo.',
      message: 'The document is already being read.',
      detalles: { estado: row.estado },
    });
  }
  if (row.solo_referencia) {
    throw new AppError('conflicto', {
      mensaje: 'El documento es solo una referencia: no tiene archivo que leer.',
      message: 'The document is a reference only: it has no file to read.',
      detalles: { solo_referencia: true },
    });
  }
  if (!row.blob_key && !row.url) {
    throw new AppError('conflicto', {
      mensaje: 'No se guarda el original ni su dirección: no se puede volver a leer.',
      message: 'Neither the original nor its address is kept: it cannot be read again.',
    });
  }
  await updateDocument(deps.db, row.id, { estado: 'en_cola', fase: 'en_cola', progreso: 0, error: null });
  await deps.queue.send(ingestJob(deps.config), { documentId: row.id }, row.id);
  return (await findDocument(deps.db, userId, row.id)) ?? row;
}
