import type { Deps } from '../../context';
import { collectionExists, insertCollection } from '../../db/collections.repo';
import { collectionName } from './collection-name';

/** Makes an empty collection in the caller's library; `created` is false when the name was taken. */
export async function createCollection(
  deps: Pick<Deps, 'db'>,
  userId: string,
  rawName: unknown,
): Promise<{ name: string; created: boolean }> {
  const name = collectionName(rawName);
  if (await collectionExists(deps.db, userId, name)) return { name, created: false };
  return { name, created: await insertCollection(deps.db, userId, name) };
}
