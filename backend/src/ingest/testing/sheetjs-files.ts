import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * SheetJS's test_files repository (Apache-2.0 for the files at its root and in `1904/`), read from a git
 * snapshot, not copied here: `FOLIO_SHEETJS_TEST_FILES` names its git directory, else the mirror the
 * `fetch` tool makes (`github:SheetJS/test_files`).
 */
export const SHEETJS_TEST_FILES = process.env.FOLIO_SHEETJS_TEST_FILES || '/work/.mirror/SheetJS+test_files/repo';

/** True when the snapshot is there. */
export const haveSheetjsFiles = fs.existsSync(SHEETJS_TEST_FILES);

/** A test title that says why it skips when the snapshot is absent. */
export function titleNeedingSheetjs(title: string): string {
  return haveSheetjsFiles
    ? title
    : `${title} — skipped: SheetJS test_files absent (${SHEETJS_TEST_FILES}): set FOLIO_SHEETJS_TEST_FILES to a git copy of github.com/SheetJS/test_files`;
}

/** The bytes of `path` (relative to the repository's root) at the snapshot's HEAD. */
export function sheetjsFile(path: string): Buffer {
  return execFileSync('git', ['-C', SHEETJS_TEST_FILES, 'show', `HEAD:${path}`], { maxBuffer: 64 << 20 });
}
