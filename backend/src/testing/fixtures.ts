import fs from 'node:fs';
import path from 'node:path';

/** Repository root: committed test material is under `test/fixtures` there. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The outside test material: public files from other projects that are not committed (docs/TESTING.md
 * lists them and where to get them). `FOLIO_FIXTURES` when set, else `../shared/fixtures` beside the repository.
 */
export const FIXTURES = path.resolve(process.env.FOLIO_FIXTURES || path.join(REPO_ROOT, '../shared/fixtures'));

/** Absolute path of `relative` inside the outside material. */
export function fixturePath(relative = ''): string {
  return path.join(FIXTURES, relative);
}

/** True when `relative` (a file or folder of the outside material) is there. */
export function hasFixture(relative = ''): boolean {
  return fs.existsSync(fixturePath(relative));
}

/** The one line a test or bench gives when `relative` is missing: what is absent and how to get it. */
export function fixtureAbsent(relative = ''): string {
  const where = fixturePath(relative);
  return `outside test material absent (${where}): set FOLIO_FIXTURES to a copy of it, see docs/TESTING.md`;
}

/** A test title that says why it skips: `title`, or `title — skipped: <fixtureAbsent>` when `relative` is missing. */
export function titleNeeding(title: string, relative = ''): string {
  return hasFixture(relative) ? title : `${title} — skipped: ${fixtureAbsent(relative)}`;
}
