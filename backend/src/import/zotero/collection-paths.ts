/** A row of Zotero's `collections`. */
export interface CollectionRow {
  collectionID: number;
  collectionName: string;
  parentCollectionID: number | null;
}

/**
 * Each item's collections as paths of names from the top, from `collections` (nested by
 * `parentCollectionID`) and `collectionItems`. A collection in the trash, or inside one, is left out.
 */
export function collectionPathsByItem(
  collections: readonly CollectionRow[],
  memberships: readonly { collectionID: number; itemID: number }[],
  deleted: ReadonlySet<number>,
): Map<number, string[][]> {
  const byId = new Map(collections.map((c) => [c.collectionID, c]));
  const paths = new Map<number, string[] | undefined>();
  const pathOf = (id: number): string[] | undefined => {
    if (paths.has(id)) return paths.get(id);
    const names: string[] = [];
    const seen = new Set<number>();
    let current = byId.get(id);
    // A parent loop cannot come from Zotero itself, but a damaged database must not hang the import.
    while (current && !seen.has(current.collectionID)) {
      if (deleted.has(current.collectionID)) {
        paths.set(id, undefined);
        return undefined;
      }
      seen.add(current.collectionID);
      names.unshift(current.collectionName);
      current = current.parentCollectionID === null ? undefined : byId.get(current.parentCollectionID);
    }
    const found = names.length > 0 ? names : undefined;
    paths.set(id, found);
    return found;
  };
  const byItem = new Map<number, string[][]>();
  for (const { collectionID, itemID } of memberships) {
    const found = pathOf(collectionID);
    if (!found) continue;
    const list = byItem.get(itemID) ?? [];
    list.push(found);
    byItem.set(itemID, list);
  }
  for (const list of byItem.values()) list.sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')));
  return byItem;
}
