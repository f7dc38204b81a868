import type { Pasaje } from '@folio/shared';
import type { FolioDb } from './db';
import { singleLine } from '@folio/shared/text/whitespace';

/** Recent searches kept for offline answers. */
export const MAX_CACHED_SEARCHES = 100;

// Words too common to tell passages apart, in the two languages the library mostly holds.
const STOPWORDS = new Set(
  (
    'de la el en los las del que y a un una por con para se su al lo como es o no mas pero sus le ya ' +
    'the of and to in is that for on with as by at an be this are or from it not was'
  ).split(' '),
);

/** Lower case, accents removed, split into words; stop words and one-letter words dropped. */
export function queryTerms(text: string): string[] {
  const words = fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return [...new Set(words)];
}

function fold(text: string): string {
  return text.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** The cache key of a search: its folded terms in order, and k. */
export function searchKey(q: string, k: number): string {
  return `${singleLine(fold(q))}|${k}`;
}

/** Keeps a search's results for offline use, dropping the oldest beyond {@link MAX_CACHED_SEARCHES}. */
export async function cacheSearch(db: FolioDb, q: string, k: number, pasajes: Pasaje[], now = Date.now()) {
  await db.transaction('rw', db.searches, async () => {
    await db.searches.put({ key: searchKey(q, k), q, k, pasajes, at: now });
    const count = await db.searches.count();
    if (count > MAX_CACHED_SEARCHES) {
      const oldest = await db.searches
        .orderBy('at')
        .limit(count - MAX_CACHED_SEARCHES)
        .primaryKeys();
      await db.searches.bulkDelete(oldest);
    }
  });
}

/**
 * Answers a search from what earlier searches brought home: the same query's results when it was made
 * before, else every cached passage that holds query terms (a word of the passage, its title or authors
 * starting with the term, so 'nitrato' finds 'nitratos'), best coverage first. Never invents anything:
 * only passages the server returned are given back, with their own `cita` and `enlace`.
 */
export async function offlineSearch(db: FolioDb, q: string, k: number): Promise<Pasaje[]> {
  const exact = await db.searches.get(searchKey(q, k));
  if (exact) return exact.pasajes.slice(0, k);
  const terms = queryTerms(q);
  if (terms.length === 0) return [];
  const seen = new Map<string, Pasaje>();
  for (const search of await db.searches.orderBy('at').reverse().toArray()) {
    for (const p of search.pasajes) if (!seen.has(p.id)) seen.set(p.id, p);
  }
  const scored: { pasaje: Pasaje; hits: number; order: number }[] = [];
  let order = 0;
  for (const pasaje of seen.values()) {
    const words = new Set(
      queryTerms(`${pasaje.texto} ${pasaje.documento.titulo} ${pasaje.documento.autores.join(' ')}`),
    );
    const hits = terms.filter((t) => words.has(t) || [...words].some((w) => t.length >= 4 && w.startsWith(t))).length;
    if (hits > 0) scored.push({ pasaje, hits, order: order++ });
  }
  scored.sort((a, b) => b.hits - a.hits || a.order - b.order);
  return scored.slice(0, k).map((s) => s.pasaje);
}
