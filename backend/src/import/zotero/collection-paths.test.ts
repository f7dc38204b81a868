import { describe, expect, it } from 'vitest';
import { collectionPathsByItem } from './collection-paths';

const collections = [
  { collectionID: 1, collectionName: 'Tesis', parentCollectionID: null },
  { collectionID: 2, collectionName: 'Capítulo 2', parentCollectionID: 1 },
  { collectionID: 3, collectionName: 'Fuentes', parentCollectionID: 2 },
  { collectionID: 4, collectionName: 'Papelera', parentCollectionID: null },
  { collectionID: 5, collectionName: 'Dentro', parentCollectionID: 4 },
];

describe('collectionPathsByItem', () => {
  it("gives each item's collections as paths of names from the top", () => {
    const byItem = collectionPathsByItem(
      collections,
      [
        { collectionID: 3, itemID: 10 },
        { collectionID: 1, itemID: 10 },
        { collectionID: 2, itemID: 11 },
      ],
      new Set(),
    );
    expect(byItem.get(10)).toEqual([['Tesis'], ['Tesis', 'Capítulo 2', 'Fuentes']]);
    expect(byItem.get(11)).toEqual([['Tesis', 'Capítulo 2']]);
  });

  it('leaves out a collection in the trash and those inside it', () => {
    const byItem = collectionPathsByItem(
      collections,
      [
        { collectionID: 5, itemID: 10 },
        { collectionID: 4, itemID: 10 },
      ],
      new Set([4]),
    );
    expect(byItem.get(10)).toBeUndefined();
  });

  it('stops at a parent loop instead of hanging', () => {
    const loop = [
      { collectionID: 1, collectionName: 'A', parentCollectionID: 2 },
      { collectionID: 2, collectionName: 'B', parentCollectionID: 1 },
    ];
    expect(collectionPathsByItem(loop, [{ collectionID: 1, itemID: 1 }], new Set()).get(1)).toEqual([['B', 'A']]);
  });
});
