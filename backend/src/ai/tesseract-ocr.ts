import { access, mkdir, rename, symlink, unlink, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { OcrImageError, type Ocr, type OcrResult } from './ocr';

export interface TesseractOcrOptions {
  /**
   * Tesseract language codes, all used together ('spa', 'eng'); each needs its npm package
   * `@tesseract.js-data/<code>`. Default: Spanish and English.
   */
  langs?: string[];
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
/**
 * Languages a call may ask for beyond the default ones (a document's own language), loaded on demand when
 * their `@tesseract.js-data/*` package is installed: Portuguese, French, German, Italian, Catalan.
 */
const OTHER_LANGS = ['por', 'fra', 'deu', 'ita', 'cat'];
/**
 * The models used: the packages ship `4.0.0` (legacy and LSTM engines) and `4.0.0_best_int` (LSTM only,
 * integer, a quarter of the size). tesseract.js 7 runs the LSTM engine by default and fetches `_best_int`
 * for it, so that is the one read here.
 */
const DATA_DIR = '4.0.0_best_int';

const require = createRequire(import.meta.url);

/**
 * Tesseract (tesseract.js 7, WebAssembly) with the language data of the `@tesseract.js-data/*` packages:
 * it never touches the network (tesseract.js would download missing data from a CDN; here missing data is
 * an `OcrUnavailableError` at creation, naming the package to install). One worker is started (≈0.5 s)
 * before this resolves and is reused by every call, one image at a time; `close()` ends it, and a later
 * call starts a new one.
 */
export async function createTesseractOcr(opts: TesseractOcrOptions = {}): Promise<Ocr> {
  const langs = opts.langs?.length ? [...new Set(opts.langs)] : DEFAULT_LANGS;
  for (const lang of langs) {
    if (!/^[a-z]{3}(_[a-z]+)?$/i.test(lang)) throw new OcrUnavailableError(`Not a Tesseract language code: '${lang}'.`);
  }
  const files = await Promise.all(langs.map(dataFile));
  // Languages a document may be read in besides the default ones, when their data is installed.
  const more = (
    await Promise.all(
      OTHER_LANGS.filter((l) => !langs.includes(l)).map((l) =>
        dataFile(l).then(
          (f) => [l, f] as const,
          () => undefined,
        ),
      ),
    )
  ).filter((x) => x !== undefined);
  const available = [...langs, ...more.map(([l]) => l)];
  const langPath = opts.cacheDir ?? join(tmpdir(), 'folio-tesseract');
  await mkdir(langPath, { recursive: true });
  await Promise.all(
    [...langs.map((lang, i) => [lang, files[i]!] as const), ...more].map(([lang, file]) =>
      place(file, join(langPath, `${lang}.traineddata.gz`)),
    ),
  );

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

/** The packaged language file, or an error saying which package to install. */
async function dataFile(lang: string): Promise<string> {
  const pkg = `@tesseract.js-data/${lang}`;
  let file: string;
  try {
    file = join(dirname(require.resolve(`${pkg}/package.json`)), DATA_DIR, `${lang}.traineddata.gz`);
    await access(file);
  } catch {
    throw new OcrUnavailableError(
      `OCR language data for '${lang}' is not installed: add the npm package ${pkg} (it must contain ` +
        `${DATA_DIR}/${lang}.traineddata.gz). Folio never downloads OCR data.`,
    );
  }
  return file;
}

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
