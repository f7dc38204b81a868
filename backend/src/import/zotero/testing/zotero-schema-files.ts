import { execFileSync } from 'node:child_process';
import { gitSnapshot, type GitSnapshot } from '../../../ingest/testing/git-snapshot';

const ENV = 'FOLIO_ZOTERO_REPO';

/**
 * Zotero's own repository, read at test time and never copied here (it is AGPL): the git directory in
 * FOLIO_ZOTERO_REPO, else the mirror at /work/.mirror/zotero+zotero/repo. Tests skip, saying so, when
 * it is absent.
 */
export const zoteroRepo: GitSnapshot = gitSnapshot('zotero/zotero', ENV);

/** The SQL Zotero builds a fresh database from, as its `Zotero.Schema` runs it. */
export interface ZoteroSchemaSql {
  system: string;
  userdata: string;
  triggers: string;
  /**
   * `system-107.sql` (Zotero 5.0.78 and later): the item types, fields, creator types and base-field
   * mappings with the ids every Zotero database has had since Zotero 5; the newer global schema,
   * `schema.json`, is a git submodule the snapshot lacks, and keeps these ids. Empty for Zotero 5.0,
   * whose `system.sql` holds them itself.
   */
  globalTables: string;
}

/** Zotero releases whose schema the tests build databases from, by git tag. */
export const ZOTERO_RELEASES = ['5.0.0', '6.0.0', '7.0.0'] as const;

/** Zotero's schema files at `ref` of the snapshot: 'HEAD' or a release tag. */
export function zoteroSchemaSql(ref = 'HEAD'): ZoteroSchemaSql {
  const read = (name: string) => show(ref, `resource/schema/${name}`);
  let globalTables = '';
  try {
    globalTables = read('system-107.sql');
  } catch {
    // Zotero 5.0 had no global schema yet: system.sql fills the same tables.
  }
  return { system: read('system.sql'), userdata: read('userdata.sql'), triggers: read('triggers.sql'), globalTables };
}

function show(ref: string, path: string): string {
  if (ref === 'HEAD') return zoteroRepo.file(path).toString('utf8');
  const dir = process.env[ENV] || '/work/.mirror/zotero+zotero/repo';
  return execFileSync('git', ['-C', dir, 'show', `${ref}:${path}`], {
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString('utf8');
}

/** The version a schema file states on its first line ('-- 129'). */
export function schemaFileVersion(sql: string): number {
  const match = /^--\s*(\d+)/.exec(sql);
  if (!match) throw new Error('schema file without a version line');
  return Number(match[1]);
}
