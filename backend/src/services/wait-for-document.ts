import type { Deps } from '../context';
import { findDocument, type DocumentRow } from '../db/documents.repo';
import { notFound } from '../errors';

const settled = (row: DocumentRow) => row.estado === 'listo' || row.estado === 'error';

/**
 * The caller's document, waiting up to `seconds` for it to finish (listo or error). Wakes on the
 * document's change events and re-reads the row; never polls in a loop.
 */
export async function waitForDocument(
  deps: Pick<Deps, 'db' | 'events'>,
  userId: string,
  id: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<DocumentRow> {
  const deadline = Date.now() + seconds * 1000;
  const watch = deps.events.watch(id);
  try {
    for (;;) {
      const row = await findDocument(deps.db, userId, id);
      if (!row) throw notFound();
      const remaining = deadline - Date.now();
      if (settled(row) || remaining <= 0 || signal?.aborted) return row;
      await watch.next(remaining, signal);
    }
  } finally {
    watch.close();
  }
}
