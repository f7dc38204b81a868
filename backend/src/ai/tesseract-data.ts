import { access, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The models read from the npm packages `@tesseract.js-data/<lang>`: they ship `4.0.0` (legacy and LSTM
 * engines) and `4.0.0_best_int` (LSTM only, integer, a quarter of the size). tesseract.js 7 runs the LSTM
 * engine by default and fetches `_best_int` for it, so that is the one read here.
 */
export const NPM_DATA_DIR = '4.0.0_best_int';

/** A Tesseract language code: 'spa', 'chi_sim', 'uzb_cyrl'. */
export const LANGUAGE_CODE = /^[a-z]{3}(_[a-z]+)*$/;

/** Data files that are not a language to read in: script detection, equations. */
const NOT_LANGUAGES = new Set(['osd', 'equ']);

const require = createRequire(import.meta.url);

/** Where a language's data was found. */
export interface LanguageData {
  lang: string;
  /** The file, gzipped (`.traineddata.gz`) or not (`.traineddata`). */
  file: string;
}

/** The `@tesseract.js-data/<lang>` package's model, if that package is installed. */
async function npmFile(lang: string): Promise<string | undefined> {
  try {
    const file = join(
      dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
      NPM_DATA_DIR,
      `${lang}.traineddata.gz`,
    );
    await access(file);
    return file;
  } catch {
    return undefined;
  }
}

async function dirFile(dir: string, lang: string): Promise<string | undefined> {
  for (const name of [`${lang}.traineddata.gz`, `${lang}.traineddata`]) {
    const file = join(dir, name);
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      return file;
  }
  return undefined;
}

/**
 * The data of `lang`: from the first of `dirs` that holds it (a pulled model, in FOLIO_OCR_DATA_DIR), else
 * its npm package, else the first of `fallbackDirs` (Debian's); undefined when none has it. Pulled and npm
 * models are tessdata_best made integer, Debian's tessdata_fast: the former read better.
 */
export async function findLanguageData(
  lang: string,
  dirs: readonly string[],
  fallbackDirs: readonly string[] = [],
): Promise<string | undefined> {
  if (!LANGUAGE_CODE.test(lang)) return undefined;
  for (const dir of dirs) {
    const file = await dirFile(dir, lang);
    if (file) return file;
  }
  const packaged = await npmFile(lang);
  if (packaged) return packaged;
  for (const dir of fallbackDirs) {
    const file = await dirFile(dir, lang);
    if (file) return file;
  }
  return undefined;
}

/** The language codes of the data files in `dir` (none when it does not exist). */
async function languagesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const lang = /^(.+)\.traineddata(\.gz)?$/.exec(name)?.[1];
    return lang && LANGUAGE_CODE.test(lang) && !NOT_LANGUAGES.has(lang) ? [lang] : [];
  });
}

/** The `@tesseract.js-data/*` packages installed beside this one's dependencies. */
async function npmLanguages(): Promise<string[]> {
  let scope: string;
  try {
    scope = dirname(dirname(require.resolve('@tesseract.js-data/eng/package.json')));
  } catch {
    return [];
  }
  const found = (await readdir(scope).catch(() => [] as string[])).filter(
    (l) => LANGUAGE_CODE.test(l) && !NOT_LANGUAGES.has(l),
  );
  const present = await Promise.all(found.map(async (l) => ((await npmFile(l)) ? l : undefined)));
  return present.filter((l) => l !== undefined);
}

/**
 * Every language whose data is installed: in `dirs`, as npm packages, in `fallbackDirs`; sorted, once each.
 * Only lists folders: nothing is read or loaded.
 */
export async function installedLanguages(
  dirs: readonly string[],
  fallbackDirs: readonly string[] = [],
): Promise<string[]> {
  const lists = await Promise.all([...dirs, ...fallbackDirs].map(languagesIn));
  return [...new Set([...lists.flat(), ...(await npmLanguages())])].sort();
}
