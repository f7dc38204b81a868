import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../testing/fixtures';
import { imageSize, pngWithoutAncillaryChunks } from './image-size';

const OCR_FIXTURES = resolve(REPO_ROOT, 'test/fixtures/ocr');

describe('imageSize', () => {
  it('reads a PNG and a JPEG header, and nothing else', async () => {
    const png = await readFile(resolve(OCR_FIXTURES, 'texto-es.png'));
    const jpg = await readFile(resolve(OCR_FIXTURES, 'texto-es.jpg'));
    const a = imageSize(png);
    const b = imageSize(jpg);
    expect(a!.width).toBeGreaterThan(100);
    expect(b).toEqual(a);
    expect(imageSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});

describe('pngWithoutAncillaryChunks', () => {
  it('leaves a PNG of critical chunks as it is, and refuses what is not a PNG or does not add up', async () => {
    const png = new Uint8Array(await readFile(resolve(OCR_FIXTURES, 'texto-es.png')));
    const same = pngWithoutAncillaryChunks(png);
    // The fixture may carry ancillary chunks of its own; once without them, nothing more is dropped.
    expect(pngWithoutAncillaryChunks(same!)).toBe(same);
    expect(pngWithoutAncillaryChunks(png.subarray(0, 40))).toBeUndefined();
    expect(pngWithoutAncillaryChunks(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});
