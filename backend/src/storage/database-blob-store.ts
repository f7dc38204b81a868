import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db';
import { deleteBlob, insertBlobChunk, readBlobChunk, countBlobChunks } from '../db/blobs.repo';
import { databaseBlobBytes } from '../db/store-size.repo';
import type { BlobStore } from './blob-store';

const CHUNK = 1024 * 1024;

/**
 * Blobs as 1 MB rows in the database, so every worker that reaches the database reaches the files.
 * `localPath` materializes a blob into `cacheDir` for converters that read files.
 */
export function databaseBlobStore(db: Db, cacheDir: string): BlobStore {
  const cached = (key: string) => {
    if (!/^[a-z0-9._-]+$/i.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(cacheDir, key);
  };
  return {
    async putFile(key, sourcePath) {
      await db.transaction(async (tx) => {
        await deleteBlob(tx, key);
        let n = 0;
        for await (const chunk of fs.createReadStream(sourcePath, { highWaterMark: CHUNK })) {
          await insertBlobChunk(tx, key, n++, chunk as Buffer);
        }
      });
      await fsp.rm(sourcePath, { force: true });
    },
    async localPath(key) {
      const file = cached(key);
      if (fs.existsSync(file)) return file;
      const chunks = await countBlobChunks(db, key);
      if (!chunks) throw Object.assign(new Error(`blob ${key} not found`), { code: 'ENOENT' });
      await fsp.mkdir(cacheDir, { recursive: true });
      const partial = `${file}.part-${process.pid}`;
      const out = fs.createWriteStream(partial);
      try {
        for (let n = 0; n < chunks; n++) {
          const data = await readBlobChunk(db, key, n);
          if (!out.write(data)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        await fsp.rename(partial, file);
      } catch (err) {
        out.destroy();
        await fsp.rm(partial, { force: true });
        throw err;
      }
      return file;
    },
    async delete(key) {
      await deleteBlob(db, key);
      await fsp.rm(cached(key), { force: true });
    },
    async size() {
      return { bytes: await databaseBlobBytes(db), inDatabase: true };
    },
  };
}
