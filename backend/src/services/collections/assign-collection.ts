import type { Deps } from '../../context';
import { assignCollection as assignCollectionRows } from '../../db/collections.repo';
import { invalidField } from '../../errors';
import { collectionName } from './collection-name';

/** The most documents one request files at once (a page of the library holds 50). */
const MAX_IDS = 200;

/**
 * Files the caller's documents under a collection (made if it does not exist yet), or takes them out of
 * their collection when `rawName` is null. Ids of documents that are not the caller's change nothing.
 * Returns the ids that changed.
 */
export async function assignCollection(
  deps: Pick<Deps, 'db'>,
  userId: string,
  rawIds: readonly unknown[],
  rawName: unknown,
): Promise<{ name: string | null; changed: string[] }> {
  const ids = [...new Set(rawIds.filter((id): id is string => typeof id === 'string' && /^[\w-]{1,100}$/.test(id)))];
  if (!ids.length) {
    throw invalidField('ids', 'Elige al menos un documento.', 'Choose at least one document.');
  }
  if (ids.length > MAX_IDS) {
    throw invalidField('ids', `Elige como mucho ${MAX_IDS} documentos.`, `Choose at most ${MAX_IDS} documents.`);
  }
  const name = rawName === null ? null : collectionName(rawName, 'biblioteca');
  return { name, changed: await assignCollectionRows(deps.db, userId, ids, name) };
}
