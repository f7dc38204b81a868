import { ApiError, type FolioClient } from '@folio/shared';
import type { SearchAnswer } from '../messaging/protocol';
import type { FolioDb } from './db';
import { cacheSearch, offlineSearch } from './offline-search';

/** `k` when the caller gives none (the server's default). */
export const DEFAULT_K = 10;

/**
 * A search as the background answers it: from the server (and then cached for later), or from the cache
 * with `offline: true` when the server cannot be reached. A request the server refuses (bad key, invalid
 * query) answers its Spanish message and no passages.
 */
export async function searchLibrary(
  db: FolioDb,
  client: FolioClient | null,
  input: { q: string; k?: number },
): Promise<SearchAnswer> {
  const q = input.q.trim();
  const k = Math.min(50, Math.max(1, input.k ?? DEFAULT_K));
  if (q === '') return { pasajes: [], offline: false, error: 'Escribe qué buscar.' };
  if (!client) {
    const pasajes = await offlineSearch(db, q, k);
    return { pasajes, offline: true, error: 'Configura el servidor de Folio en las opciones de la extensión.' };
  }
  try {
    const busqueda = await client.search({ q, k });
    await cacheSearch(db, q, k, busqueda.pasajes);
    return { pasajes: busqueda.pasajes, offline: false };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (!err.retryable) return { pasajes: [], offline: false, error: err.mensaje };
    const pasajes = await offlineSearch(db, q, k);
    return pasajes.length > 0
      ? { pasajes, offline: true }
      : { pasajes, offline: true, error: 'Sin conexión con Folio, y nada de lo guardado coincide con la búsqueda.' };
  }
}
