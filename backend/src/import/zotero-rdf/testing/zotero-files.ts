import { execFileSync } from 'node:child_process';
import { gitSnapshot, type GitSnapshot } from '../../../ingest/testing/git-snapshot';

/** Zotero's schema repository (schema.json), read at test time: FOLIO_ZOTERO_SCHEMA_REPO, else the mirror. */
export const zoteroSchemaRepo: GitSnapshot = gitSnapshot('zotero/zotero-schema', 'FOLIO_ZOTERO_SCHEMA_REPO');

/**
 * The commit of Zotero's repository that moved its RDF test data to `<z:path>` (March 2026): at its parent,
 * the test data still has the `<rdf:resource rdf:resource>` element every earlier export wrote.
 */
export const BEFORE_Z_PATH = '81f80a62e37e1f3b2bda9a576dbd8e6844ba8202^';

/**
 * A file of Zotero's repository at an older commit, or undefined when the snapshot has no history (a
 * shallow copy) or is absent.
 */
export function zoteroFileAt(ref: string, path: string): string | undefined {
  const dir = process.env.FOLIO_ZOTERO_REPO || '/work/.mirror/zotero+zotero/repo';
  try {
    return execFileSync('git', ['-C', dir, 'show', `${ref}:${path}`], {
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString('utf8');
  } catch {
    return undefined;
  }
}
