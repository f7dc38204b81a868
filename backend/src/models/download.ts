import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { HubFileInfo } from './hub';
import { HubError } from './hub';

/** A downloaded file whose size or hash is not what the hub says: it is deleted, never kept. */
export class IntegrityError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
  ) {
    super(message);
  }
}

/** Progress of one file: bytes on disk (resumed ones included) of `total`, and those fetched in this run. */
export interface DownloadProgress {
  path: string;
  done: number;
  total: number;
  /** Bytes received in this run (what a rate is computed from). */
  fetched: number;
  /** Bytes that were already on disk from an interrupted run. */
  resumedFrom: number;
}

export interface DownloadOptions {
  url: string;
  /** Final path; the bytes go to `dest.part` until they are verified. */
  dest: string;
  expected: HubFileInfo;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/** sha256 when the hub gives it (LFS files), else the git blob id the hub gives for every file. */
function newHash(expected: HubFileInfo): { hash: Hash; want: string; kind: string } | undefined {
  if (expected.sha256) return { hash: createHash('sha256'), want: expected.sha256, kind: 'sha256' };
  if (expected.blobId) {
    return {
      hash: createHash('sha1').update(`blob ${expected.size}\0`),
      want: expected.blobId,
      kind: 'git blob sha1',
    };
  }
  return undefined;
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  );
}

/**
 * Checks a file against the hub's size and hash. Returns undefined when it matches, else why not.
 * Used for files already in place (a pull run twice downloads nothing) and after each download.
 */
export async function verifyFile(path: string, expected: HubFileInfo): Promise<string | undefined> {
  const size = await sizeOf(path);
  if (size !== expected.size) return `size ${size} bytes, expected ${expected.size}`;
  const check = newHash(expected);
  if (!check) return undefined;
  await pipeline(createReadStream(path), check.hash);
  const got = check.hash.digest('hex');
  return got === check.want ? undefined : `${check.kind} ${got}, expected ${check.want}`;
}

/**
 * Downloads one file of a model, resumably: bytes land in `dest.part` (with `dest.part.json` naming the
 * content they belong to), a later run asks only for the rest with a `Range` request, and the file is
 * renamed into place only once its size and hash match the hub's metadata. A server that ignores the
 * range (200) restarts the file; a part of another version of the file is discarded. A mismatch deletes
 * the part and throws `IntegrityError`; a broken connection keeps the part and throws `HubError`.
 */
export async function downloadFile(options: DownloadOptions): Promise<void> {
  const { dest, expected } = options;
  const part = `${dest}.part`;
  const partInfo = `${part}.json`;
  const identity = JSON.stringify({ size: expected.size, sha256: expected.sha256, blobId: expected.blobId });
  await mkdir(dirname(dest), { recursive: true });

  let have = await sizeOf(part);
  const sameContent = have > 0 && (await readFile(partInfo, 'utf8').catch(() => '')) === identity;
  if (!sameContent || have > expected.size) {
    await rm(part, { force: true });
    have = 0;
  }
  await writeFile(partInfo, identity);

  const progress = (done: number, fetched: number, resumedFrom: number) =>
    options.onProgress?.({ path: expected.path, done, total: expected.size, fetched, resumedFrom });

  if (have < expected.size) {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(options.url, {
        headers: { ...options.headers, ...(have > 0 && { range: `bytes=${have}-` }) },
        redirect: 'follow',
        signal: options.signal,
      });
    } catch (err) {
      const cause = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
      throw new HubError(
        `No se pudo descargar ${expected.path} (${cause}); vuelve a ejecutar la orden para continuar.`,
        `Could not download ${options.url}: ${cause}`,
        true,
      );
    }
    if (response.status === 416) {
      await response.body?.cancel();
    } else if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new HubError(
        `El hub respondió HTTP ${response.status} al descargar ${expected.path}.`,
        `HTTP ${response.status} downloading ${options.url}`,
        response.status >= 500 || response.status === 429,
      );
    } else {
      const resumed = response.status === 206;
      if (!resumed) have = 0;
      const resumedFrom = have;
      let fetched = 0;
      progress(have, 0, resumedFrom);
      // Each chunk is written before the next is read, so whatever arrived before a cut is on disk to resume from.
      const file = await open(part, resumed ? 'a' : 'w');
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          await file.write(chunk);
          fetched += chunk.length;
          progress(resumedFrom + fetched, fetched, resumedFrom);
        }
      } catch (err) {
        if (options.signal?.aborted) throw err;
        const cause = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
        throw new HubError(
          `La descarga de ${expected.path} se interrumpió tras ${resumedFrom + fetched} de ${expected.size} bytes ` +
            `(${cause}); vuelve a ejecutar la orden para continuar donde quedó.`,
          `Download of ${expected.path} interrupted at ${resumedFrom + fetched}/${expected.size} bytes (${cause}); run the command again to resume`,
          true,
        );
      } finally {
        await file.close();
      }
    }
  }

  const wrong = await verifyFile(part, expected);
  if (wrong) {
    await rm(part, { force: true });
    await rm(partInfo, { force: true });
    throw new IntegrityError(
      `El archivo ${expected.path} descargado no coincide con el del hub (${wrong}); se ha borrado. ` +
        'Vuelve a ejecutar la orden; si se repite, el hub o un proxy altera el archivo.',
      `Downloaded ${expected.path} does not match the hub's metadata (${wrong}); deleted it, run the command again`,
    );
  }
  await rename(part, dest);
  await rm(partInfo, { force: true });
}
