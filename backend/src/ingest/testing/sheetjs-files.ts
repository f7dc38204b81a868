import { gitSnapshot } from './git-snapshot';

/** SheetJS's test_files repository (Apache-2.0 for the files at its root and in `1904/`). */
const sheetjs = gitSnapshot('SheetJS/test_files', 'FOLIO_SHEETJS_TEST_FILES');

export const haveSheetjsFiles = sheetjs.present;
export const titleNeedingSheetjs = sheetjs.title;
export const sheetjsFile = sheetjs.file;
