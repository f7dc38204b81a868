import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness';
import { directoryBlobStore, type BlobStore } from './blob-store';
import { databaseBlobStore } from './database-blob-store';

const ctx = useTestServer({}, { workers: false });

function tempFile(bytes: Buffer): string {
  const file = path.join(ctx.store.dataDir, `src-${crypto.randomUUID()}`);
  fs.writeFileSync(file, bytes);
  return file;
}

const stores: [string, () => BlobStore][] = [
  ['directory', () => directoryBlobStore(path.join(ctx.store.dataDir, 'b-dir'))],
  ['database', () => databaseBlobStore(ctx.server.runtime.deps.db, path.join(ctx.store.dataDir, 'b-cache'))],
];

describe.each(stores)('%s blob store', (_name, make) => {
  it('keeps the exact bytes across chunk boundaries, moves the source away and deletes', async () => {
    const blobs = make();
    const bytes = crypto.randomBytes(2 * 1024 * 1024 + 123);
    const src = tempFile(bytes);
    await blobs.putFile('abc123', src);
    expect(fs.existsSync(src)).toBe(false);
    const local = await blobs.localPath('abc123');
    expect(fs.readFileSync(local).equals(bytes)).toBe(true);
    await blobs.delete('abc123');
    await expect(blobs.localPath('abc123')).rejects.toThrow();
    await blobs.delete('abc123'); // deleting twice is fine
  });

  it('refuses keys that could escape its folder', async () => {
    await expect(make().localPath('../etc/passwd')).rejects.toThrow(/invalid blob key/);
  });
});
