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
  /** A connection silent this long is dropped (and the download resumable). Default 60 s. */
  stallMs?: number;
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

/** Why a download stopped partway, in both languages, as a transient `HubError` (the part is kept). */
function interrupted(expected: HubFileInfo, at: number, cause: string): HubError {
  return new HubError(
    `La descarga de ${expected.path} se interrumpió tras ${at} de ${expected.size} bytes (${cause}); ` +
      'vuelve a ejecutar la orden para continuar donde quedó.',
    `Download of ${expected.path} interrupted at ${at}/${expected.size} bytes (${cause}); run the command again to resume`,
    true,
  );
}

/**
 * Appends a response body to `part`, chunk by chunk (each written before the next is read, so whatever
 * arrived before a cut is on disk to resume from); `onChunk` gets the bytes of this run so far.
 */
async function appendBody(
  body: AsyncIterable<Uint8Array>,
  part: string,
  append: boolean,
  onChunk: (n: number) => void,
) {
  const file = await open(part, append ? 'a' : 'w');
  let fetched = 0;
  try {
    for await (const chunk of body) {
      await file.write(chunk);
      fetched += chunk.length;
      onChunk(fetched);
    }
  } finally {
    await file.close();
  }
}

/**
 * Downloads one file of a model, resumably: bytes land in `dest.part` (with `dest.part.json` naming the
 * content they belong to), a later try asks only for the rest with a `Range` request, and the file is
 * renamed into place only once its size and hash match the hub's metadata. A server that ignores the
 * range (200) restarts the file; a part of another version of the file is discarded; a connection that
 * sends nothing for `stallMs` is dropped. A mismatch deletes the part and throws `IntegrityError`; a
 * broken or stalled connection keeps the part and throws a transient `HubError`.
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

  if (have < expected.size) {
    const stall = new AbortController();
    const stallMs = options.stallMs ?? 60_000;
    let timer = setTimeout(() => stall.abort(), stallMs);
    const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal;
    let resumedFrom = have;
    let fetched = 0;
    try {
      const response = await (options.fetch ?? fetch)(options.url, {
        headers: { ...options.headers, ...(have > 0 && { range: `bytes=${have}-` }) },
        redirect: 'follow',
        signal,
      });
      if (response.status !== 416 && (!response.ok || !response.body)) {
        await response.body?.cancel();
        throw new HubError(
          `El hub respondió HTTP ${response.status} al descargar ${expected.path}.`,
          `HTTP ${response.status} downloading ${options.url}`,
          response.status >= 500 || response.status === 429,
        );
      }
      if (response.status === 416) {
        await response.body?.cancel();
      } else {
        const resumed = response.status === 206;
        resumedFrom = resumed ? have : 0;
        const report = (n: number) =>
          options.onProgress?.({
            path: expected.path,
            done: resumedFrom + n,
            total: expected.size,
            fetched: n,
            resumedFrom,
          });
        report(0);
        await appendBody(response.body as unknown as AsyncIterable<Uint8Array>, part, resumed, (n) => {
          fetched = n;
          clearTimeout(timer);
          timer = setTimeout(() => stall.abort(), stallMs);
          report(n);
        });
      }
    } catch (err) {
      if (err instanceof HubError || options.signal?.aborted) throw err;
      const cause = stall.signal.aborted
        ? `nothing received for ${stallMs >= 1000 ? `${Math.round(stallMs / 1000)} s` : `${stallMs} ms`}`
        : (((err as Error).cause as Error | undefined)?.message ?? (err as Error).message);
      throw interrupted(expected, resumedFrom + fetched, cause);
    } finally {
      clearTimeout(timer);
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
