import { copyFile, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTesseractOcr } from '../ai/tesseract-ocr';
import { loadConfig, type Config } from '../config';
import { pullOcrLanguages } from './pull-ocr';
import { startTestRegistry, type TestRegistry } from './testing/npm-registry-server';

const require = createRequire(import.meta.url);
/** Catalan's model from its installed npm package: the real file a pull of 'cat' brings. */
const CAT = join(
  dirname(require.resolve('@tesseract.js-data/cat/package.json')),
  '4.0.0_best_int',
  'cat.traineddata.gz',
);

/**
 * A tarball laid out as the registry's `@tesseract.js-data/<lang>` ones are (`package/` + package.json, the
 * legacy model in `4.0.0/`, the LSTM one in `4.0.0_best_int/`), holding the installed package's real file
 * under the name of `lang`, packed with node-tar as `npm pack` does.
 */
async function packageTarball(scratch: string, lang: string): Promise<Buffer> {
  const root = await mkdtemp(join(scratch, 'pack-'));
  const pkg = join(root, 'package');
  await mkdir(join(pkg, '4.0.0_best_int'), { recursive: true });
  await mkdir(join(pkg, '4.0.0'), { recursive: true });
  await writeFile(join(pkg, 'package.json'), JSON.stringify({ name: `@tesseract.js-data/${lang}`, version: '1.0.0' }));
  await copyFile(CAT, join(pkg, '4.0.0', `${lang}.traineddata.gz`));
  await copyFile(CAT, join(pkg, '4.0.0_best_int', `${lang}.traineddata.gz`));
  const file = join(root, 'package.tgz');
  await create({ gzip: true, cwd: root, file, portable: true }, ['package']);
  return readFile(file);
}

const SPANISH_PAGE = resolve(import.meta.dirname, '../../../test/fixtures/ocr/texto-es.png');

let scratch: string;
let registry: TestRegistry;
let config: Config;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'folio-pull-ocr-'));
  registry = await startTestRegistry([
    { name: '@tesseract.js-data/cat', version: '1.0.0', tarball: await packageTarball(scratch, 'cat') },
    // A package without the LSTM model.
    { name: '@tesseract.js-data/xyz', version: '1.0.0', tarball: await emptyPackage() },
  ]);
});
afterAll(async () => {
  await registry?.close();
  await rm(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  const data = await mkdtemp(join(scratch, 'data-'));
  config = loadConfig({ FOLIO_DATA: data, FOLIO_NPM_REGISTRY: registry.url });
  registry.requests.length = 0;
  registry.corrupt = undefined;
});

async function emptyPackage(): Promise<Buffer> {
  const root = await mkdtemp(join(scratch, 'empty-'));
  await mkdir(join(root, 'package'));
  await writeFile(join(root, 'package', 'package.json'), '{"name":"@tesseract.js-data/xyz","version":"1.0.0"}');
  const file = join(root, 'package.tgz');
  await create({ gzip: true, cwd: root, file, portable: true }, ['package']);
  return readFile(file);
}

describe('pullOcrLanguages', () => {
  it('installs a language from the registry, verified, into FOLIO_OCR_DATA_DIR, where OCR then reads it', async () => {
    const [result] = await pullOcrLanguages({ config, langs: ['cat'] });
    expect(result).toMatchObject({ lang: 'cat', status: 'pulled', release: '@tesseract.js-data/cat 1.0.0' });
    expect(result!.downloaded).toBeGreaterThan(600_000);
    expect(config.ocr.dataDir).toBe(join(config.modelsDir, 'tessdata'));
    expect(await readFile(join(config.ocr.dataDir, 'cat.traineddata.gz'))).toEqual(await readFile(CAT));
    // The tarball and the folder it was unpacked in are gone; the record of the release stays.
    expect((await readdir(config.ocr.dataDir)).sort()).toEqual(['cat.traineddata.gz', 'cat.traineddata.json']);
    expect(registry.requests).toEqual(['/@tesseract.js-data%2fcat', '/@tesseract.js-data/cat/-/cat-1.0.0.tgz']);

    // OCR takes it from there before the npm package (the pulled file is what its cache links to).
    const cacheDir = await mkdtemp(join(scratch, 'cache-'));
    const ocr = await createTesseractOcr({ langs: ['cat'], dataDirs: [config.ocr.dataDir], cacheDir });
    try {
      expect(ocr.languages).toEqual(['cat', 'deu', 'eng', 'fra', 'ita', 'por', 'spa']);
      expect(await readlink(join(cacheDir, 'cat.traineddata.gz'))).toBe(join(config.ocr.dataDir, 'cat.traineddata.gz'));
      expect((await ocr.recognize(await readFile(SPANISH_PAGE))).texto).toMatch(/acuífero/);
    } finally {
      await ocr.close();
    }
  });

  it('downloads nothing when the same release is installed', async () => {
    await pullOcrLanguages({ config, langs: ['cat'] });
    registry.requests.length = 0;
    const [again] = await pullOcrLanguages({ config, langs: ['cat'] });
    expect(again).toMatchObject({ status: 'present', downloaded: 0 });
    expect(registry.requests).toEqual(['/@tesseract.js-data%2fcat']);
  });

  it('refuses a tarball that does not match the registry’s sha512, and leaves nothing behind', async () => {
    registry.corrupt = '@tesseract.js-data/cat';
    const [result] = await pullOcrLanguages({ config, langs: ['cat'] });
    expect(result).toMatchObject({ lang: 'cat', status: 'failed' });
    expect(result!.mensaje).toMatch(/no coincide con la suma del registro \(sha512\); no se ha instalado nada/);
    expect(result!.message).toMatch(/does not match the registry's sha512 integrity/);
    expect(await readdir(config.ocr.dataDir)).toEqual([]);
  });

  it('says which languages it could not pull, and goes on with the others', async () => {
    const results = await pullOcrLanguages({ config, langs: ['qqq', '../cat', 'xyz', 'cat'] });
    expect(results.map((r) => [r.lang, r.status])).toEqual([
      ['qqq', 'failed'],
      ['../cat', 'failed'],
      ['xyz', 'failed'],
      ['cat', 'pulled'],
    ]);
    expect(results[0]!.mensaje).toBe(`El registro npm ${registry.url} no tiene el paquete @tesseract.js-data/qqq.`);
    expect(results[1]!.message).toMatch(/not a Tesseract language code/);
    expect(results[2]!.mensaje).toBe(
      'El paquete @tesseract.js-data/xyz 1.0.0 no trae 4.0.0_best_int/xyz.traineddata.gz.',
    );
    expect((await readdir(config.ocr.dataDir)).sort()).toEqual(['cat.traineddata.gz', 'cat.traineddata.json']);
  });
});
