import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocr } from './ocr';
import { OcrImageError } from './ocr';
import { ARABIC_LINES, canDrawArabic, drawnArabicPage } from '../testing/drawn-text';
import { DEBIAN_TESSDATA } from '../config';
import { createTesseractOcr, OcrUnavailableError } from './tesseract-ocr';

const OCR_FIXTURES = resolve(import.meta.dirname, '../../../test/fixtures/ocr');
const WORDS = ['acuífero', 'kárstico', 'Yucatán', 'superficiales', 'concentración', 'nitratos', 'cenotes', 'Homún'];

/** Lower case without accents, so OCR that drops an accent still matches. */
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const found = (text: string, words: string[]) =>
  words.filter((w) => plain(text).includes(plain(w))).length / words.length;

describe('createTesseractOcr', () => {
  let ocr: Ocr;
  let cacheDir: string;
  let png: Buffer;
  const realFetch = globalThis.fetch;
  const fetched: string[] = [];

  beforeAll(async () => {
    // Any download attempt from this thread fails loudly (the worker thread reads files only, see below).
    globalThis.fetch = ((input: unknown) => {
      fetched.push(String(input));
      throw new Error('OCR must not use the network');
    }) as typeof fetch;
    cacheDir = await mkdtemp(join(tmpdir(), 'folio-tesseract-test-'));
    png = await readFile(resolve(OCR_FIXTURES, 'texto-es.png'));
    ocr = await createTesseractOcr({ cacheDir });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await ocr?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('recognizes Spanish text, accents included, with a 0-1 confidence', async () => {
    const { texto, confianza } = await ocr.recognize(png);
    expect(found(texto, WORDS)).toBeGreaterThanOrEqual(0.85);
    // Accents are read, not only tolerated.
    expect(texto).toMatch(/acuífero|Yucatán|concentración/);
    expect(confianza).toBeGreaterThan(0.8);
    expect(confianza).toBeLessThanOrEqual(1);
    expect(ocr.name).toBe('tesseract.js 7 (spa+eng; también cat, deu, fra, ita, por)');
    expect(ocr.languages).toEqual(['spa', 'eng', 'cat', 'deu', 'fra', 'ita', 'por']);
  });

  it('tells the script a page is written in, from the installed detection data', async () => {
    expect(await ocr.script!(png)).toBe('Latin');
    if (canDrawArabic) expect(await ocr.script!(drawnArabicPage())).toBe('Arabic');
  });

  it('reads the language data from the installed packages, never from the network', () => {
    expect(fetched).toEqual([]);
    // tesseract.js fetches only when its langPath is a URL; here it is a folder of links to the packages.
    // The default languages and those a document may ask for, each from its installed package.
    // Script detection's data (the legacy engine's) is placed once a script was asked for (the test above).
    expect(readdirSync(cacheDir).sort()).toEqual(
      ['cat', 'deu', 'eng', 'fra', 'ita', 'osd', 'por', 'spa'].map((l) => `${l}.traineddata.gz`),
    );
    for (const name of readdirSync(cacheDir)) {
      const file = join(cacheDir, name);
      const target = lstatSync(file).isSymbolicLink() ? readlinkSync(file) : file;
      expect(target).toMatch(/@tesseract\.js-data\/((spa|eng|por|fra|deu|ita|cat)\/4\.0\.0_best_int|osd\/4\.0\.0)\//);
    }
    // Nor is unpacked data written to the working directory (tesseract.js's default cache).
    expect(existsSync('spa.traineddata')).toBe(false);
  });

  it('reuses its worker for calls made at once, one image at a time', async () => {
    const [a, b] = await Promise.all([ocr.recognize(png), ocr.recognize(png, { langs: ['eng'] })]);
    expect(found(a.texto, WORDS)).toBeGreaterThanOrEqual(0.85);
    // English alone reads the words, not always their accents.
    expect(found(b.texto, WORDS)).toBeGreaterThanOrEqual(0.6);
  });

  it('gives empty text and zero confidence for an image without text', async () => {
    expect(await ocr.recognize(await readFile(resolve(OCR_FIXTURES, 'blanco.png')))).toEqual({
      texto: '',
      confianza: 0,
    });
  });

  it('tells an undecodable image apart', async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    await expect(ocr.recognize(garbage)).rejects.toBeInstanceOf(OcrImageError);
    // Deflate-compressed TIFF is a compression tesseract.js's Leptonica does not read.
    const deflate = await readFile(resolve(OCR_FIXTURES, 'texto-es.tiff'));
    await expect(ocr.recognize(deflate)).rejects.toThrow(/could not decode/);
    // The worker survives both.
    expect(found((await ocr.recognize(png)).texto, WORDS)).toBeGreaterThanOrEqual(0.85);
  });

  it('stops at once when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(ocr.recognize(png, { signal: controller.signal })).rejects.toThrow(/abort/i);
    // Aborted while recognizing: the call gives up; the worker finishes that image and goes on.
    const later = new AbortController();
    const running = ocr.recognize(png, { signal: later.signal });
    setTimeout(() => later.abort(), 20);
    await expect(running).rejects.toThrow(/abort/i);
    expect(found((await ocr.recognize(png)).texto, WORDS)).toBeGreaterThanOrEqual(0.85);
  });

  it('starts a new worker after close()', async () => {
    await ocr.close();
    expect(found((await ocr.recognize(png)).texto, WORDS)).toBeGreaterThanOrEqual(0.85);
  });
});

/** Debian's Arabic model (tesseract-ocr-ara), uncompressed, when installed. */
const DEBIAN_ARA = DEBIAN_TESSDATA.map((d) => join(d, 'ara.traineddata')).find((f) => existsSync(f));

describe.skipIf(!DEBIAN_ARA || !canDrawArabic)(
  DEBIAN_ARA
    ? "createTesseractOcr with Debian's language data"
    : "with Debian's data — skipped: apt-get install tesseract-ocr-ara",
  () => {
    it('loads an uncompressed Debian model (tessdata_fast, LSTM) and reads with it', async () => {
      const cacheDir = await mkdtemp(join(tmpdir(), 'folio-tesseract-debian-'));
      const ocr = await createTesseractOcr({ cacheDir, systemDataDirs: DEBIAN_TESSDATA });
      try {
        expect(ocr.languages).toContain('ara');
        // Linked under the gzipped name tesseract.js asks for; it loads what is not gzipped as it is.
        expect(readlinkSync(join(cacheDir, 'ara.traineddata.gz'))).toBe(DEBIAN_ARA);
        const { texto, confianza } = await ocr.recognize(drawnArabicPage(), { langs: ['ara'] });
        const lines = texto.split('\n').filter(Boolean);
        expect(lines.filter((l) => ARABIC_LINES.includes(l)).length).toBeGreaterThanOrEqual(7);
        expect(confianza).toBeGreaterThan(0.8);
        // The npm packages' languages still come from them, not from Debian's copies.
        expect(readlinkSync(join(cacheDir, 'eng.traineddata.gz'))).toMatch(/@tesseract\.js-data\/eng\//);
      } finally {
        await ocr.close();
        await rm(cacheDir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

describe('createTesseractOcr without language data', () => {
  it('says which package is missing, and that it will not download it', async () => {
    // Japanese has a package on npm, not installed here.
    const error = await createTesseractOcr({ langs: ['jpn'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrUnavailableError);
    expect((error as Error).message).toMatch(/@tesseract\.js-data\/jpn/);
    expect((error as Error).message).toMatch(/never downloads data on its own/);
    expect((error as Error).message).toMatch(/models pull ocr jpn/);
    expect((error as Error).message).toMatch(/tesseract-ocr-jpn/);
  });

  it('refuses what is not a language code', async () => {
    await expect(createTesseractOcr({ langs: ['../spa'] })).rejects.toBeInstanceOf(OcrUnavailableError);
  });
});
