import type { Documento, FolioClient } from '@folio/shared';
import type { FolioDb } from './db';

/** Pages of 200 read at most per refresh: the cache is for the picker and offline titles, not a mirror. */
const MAX_PAGES = 10;
const LIBRARY_AT = 'libraryAt';

/**
 * Replaces the library cache with the server's list (newest first). Returns how many documents it holds.
 * Throws the client's ApiError when the server cannot be read; the old cache then stays as it was.
 */
export async function refreshLibrary(db: FolioDb, client: FolioClient, now = Date.now()): Promise<number> {
  const documentos: Documento[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const lista = await client.list({ limite: 200, cursor });
    documentos.push(...lista.documentos);
    cursor = lista.siguiente;
    if (!cursor) break;
  }
  await db.transaction('rw', db.documents, db.meta, async () => {
    await db.documents.clear();
    await db.documents.bulkPut(documentos);
    await db.meta.put({ key: LIBRARY_AT, value: now });
  });
  return documentos.length;
}

/** The cached library, newest first, optionally filtered by words of the title or authors. */
export async function cachedLibrary(db: FolioDb, q = '', limit = 50): Promise<Documento[]> {
  const words = q
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  const all = await db.documents.orderBy('creado').reverse().toArray();
  const matching = all.filter((d) => {
    if (words.length === 0) return true;
    const hay = `${d.titulo} ${d.autores.join(' ')}`.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    return words.every((w) => hay.includes(w));
  });
  return matching.slice(0, limit);
}

/** When the library cache was last refreshed (epoch ms), or null. */
export async function libraryRefreshedAt(db: FolioDb): Promise<number | null> {
  const row = await db.meta.get(LIBRARY_AT);
  return typeof row?.value === 'number' ? row.value : null;
}
