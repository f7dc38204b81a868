import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stream of bytes went past the size allowed: nothing past `limit` was kept. */
export class SizeLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
    this.name = 'SizeLimitExceeded';
  }
}

/** What was written: its size and SHA-256, computed as it went by. */
export interface MeteredBytes {
  size: number;
  sha256: string;
}

/**
 * A pass-through that counts and hashes the bytes and stops the stream, with `tooLarge()` (by default a
 * `SizeLimitExceeded`), as soon as they pass `limit`, so nothing past the limit is kept. `result()` is read
 * once the stream has ended.
 */
export function byteMeter(
  limit: number,
  tooLarge: () => Error = () => new SizeLimitExceeded(limit),
): { transform: Transform; result: () => MeteredBytes } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > limit) return cb(tooLarge());
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Writes `source` to a new file at `dest` through a `byteMeter`: its size and SHA-256, or, when the bytes
 * pass `limit` or anything fails (the source, the disk), the error, with nothing left at `dest`.
 */
export async function writeMetered(
  source: Readable,
  dest: string,
  limit: number,
  tooLarge?: () => Error,
): Promise<MeteredBytes> {
  const m = byteMeter(limit, tooLarge);
  try {
    await pipeline(source, m.transform, fs.createWriteStream(dest));
  } catch (err) {
    await fsp.rm(dest, { force: true });
    throw err;
  }
  return m.result();
}
