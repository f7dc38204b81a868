import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/env';

const DIR = path.join(import.meta.dirname, 'static');

/** Files of packages the pages load as they are published (the tus protocol's reference browser client). */
const PACKAGED: Record<string, string> = {
  'tus.min.js': createRequire(import.meta.url).resolve('tus-js-client/dist/tus.min.js'),
};

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The few files of the web app, by name only (no paths, so nothing outside the folder is reachable). */
export function staticRoutes(app: Hono<AppEnv>): void {
  const cache = new Map<string, Promise<Buffer | undefined>>();
  // Browsers ask for /favicon.ico on every site, whatever the page links; the pages link the same files.
  app.get('/favicon.ico', (c) => serve(c, 'favicon.ico'));
  app.get('/web/:file{[a-z0-9.-]+\\.(?:css|js|svg|png)}', (c) => serve(c, c.req.param('file')));

  async function serve(c: Context<AppEnv>, name: string) {
    let body = cache.get(name);
    if (!body) {
      body = fs.readFile(PACKAGED[name] ?? path.join(DIR, name)).catch(() => undefined);
      cache.set(name, body);
    }
    const bytes = await body;
    if (!bytes) {
      cache.delete(name);
      return c.notFound();
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  }
}
