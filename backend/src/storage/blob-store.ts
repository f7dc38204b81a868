import fs from 'node:fs/promises';
import path from 'node:path';

/** Where original files live. A directory by default; an object store fits the same shape. */
export interface BlobStore {
  /** Moves the file at `sourcePath` into the store under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** A local path holding the bytes of `key`, for converters that read files. */
  localPath(key: string): Promise<string>;
  /** Removes `key`; missing keys are not an error. */
  delete(key: string): Promise<void>;
}

/** Blobs as files under `root`, fanned out by the key's first two characters. */
export function directoryBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    if (!/^[a-z0-9._-]+$/i.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async putFile(key, sourcePath) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(sourcePath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fs.copyFile(sourcePath, target);
        await fs.rm(sourcePath, { force: true });
      }
    },
    async localPath(key) {
      const file = fileOf(key);
      await fs.access(file);
      return file;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
