import { installedLanguages } from '../ai/tesseract-data';
import { loadConfig } from '../config';

/**
 * OCR language data as Folio finds it on this machine (FOLIO_OCR_DATA_DIR, where `models pull ocr` puts it,
 * and Debian's tessdata), for tests that read a script CI has no data for: they run where it is installed.
 */
const { dataDir, systemDataDirs } = loadConfig().ocr;

/** The folders to create an OCR engine with, to read with this machine's data. */
export const MACHINE_OCR_DATA = { dataDirs: [dataDir], systemDataDirs };

const installed = await installedLanguages([dataDir], systemDataDirs);

/** Whether the data of `lang` is installed on this machine. */
export const hasOcrData = (lang: string): boolean => installed.includes(lang);

/** A test title that says why it skips when the data of `lang` is not installed. */
export const titleNeedingOcr = (title: string, lang: string): string =>
  hasOcrData(lang)
    ? title
    : `${title} — skipped: no OCR data for '${lang}' (npm run folio -- models pull ocr ${lang}, or apt-get ` +
      `install tesseract-ocr-${lang.replaceAll('_', '-')})`;
