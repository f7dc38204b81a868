import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../testing/fixtures';
import { imageSize, pngWithoutAncillaryChunks } from './image-size';

const OCR_FIXTURES = resolve(REPO_ROOT, 'test/fixtures/ocr');

describe('imageSize', () => {
  it('reads the header of a PNG, a JPEG, a TIFF and a WebP of one picture alike, and nothing else', async () => {
    const sizes = await Promise.all(
      ['texto-es.png', 'texto-es.jpg', 'texto-es.tiff', 'texto-es.webp'].map(async (name) =>
        imageSize(await readFile(resolve(OCR_FIXTURES, name))),
      ),
    );
    expect(sizes[0]!.width).toBeGreaterThan(100);
    for (const size of sizes.slice(1)) expect(size).toEqual(sizes[0]);
    expect(imageSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
    // A TIFF whose directory lies past the end of the file.
    expect(imageSize(new Uint8Array([0x49, 0x49, 0x2a, 0, 0xff, 0xff, 0, 0]))).toBeUndefined();
  });

  it('reads a big-endian TIFF with LONG sizes, a GIF and a BMP', () => {
    const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
    tiff.write('MM\0*', 0, 'latin1');
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(2, 8);
    for (const [i, [tag, value]] of [
      [256, 30_000],
      [257, 40_000],
    ].entries()) {
      tiff.writeUInt16BE(tag!, 10 + i * 12);
      tiff.writeUInt16BE(4, 12 + i * 12);
      tiff.writeUInt32BE(1, 14 + i * 12);
      tiff.writeUInt32BE(value!, 18 + i * 12);
    }
    expect(imageSize(tiff)).toEqual({ width: 30_000, height: 40_000 });
    const gif = Buffer.from('GIF89a\x40\x01\xf0\x00', 'latin1');
    expect(imageSize(gif)).toEqual({ width: 320, height: 240 });
    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(640, 18);
    bmp.writeInt32LE(-480, 22);
    expect(imageSize(bmp)).toEqual({ width: 640, height: 480 });
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
