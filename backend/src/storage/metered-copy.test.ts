import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { SizeLimitExceeded, writeMetered } from './metered-copy';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-metered-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const chunks = (n: number, size: number) => Readable.from(Array.from({ length: n }, () => Buffer.alloc(size, 7)));

describe('writeMetered', () => {
  it('writes the bytes with their size and SHA-256', async () => {
    const dest = path.join(dir, 'ok');
    const got = await writeMetered(chunks(3, 1000), dest, 3000);
    const bytes = fs.readFileSync(dest);
    expect(got).toEqual({ size: 3000, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('stops past the limit and leaves nothing behind', async () => {
    const dest = path.join(dir, 'big');
    await expect(writeMetered(chunks(5, 1000), dest, 3000)).rejects.toBeInstanceOf(SizeLimitExceeded);
    expect(fs.existsSync(dest)).toBe(false);
  });

  it('throws the error it is given for the limit', async () => {
    const dest = path.join(dir, 'own');
    await expect(writeMetered(chunks(2, 10), dest, 5, () => new Error('demasiado'))).rejects.toThrow('demasiado');
    expect(fs.existsSync(dest)).toBe(false);
  });
});
