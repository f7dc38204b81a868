import { access, mkdir, rename, symlink, unlink, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { OcrImageError, type Ocr, type OcrResult } from './ocr';
import { findLanguageData, installedLanguages, LANGUAGE_CODE, NPM_DATA_DIR } from './tesseract-data';

export interface TesseractOcrOptions {
  /**
   * Tesseract language codes, all used together ('spa', 'eng'); each needs its data installed (see
   * `dataDirs`). Default: Spanish and English.
   */
  langs?: string[];
  /**
   * Folders of language data (`<lang>.traineddata.gz` or `.traineddata`) looked in before the npm packages
   * `@tesseract.js-data/<lang>`: FOLIO_OCR_DATA_DIR, where `models pull ocr` puts them. Default: none.
   */
  dataDirs?: readonly string[];
  /** Folders looked in after the npm packages: Debian's tessdata (`DEBIAN_TESSDATA`). Default: none. */
  systemDataDirs?: readonly string[];
  /**
   * Directory where the language files are gathered for the worker (links to the packages' files, or
   * copies where links are not allowed). Default: `folio-tesseract` in the system's temporary directory.
   */
  cacheDir?: string;
}

/** OCR cannot run on this machine: language data or the engine is missing. The message says what to do. */
export class OcrUnavailableError extends Error {
  override readonly name = 'OcrUnavailableError';
}

const DEFAULT_LANGS = ['spa', 'eng'];

const require = createRequire(import.meta.url);

/**
 * Tesseract (tesseract.js 7, WebAssembly) with the language data installed on this machine (the
 * `@tesseract.js-data/*` packages, `dataDirs`, `systemDataDirs`): it never touches the network (tesseract.js
 * would download missing data from a CDN; here missing data is an `OcrUnavailableError` at creation, saying
 * how to install it). Every installed language may be asked for by a call (`languages`). One worker is
 * started (≈0.5 s) before this resolves and is reused by every call, one image at a time; `close()` ends it,
 * and a later call starts a new one.
 */
export async function createTesseractOcr(opts: TesseractOcrOptions = {}): Promise<Ocr> {
  const langs = opts.langs?.length ? [...new Set(opts.langs)] : DEFAULT_LANGS;
  for (const lang of langs) {
    if (!LANGUAGE_CODE.test(lang)) throw new OcrUnavailableError(`Not a Tesseract language code: '${lang}'.`);
  }
  const dirs = opts.dataDirs ?? [];
  const systemDirs = opts.systemDataDirs ?? [];
  const find = async (lang: string) => [lang, await findLanguageData(lang, dirs, systemDirs)] as const;
  const files = await Promise.all(langs.map(find));
  const missing = files.find(([, file]) => !file);
  if (missing) throw new OcrUnavailableError(notInstalled(missing[0]));
  // Languages a page may be read in besides the default ones: a document's own, a script's.
  const others = (await installedLanguages(dirs, systemDirs)).filter((l) => !langs.includes(l));
  const more = (await Promise.all(others.map(find))).filter(([, file]) => file !== undefined);
  const available = [...langs, ...more.map(([l]) => l)];
  const langPath = opts.cacheDir ?? join(tmpdir(), 'folio-tesseract');
  await mkdir(langPath, { recursive: true });
  // tesseract.js asks for `<lang>.traineddata.gz` and unzips what starts with gzip's magic number only, so
  // Debian's uncompressed files are linked under that name too and loaded as they are.
  await Promise.all([...files, ...more].map(([lang, file]) => place(file!, join(langPath, `${lang}.traineddata.gz`))));

  const version = (require('tesseract.js/package.json') as { version: string }).version;
  let worker: Promise<Tesseract.Worker> | undefined = startWorker(langs, langPath);
  await worker;
  let loaded = langs.join('+');
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs jobs one after another, so a change of languages never overlaps a recognition. */
  const serially = <T>(job: () => Promise<T>): Promise<T> => {
    const result = queue.then(job, job);
    queue = result.catch(() => undefined);
    return result;
  };

  // Script detection (OSD) needs Tesseract's legacy engine and its own data: a second worker, started on
  // first use only (a page whose language its text layer or first reading does not tell).
  let detector: Promise<Tesseract.Worker | undefined> | undefined;
  const startDetector = async () => {
    const file = await osdFile();
    if (!file) return undefined;
    await place(file, join(langPath, 'osd.traineddata.gz'));
    return startWorker(['osd'], langPath, true).catch(() => undefined);
  };

  return {
    name: `tesseract.js ${version.split('.')[0]} (${langs.join('+')}${more.length ? `; también ${more.map(([l]) => l).join(', ')}` : ''})`,
    languages: available,
    async script(image: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<string | undefined> {
      options.signal?.throwIfAborted();
      return serially(async () => {
        detector ??= startDetector();
        const w = await detector;
        if (!w) return undefined;
        const result = await untilAborted(
          w.detect(image).then(
            ({ data }) => data,
            () => undefined,
          ),
          options.signal,
        );
        // Below this, Tesseract's script confidence (an unbounded score) is a guess: a page of a few words.
        return result?.script && (result.script_confidence ?? 0) > MIN_SCRIPT_SCORE ? result.script : undefined;
      });
    },
    async recognize(image: Uint8Array, options: { langs?: string[]; signal?: AbortSignal } = {}): Promise<OcrResult> {
      const { signal } = options;
      signal?.throwIfAborted();
      return serially(async () => {
        signal?.throwIfAborted();
        worker ??= startWorker(langs, langPath);
        const w = await worker;
        // A call may ask for other languages whose data is installed; others are ignored (no data for them).
        const wanted = options.langs?.filter((l) => available.includes(l)) ?? [];
        const use = (wanted.length > 0 ? wanted : langs).join('+');
        if (use !== loaded) {
          await w.reinitialize(use);
          loaded = use;
        }
        const { data } = await untilAborted(
          w.recognize(image).catch((error: unknown) => {
            throw recognitionError(error);
          }),
          signal,
        );
        const texto = data.text ?? '';
        const confianza = texto.trim() ? Math.round(Math.min(Math.max(data.confidence / 100, 0), 1) * 100) / 100 : 0;
        return { texto, confianza };
      });
    },
    async close() {
      const current = worker;
      worker = undefined;
      loaded = langs.join('+');
      if (current) await (await current.catch(() => undefined))?.terminate();
      const osd = detector;
      detector = undefined;
      if (osd) await (await osd.catch(() => undefined))?.terminate();
    },
  };
}

/** Why `lang` cannot be read, and the ways to install its data. */
const notInstalled = (lang: string) =>
  `OCR language data for '${lang}' is not installed: run 'npm run folio -- models pull ocr ${lang}', or add ` +
  `the npm package @tesseract.js-data/${lang} (it must contain ${NPM_DATA_DIR}/${lang}.traineddata.gz), or ` +
  `install Debian's tesseract-ocr-${lang.replaceAll('_', '-')}. OCR never downloads data on its own.`;

/** Script detection scores of a page of text: Latin pages score 20-125, a page of Chinese 1.4. */
const MIN_SCRIPT_SCORE = 1;

/** The packaged script-detection data (legacy engine), or undefined when its package is not installed. */
async function osdFile(): Promise<string | undefined> {
  try {
    const file = join(dirname(require.resolve('@tesseract.js-data/osd/package.json')), '4.0.0', 'osd.traineddata.gz');
    await access(file);
    return file;
  } catch {
    return undefined;
  }
}

/** Puts a link to `source` at `target` (a copy where links fail), replacing what was there atomically. */
async function place(source: string, target: string): Promise<void> {
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    await symlink(source, temporary);
  } catch {
    await copyFile(source, temporary);
  }
  try {
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Starts a worker reading language data from `langPath` only. tesseract.js reports a failed start through
 * `errorHandler` and leaves `createWorker` pending, so the first error rejects the start here.
 */
function startWorker(langs: readonly string[], langPath: string, legacy = false): Promise<Tesseract.Worker> {
  let failStart: ((reason: Error) => void) | undefined;
  const failed = new Promise<never>((_, reject) => {
    failStart = reject;
  });
  const started = Tesseract.createWorker([...langs], legacy ? Tesseract.OEM.TESSERACT_ONLY : Tesseract.OEM.LSTM_ONLY, {
    langPath,
    ...(legacy && { legacyCore: true, legacyLang: true }),
    gzip: true,
    // No cache: tesseract.js would otherwise write the unpacked data into the working directory.
    cacheMethod: 'none',
    logger: () => undefined,
    // Job failures also reject the job's own promise; this only matters while starting.
    errorHandler: (error: unknown) => failStart?.(new OcrUnavailableError(`tesseract.js failed to start: ${error}`)),
  });
  return Promise.race([started, failed]).finally(() => {
    failStart = undefined;
  });
}

function recognitionError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/read image|pix not read|no pix/i.test(message)) {
    return new OcrImageError(`tesseract.js could not decode the image: ${message}`);
  }
  return error instanceof Error ? error : new Error(`tesseract.js: ${message}`);
}

/**
 * A running recognition cannot be cancelled inside the worker; an abort stops waiting for it (the next job
 * starts once the worker is done with it).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
