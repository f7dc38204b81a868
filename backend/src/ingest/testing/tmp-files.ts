import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private temporary folder for one test file; call `cleanup` in `afterAll`. */
export interface TmpFiles {
  /** Writes a file (text as UTF-8) and returns its absolute path. */
  write(name: string, data: string | Uint8Array): Promise<string>;
  cleanup(): Promise<void>;
}

export async function tmpFiles(prefix = 'folio-ingest-'): Promise<TmpFiles> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  let counter = 0;
  return {
    async write(name, data) {
      // The counter lets tests reuse a name; the extension stays last.
      counter += 1;
      const path = join(dir, `${counter}-${name}`);
      await writeFile(path, data);
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
