import { access, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extract } from 'tar';
import { LANGUAGE_CODE, NPM_DATA_DIR } from '../ai/tesseract-data';
import type { Config } from '../config';
import { IntegrityError } from './download';
import { HubError } from './hub';
import { downloadTarball, latestRelease } from './npm-registry';

/** How one language's pull ended. */
export interface OcrPullResult {
  lang: string;
  status: 'pulled' | 'present' | 'failed';
  /** The package and version installed ('@tesseract.js-data/chi_sim 1.0.0'). */
  release?: string;
  /** Bytes downloaded in this run. */
  downloaded: number;
  /** Why it failed, in Spanish and English. */
  mensaje?: string;
  message?: string;
}

export interface OcrPullOptions {
  config: Config;
  langs: readonly string[];
  /** Defaults to the platform's; tests talk to a local registry over HTTP. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onBytes?: (lang: string, bytes: number) => void;
}

/** What a pull leaves beside a language file: the release it came from, so a second pull downloads nothing. */
const recordOf = (dataDir: string, lang: string) => join(dataDir, `${lang}.traineddata.json`);

/**
 * Extracts the one entry `path` of a gzipped tarball to `dest`: into a temporary folder beside it (node-tar
 * checks the entry's path and type), then renamed into place, so a reader never sees half a model.
 */
async function extractEntry(tarball: string, path: string, dest: string): Promise<void> {
  const dir = await mkdtemp(join(dirname(dest), '.extract-'));
  try {
    await extract({ file: tarball, cwd: dir, strict: true, filter: (p) => p === path });
    await rename(join(dir, path), dest);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pullOne(options: OcrPullOptions, lang: string): Promise<OcrPullResult> {
  const { dataDir } = options.config.ocr;
  if (!LANGUAGE_CODE.test(lang)) {
    return {
      lang,
      status: 'failed',
      downloaded: 0,
      mensaje: `'${lang}' no es un código de idioma de Tesseract (como spa, chi_sim, ara).`,
      message: `'${lang}' is not a Tesseract language code (such as spa, chi_sim, ara)`,
    };
  }
  const name = `@tesseract.js-data/${lang}`;
  const release = await latestRelease(options.config.npmRegistry, name, options);
  const said = `${name} ${release.version}`;
  const dest = join(dataDir, `${lang}.traineddata.gz`);
  const record = await readFile(recordOf(dataDir, lang), 'utf8').then(
    (text) => JSON.parse(text) as { integrity?: string },
    () => undefined,
  );
  const present = await access(dest).then(
    () => true,
    () => false,
  );
  if (present && record?.integrity === release.integrity)
    return { lang, status: 'present', release: said, downloaded: 0 };

  await mkdir(dataDir, { recursive: true });
  const tarball = join(dataDir, `.${lang}.${process.pid}.tgz`);
  try {
    const downloaded = await downloadTarball(release, tarball, {
      ...options,
      onBytes: (n) => options.onBytes?.(lang, n),
    });
    await extractEntry(tarball, `package/${NPM_DATA_DIR}/${lang}.traineddata.gz`, dest).catch((error: unknown) => {
      throw new HubError(
        `El paquete ${said} no trae ${NPM_DATA_DIR}/${lang}.traineddata.gz.`,
        `${said} holds no ${NPM_DATA_DIR}/${lang}.traineddata.gz: ${(error as Error).message}`,
        false,
      );
    });
    await writeFile(
      recordOf(dataDir, lang),
      JSON.stringify(
        {
          package: name,
          version: release.version,
          integrity: release.integrity,
          registry: options.config.npmRegistry,
          pulledAt: new Date().toISOString(),
        },
        null,
        2,
      ),
    );
    return { lang, status: 'pulled', release: said, downloaded };
  } finally {
    await rm(tarball, { force: true });
  }
}

/**
 * Downloads the Tesseract language data of `langs` from the npm registry (`@tesseract.js-data/<lang>`,
 * FOLIO_NPM_REGISTRY) into FOLIO_OCR_DATA_DIR, where OCR looks first: each tarball is checked against the
 * registry's sha512 before anything is extracted, and only its LSTM model (`4.0.0_best_int`) is kept. One
 * language's failure does not stop the others.
 */
export async function pullOcrLanguages(options: OcrPullOptions): Promise<OcrPullResult[]> {
  const results: OcrPullResult[] = [];
  for (const lang of new Set(options.langs)) {
    try {
      results.push(await pullOne(options, lang));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const known = error instanceof HubError || error instanceof IntegrityError;
      results.push({
        lang,
        status: 'failed',
        downloaded: 0,
        mensaje: known ? error.mensaje : (error as Error).message,
        message: (error as Error).message,
      });
    }
  }
  return results;
}
