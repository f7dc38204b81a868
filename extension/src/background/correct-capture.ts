import { ApiError, type FolioClient } from '@folio/shared';
import type { CaptureCorrection } from '../messaging/protocol';
import type { CaptureRow, FolioDb } from './db';
import { capturedDocument, describeFailure, videoMoment } from './outbox';

/**
 * Sends the user's corrections of a ready capture's document (`PATCH /documentos/{id}`) and, when the server
 * takes them, keeps what it answers in the capture's row (title, authors, year, reference, a video's moment)
 * and in the library cache. Nothing is queued: a correction the server did not take is said, never kept.
 */
export async function correctCapture(
  db: FolioDb,
  client: FolioClient | null,
  id: string,
  cambios: CaptureCorrection,
): Promise<{ ok: true; row: CaptureRow } | { ok: false; mensaje: string }> {
  const row = await db.captures.get(id);
  if (!row || row.state !== 'ready' || !row.documentId) {
    return { ok: false, mensaje: 'Esta captura aún no está lista en Folio.' };
  }
  if (Object.keys(cambios).length === 0) return { ok: false, mensaje: 'No has cambiado nada.' };
  if (!client) return { ok: false, mensaje: 'Configura el servidor de Folio en las opciones de la extensión.' };

  let doc;
  try {
    doc = await client.correct(row.documentId, cambios);
  } catch (err) {
    return { ok: false, mensaje: correctionFailure(err) };
  }
  const documento = capturedDocument(doc);
  const changes = {
    documento,
    referencia: doc.referencia ?? row.referencia,
    moment: row.kind === 'video' && row.t !== undefined ? videoMoment(documento, row.t) : row.moment,
  };
  await db.transaction('rw', db.captures, db.documents, async () => {
    await db.captures.update(id, changes);
    if (await db.documents.get(doc.id)) await db.documents.put(doc);
  });
  return { ok: true, row: { ...row, ...changes } };
}

function correctionFailure(err: unknown): string {
  if (err instanceof ApiError && err.codigo === 'sin_conexion') {
    return 'Sin conexión con Folio: no se guardaron los cambios. Vuelve a intentarlo cuando haya conexión.';
  }
  return describeFailure(err).mensaje;
}
