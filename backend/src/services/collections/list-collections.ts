import type { Deps } from '../../context';
import { listCollections as listCollectionRows, type CollectionRow } from '../../db/collections.repo';

export type { CollectionRow } from '../../db/collections.repo';

/** The caller's collections by name, with how many documents each holds (an empty one holds 0). */
export function listCollections(deps: Pick<Deps, 'db'>, userId: string): Promise<CollectionRow[]> {
  return listCollectionRows(deps.db, userId);
}
