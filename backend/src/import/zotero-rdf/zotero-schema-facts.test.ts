import { describe, expect, it } from 'vitest';
import { zoteroSchemaRepo } from './testing/zotero-files';
import { PRIMARY_CREATOR_TYPES, TYPES_WITH_ISSUE } from './zotero-schema-facts';

interface SchemaItemType {
  itemType: string;
  fields: { field: string }[];
  creatorTypes: { creatorType: string; primary?: boolean }[];
}

describe.skipIf(!zoteroSchemaRepo.present)(
  zoteroSchemaRepo.title('the schema facts, against Zotero’s schema.json'),
  () => {
    const schema = () =>
      JSON.parse(zoteroSchemaRepo.file('schema.json').toString('utf8')) as { itemTypes: SchemaItemType[] };

    it('names every primary creator type that is not author', () => {
      const primary = Object.fromEntries(
        schema()
          .itemTypes.map((t) => [t.itemType, t.creatorTypes.find((c) => c.primary)?.creatorType] as const)
          .filter(([, c]) => c !== undefined && c !== 'author'),
      );
      expect(PRIMARY_CREATOR_TYPES).toEqual(primary);
    });

    it('names every item type with an issue field', () => {
      const withIssue = schema()
        .itemTypes.filter((t) => t.fields.some((f) => f.field === 'issue'))
        .map((t) => t.itemType);
      expect([...TYPES_WITH_ISSUE].sort()).toEqual(withIssue.sort());
    });
  },
);
