import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

/** Where the reader's static files are served from (public: nothing in them is anyone's). */
export const ASSETS = '/leer/recursos';

const CLIENT_DIR = path.join(import.meta.dirname, 'client');

let pdfjsRoot: string | undefined;
let pdfjsVersion: string | undefined;

/** The installed pdfjs-dist package: its folder and version (read once, on first use). */
function pdfjs(): { root: string; version: string } {
  if (!pdfjsRoot || !pdfjsVersion) {
    const manifest = createRequire(import.meta.url).resolve('pdfjs-dist/package.json');
    pdfjsRoot = path.dirname(manifest);
    pdfjsVersion = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  return { root: pdfjsRoot, version: pdfjsVersion };
}

/**
 * Base URL of pdf.js's prebuilt files (`build/pdf.min.mjs`, `build/pdf.worker.min.mjs`,
 * `web/pdf_viewer.mjs`, `web/pdf_viewer.css`, `cmaps/`, `standard_fonts/`, `wasm/`, `iccs/`). The version is
 * part of the path, so browsers may keep them for good.
 */
export function pdfjsBase(): string {
  return `${ASSETS}/pdfjs/${pdfjs().version}`;
}

/** The folders of pdfjs-dist a viewer loads from; nothing else of the package (or of node_modules) is reachable. */
const PDFJS_DIRS = new Set(['build', 'web', 'web/images', 'cmaps', 'standard_fonts', 'wasm', 'iccs']);
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.icc': 'application/vnd.iccprofile',
};

/** What the reader's files cache holds at most: pdf.js's module, worker and viewer and the reader's own. */
export const CACHED_ASSET_BYTES = 3 * 2 ** 20;

/**
 * Files read once and then served from memory, the most recently used first, up to `maxBytes`: every file a
 * viewer may load (character maps, fonts, decoders) is ~9 MB, most of which a reader asks for once, so
 * the cache keeps what every page loads rather than all that one page ever did (issue 35).
 */
export function cachedReader(maxBytes = CACHED_ASSET_BYTES) {
  const cache = new Map<string, Buffer>();
  let held = 0;
  const read = async (file: string): Promise<Buffer | undefined> => {
    const kept = cache.get(file);
    if (kept) {
      // Most recently used last: a Map iterates in insertion order.
      cache.delete(file);
      cache.set(file, kept);
      return kept;
    }
    const bytes = await fsp.readFile(file).catch(() => undefined);
    if (!bytes || bytes.length > maxBytes || cache.has(file)) return bytes;
    cache.set(file, bytes);
    held += bytes.length;
    for (const [name, old] of cache) {
      if (held <= maxBytes) break;
      cache.delete(name);
      held -= old.length;
    }
    return bytes;
  };
  return Object.assign(read, { heldBytes: () => held, held: (file: string) => cache.has(file) });
}

/**
 * Serves pdf.js as npm ships it (its prebuilt ES modules, worker, stylesheet and data files) and the
 * reader's own scripts and stylesheet, those every page loads from memory (`cachedReader`). Only known folders and plain file
 * names are served.
 */
export function assetRoutes(app: Hono<AppEnv>): void {
  const read = cachedReader();
  const send = (bytes: Buffer, name: string, cache: string) =>
    new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream',
        'Cache-Control': cache,
        'X-Content-Type-Options': 'nosniff',
      },
    });

  app.get(`${ASSETS}/pdfjs/:version/*`, async (c) => {
    const { root, version } = pdfjs();
    if (c.req.param('version') !== version) return c.notFound();
    const rest = c.req.path.slice(`${ASSETS}/pdfjs/${version}/`.length);
    const dir = path.posix.dirname(rest);
    const name = path.posix.basename(rest);
    if (!PDFJS_DIRS.has(dir) || !SAFE_NAME.test(name) || name.endsWith('.map')) return c.notFound();
    const bytes = await read(path.join(root, dir, name));
    return bytes ? send(bytes, name, 'public, max-age=31536000, immutable') : c.notFound();
  });

  app.get(`${ASSETS}/lector/:file{[a-z0-9-]+\\.(?:js|css)}`, async (c) => {
    const name = c.req.param('file');
    const bytes = await read(path.join(CLIENT_DIR, name));
    return bytes ? send(bytes, name, 'no-cache') : c.notFound();
  });
}
