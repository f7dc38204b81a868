import type { Dirent } from 'node:fs';
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
  /**
   * Bytes the originals take, and whether they sit inside the database (then they are already part of its
   * size, and counting them again would double them).
   */
  size(): Promise<{ bytes: number; inDatabase: boolean }>;
}

/** Bytes of the regular files under `dir`, recursively; 0 when it does not exist. */
export async function directoryBytes(dir: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let total = 0;
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += await directoryBytes(p);
    // A file removed between the listing and its stat is simply no longer there.
    else if (e.isFile())
      total += await fs.stat(p).then(
        (st) => st.size,
        () => 0,
      );
  }
  return total;
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
    async size() {
      return { bytes: await directoryBytes(root), inDatabase: false };
    },
  };
}
