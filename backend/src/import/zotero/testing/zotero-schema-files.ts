import { gitSnapshot, type GitSnapshot } from '../../../ingest/testing/git-snapshot';

/**
 * Zotero's own repository, read at test time and never copied here (it is AGPL): the git directory in
 * FOLIO_ZOTERO_REPO, else the mirror at /work/.mirror/zotero+zotero/repo. Tests skip, saying so, when
 * it is absent.
 */
export const zoteroRepo: GitSnapshot = gitSnapshot('zotero/zotero', 'FOLIO_ZOTERO_REPO');

/** The SQL Zotero builds a fresh database from, as its `Zotero.Schema` runs it. */
export interface ZoteroSchemaSql {
  system: string;
  userdata: string;
  triggers: string;
  /**
   * `system-107.sql`: the item types, fields, creator types and base-field mappings with the ids every
   * Zotero database has had since Zotero 5 (the newer global schema, `schema.json`, is a git submodule the
   * snapshot lacks; it keeps these ids and adds types after them).
   */
  globalTables: string;
}

/** Zotero's schema files from the snapshot. */
export function zoteroSchemaSql(repo: GitSnapshot = zoteroRepo): ZoteroSchemaSql {
  const read = (name: string) => repo.file(`resource/schema/${name}`).toString('utf8');
  return {
    system: read('system.sql'),
    userdata: read('userdata.sql'),
    triggers: read('triggers.sql'),
    globalTables: read('system-107.sql'),
  };
}

/** The version a schema file states on its first line ('-- 129'). */
export function schemaFileVersion(sql: string): number {
  const match = /^--\s*(\d+)/.exec(sql);
  if (!match) throw new Error('schema file without a version line');
  return Number(match[1]);
}
