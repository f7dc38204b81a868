import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, startTestServer, type TestServer, type TestStore } from '../testing/harness';
import { directoryBlobStore, type BlobStore } from './blob-store';
import { databaseBlobStore } from './database-blob-store';

let store: TestStore;
let server: TestServer;

beforeAll(async () => {
  store = await createTestStore();
  server = await startTestServer(store, {}, { workers: false });
});
afterAll(async () => {
  await server?.close();
  await store?.drop();
});

function tempFile(bytes: Buffer): string {
  const file = path.join(store.dataDir, `src-${crypto.randomUUID()}`);
  fs.writeFileSync(file, bytes);
  return file;
}

const stores: [string, () => BlobStore][] = [
  ['directory', () => directoryBlobStore(path.join(store.dataDir, 'b-dir'))],
  ['database', () => databaseBlobStore(server.runtime.deps.db, path.join(store.dataDir, 'b-cache'))],
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
