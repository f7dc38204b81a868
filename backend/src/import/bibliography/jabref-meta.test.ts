import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jabrefFileDirectory, jabrefGroups } from './jabref-meta';

describe('jabrefGroups', () => {
  it("reads JabRef 3+'s static groups by name, under their parents, and leaves query groups out", () => {
    const groups = jabrefGroups(String.raw`@Comment{jabref-meta: grouping:
0 AllEntriesGroup:;
1 StaticGroup:By status\;2\;1\;0x8a8a8aff\;\;\;;
2 StaticGroup:To be read\;0\;0\;0x336633ff\;bullseye\;\;;
1 SearchGroup:Entries without a group\;0\;groups !=~ .+\;0\;1\;1\;\;\;\;;
}`);
    expect(Object.fromEntries(groups.byName)).toEqual({
      'By status': [['By status']],
      'To be read': [['By status', 'To be read']],
    });
  });

  it("reads JabRef 2's explicit groups, which list their entries' keys", () => {
    const groups = jabrefGroups(String.raw`@comment{jabref-meta: groupstree:
0 AllEntriesGroup:;
1 ExplicitGroup:Tesis\;0\;smith2001\;jones2002\;;
2 ExplicitGroup:Cap 2\;0\;jones2002\;;
}`);
    expect(groups.byKey.get('jones2002')).toEqual([['Tesis'], ['Tesis', 'Cap 2']]);
    expect(groups.byKey.get('smith2001')).toEqual([['Tesis']]);
  });
});

describe('jabrefFileDirectory', () => {
  it("resolves the library's file directory against its folder; none for another system's absolute path", () => {
    expect(jabrefFileDirectory('@Comment{jabref-meta: fileDirectory:pdfs;}', '/lib')).toBe(path.resolve('/lib/pdfs'));
    expect(jabrefFileDirectory('@Comment{jabref-meta: fileDirectory:.;}', '/lib')).toBe('/lib');
    expect(jabrefFileDirectory('@Comment{jabref-meta: fileDirectory:D\\:\\\\Docs;}', '/lib')).toBeUndefined();
    expect(jabrefFileDirectory('@Comment{jabref-meta: databaseType:bibtex;}', '/lib')).toBeUndefined();
  });
});
