import type { ResultadoBorrado } from '@folio/shared';
import type { Deps } from '../../context';
import { deleteDocument } from '../../db/documents.repo';
import { notFound } from '../../errors';
import { ingestJob } from '../../jobs/definitions';

/** Deletes the caller's document with its units, passages, queued jobs and original file. */
export async function deleteLibraryDocument(
  deps: Pick<Deps, 'db' | 'blobs' | 'queue' | 'config'>,
  userId: string,
  id: string,
): Promise<ResultadoBorrado> {
  const row = await deleteDocument(deps.db, userId, id);
  if (!row) throw notFound();
  await deps.queue.cancelByKey(ingestJob(deps.config), id);
  if (row.blob_key) await deps.blobs.delete(row.blob_key);
  if (row.transcript_key) await deps.blobs.delete(row.transcript_key);
  return { ok: true, id, borrado: true };
}
