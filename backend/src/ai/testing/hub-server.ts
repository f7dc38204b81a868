import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, relative, sep } from 'node:path';

/** One file of a repository as the hub describes it. */
interface HubFile {
  path: string;
  bytes: Buffer;
  /** Git blob id (sha1 of 'blob <size>\0' + bytes), what the hub reports for every file. */
  blobId: string;
  /** Large files are kept in LFS: the hub reports their sha256 and serves them from a CDN. */
  lfs?: { sha256: string; size: number };
}

/** What a test can make the server do wrong, once or always. */
export interface HubFaults {
  /** Cut the connection after this many body bytes of the next download of `file` (once). */
  cutAfter?: { file: string; bytes: number };
  /** Send this many body bytes of the next download of `file`, then nothing more, keeping the connection open (once). */
  stallAfter?: { file: string; bytes: number };
  /** Serve `file` with one byte changed (the hub's metadata still tells the right hash). */
  corrupt?: string;
}

/** A local Hugging Face hub for tests: where it listens, what it was asked, and its faults. */
export interface TestHub {
  /** 'http://127.0.0.1:PORT' */
  url: string;
  /** The commit every repository is at. */
  commit: string;
  /** Every request: method, path and Range header. */
  readonly requests: { method: string; path: string; range?: string }[];
  faults: HubFaults;
  close(): Promise<void>;
}

/** Files bigger than this are served as LFS files (the hub's rule is by type and size; tests only need both kinds). */
const LFS_FROM_BYTES = 10_000;

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return files.flat();
}

async function loadRepos(root: string, repos: string[]): Promise<Map<string, Map<string, HubFile>>> {
  const out = new Map<string, Map<string, HubFile>>();
  for (const repo of repos) {
    const files = new Map<string, HubFile>();
    for (const file of await walk(join(root, repo))) {
      const bytes = await readFile(file);
      const path = relative(join(root, repo), file).split(sep).join('/');
      const blobId = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
      const lfs =
        bytes.length >= LFS_FROM_BYTES || path.endsWith('.onnx')
          ? { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length }
          : undefined;
      files.set(path, { path, bytes, blobId, lfs });
    }
    out.set(repo, files);
  }
  return out;
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  const m = header?.match(/^bytes=(\d+)-(\d*)$/);
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return start >= size || end < start ? 'invalid' : { start, end };
}

/**
 * Starts a hub on 127.0.0.1 that speaks the parts of the Hugging Face hub's protocol a model download
 * uses, over the repositories found under `root` (`<root>/<org>/<name>/…`):
 * - `GET /api/models/{repo}/revision/{revision}[?blobs=true]`: the commit and the siblings, with size,
 *   blobId and, for LFS files, their sha256 when `blobs=true`;
 * - `GET|HEAD /{repo}/resolve/{revision}/{path}`: small files served directly (ETag = blob id); LFS files
 *   answered with a 302 to `/cdn/{sha256}` carrying `X-Linked-Size` and `X-Linked-Etag`, as the hub does;
 * - both with byte ranges (206, 416), `X-Repo-Commit`, and the hub's 404 with `X-Error-Code`.
 */
export async function startTestHub(root: string, repos: string[]): Promise<TestHub> {
  const data = await loadRepos(root, repos);
  const commit = createHash('sha1').update(repos.join(',')).digest('hex');
  const requests: TestHub['requests'] = [];
  const faults: HubFaults = {};
  const sockets = new Set<Socket>();

  const notFound = (res: ServerResponse, code: string) => {
    res.writeHead(404, { 'content-type': 'application/json', 'x-error-code': code });
    res.end(JSON.stringify({ error: code }));
  };

  const sendBytes = (req: IncomingMessage, res: ServerResponse, file: HubFile, headers: Record<string, string>) => {
    let bytes = file.bytes;
    if (faults.corrupt === file.path) {
      bytes = Buffer.from(bytes);
      bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    }
    const range = parseRange(req.headers.range, bytes.length);
    if (range === 'invalid') {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}` });
      res.end();
      return;
    }
    const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
    res.writeHead(range ? 206 : 200, {
      ...headers,
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      ...(range && { 'content-range': `bytes ${range.start}-${range.end}/${bytes.length}` }),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stall = faults.stallAfter;
    if (stall && stall.file === file.path && body.length > stall.bytes) {
      faults.stallAfter = undefined;
      res.write(body.subarray(0, stall.bytes));
      return;
    }
    const cut = faults.cutAfter;
    if (cut && cut.file === file.path && body.length > cut.bytes) {
      faults.cutAfter = undefined;
      // As a dropped connection does: the client has read what came before the cut.
      res.write(body.subarray(0, cut.bytes), () => setTimeout(() => res.socket?.destroy(), 100));
      return;
    }
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: req.method ?? 'GET', path, range: req.headers.range });

    const api = path.match(/^\/api\/models\/([^/]+\/[^/]+)\/revision\/([^/]+)$/);
    if (api) {
      const files = data.get(api[1]!);
      if (!files) return notFound(res, 'RepoNotFound');
      const blobs = url.searchParams.get('blobs') === 'true';
      const siblings = [...files.values()].map((f) => ({
        rfilename: f.path,
        ...(blobs && { size: f.bytes.length, blobId: f.blobId, ...(f.lfs && { lfs: { ...f.lfs, pointerSize: 134 } }) }),
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: api[1], sha: commit, siblings }));
      return;
    }

    const cdn = path.match(/^\/cdn\/([0-9a-f]{64})$/);
    if (cdn) {
      const file = [...data.values()].flatMap((f) => [...f.values()]).find((f) => f.lfs?.sha256 === cdn[1]);
      if (!file) return notFound(res, 'EntryNotFound');
      return sendBytes(req, res, file, { etag: `"${file.lfs!.sha256}"` });
    }

    const resolve = path.match(/^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/);
    if (resolve) {
      const files = data.get(resolve[1]!);
      if (!files) return notFound(res, 'RepoNotFound');
      const file = files.get(resolve[3]!);
      if (!file) return notFound(res, 'EntryNotFound');
      if (file.lfs) {
        res.writeHead(302, {
          location: `/cdn/${file.lfs.sha256}`,
          'x-repo-commit': commit,
          'x-linked-size': String(file.lfs.size),
          'x-linked-etag': `"${file.lfs.sha256}"`,
          etag: `"${file.blobId}"`,
        });
        res.end();
        return;
      }
      return sendBytes(req, res, file, { etag: `"${file.blobId}"`, 'x-repo-commit': commit });
    }
    notFound(res, 'EntryNotFound');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    commit,
    requests,
    faults,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
