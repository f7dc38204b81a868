import type { Deps } from '../../context';
import { findDocument, type DocumentRow } from '../../db/documents.repo';
import { notFound } from '../../errors';

/** Anything that ends in listo or error: documents and cite jobs. */
interface Settling {
  estado: string;
}

/**
 * Reads a resource (`read`, undefined when it is not the caller's) until it is finished (listo or error),
 * waiting up to `seconds`. Wakes on the resource's change events and re-reads it; never polls in a loop.
 */
export async function waitUntilSettled<R extends Settling>(
  deps: Pick<Deps, 'events'>,
  id: string,
  seconds: number,
  read: () => Promise<R | undefined>,
  signal?: AbortSignal,
): Promise<R> {
  const deadline = Date.now() + seconds * 1000;
  const watch = deps.events.watch(id);
  try {
    for (;;) {
      const row = await read();
      if (!row) throw notFound();
      const remaining = deadline - Date.now();
      if (row.estado === 'listo' || row.estado === 'error' || remaining <= 0 || signal?.aborted) return row;
      await watch.next(remaining, signal);
    }
  } finally {
    watch.close();
  }
}

/** The caller's document, waiting up to `seconds` for it to finish (listo or error). */
export async function waitForDocument(
  deps: Pick<Deps, 'db' | 'events'>,
  userId: string,
  id: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<DocumentRow> {
  return waitUntilSettled(deps, id, seconds, () => findDocument(deps.db, userId, id), signal);
}
