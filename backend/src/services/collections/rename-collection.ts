import type { Deps } from '../../context';
import { collectionExists, renameCollection as renameCollectionRows } from '../../db/collections.repo';
import { notFound } from '../../errors';
import { collectionName } from './collection-name';

/**
 * Renames one of the caller's collections and moves all its documents to the new name (into the other
 * collection, when the new name is taken). Returns the names and how many documents moved.
 */
export async function renameCollection(
  deps: Pick<Deps, 'db'>,
  userId: string,
  rawFrom: unknown,
  rawTo: unknown,
): Promise<{ from: string; to: string; moved: number }> {
  const from = typeof rawFrom === 'string' ? rawFrom : '';
  const to = collectionName(rawTo);
  if (!from || from.includes('\u0000') || !(await collectionExists(deps.db, userId, from))) throw notFound();
  if (from === to) return { from, to, moved: 0 };
  return { from, to, moved: await renameCollectionRows(deps.db, userId, from, to) };
}
