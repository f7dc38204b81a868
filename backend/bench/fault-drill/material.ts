import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { drawnLines } from '../../src/testing/drawn-text';

export interface DrillFile {
  name: string;
  bytes: Buffer;
  sha256: string;
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/**
 * Real files of the outside material (PDFs of several kinds, EPUB, Word, sheets, slides), at most `max`,
 * in a fixed order; none when the material is absent.
 */
export function realFiles(fixtures: string, max: number): DrillFile[] {
  const folders = ['pdfs', 'epub', 'office/docx', 'office/xlsx', 'office/ods', 'office/pptx', 'metadata-dev'];
  const names = folders.flatMap((folder) => {
    const dir = path.join(fixtures, folder);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((n) => /\.(pdf|epub|docx|xlsx|ods|pptx)$/i.test(n))
      .sort()
      .map((n) => path.join(dir, n));
  });
  return names.slice(0, max).map((file) => {
    const bytes = fs.readFileSync(file);
    return { name: path.basename(file), bytes, sha256: sha(bytes) };
  });
}

function crc32(bytes: Buffer): number {
  return zlib.crc32(bytes);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of `mb` megabytes: a line of text drawn on a small canvas, then one private ancillary chunk
 * of random bytes before IEND (decoders skip it), so each is a different, large file that reads quickly.
 */
export function largeImage(label: string, mb: number): DrillFile {
  const canvas = drawnLines([label], { width: 900, height: 160, font: '48px sans-serif', top: 100, step: 0 });
  const png = canvas.toBuffer('image/png');
  const iend = png.length - 12;
  const padding = chunk('pdRl', crypto.randomBytes(mb * 1024 * 1024));
  const bytes = Buffer.concat([png.subarray(0, iend), padding, png.subarray(iend)]);
  return { name: `${label.replace(/\W+/g, '-')}.png`, bytes, sha256: sha(bytes) };
}
