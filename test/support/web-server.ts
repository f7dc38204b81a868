import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTestStore, type TestStore } from '../../backend/src/testing/harness';
import { launchPlain } from './browser';
import { API_KEY, cli, cliWithInput, freePort, serveEnv, startServe, type FolioProcess } from './folio-process';
import { useStarted } from './use-started';
import { signIn } from './web-pages';

/** A `folio serve` on a fresh store with one user, signed in in a Chromium page, and an API key for set-up. */
export interface WebServer {
  base: string;
  /** The set-up API key; empty when made with `scopes: false`. */
  key: string;
  email: string;
  password: string;
  store: TestStore;
  server: FolioProcess;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uploads a file through the API and waits for it to be read; its id. */
  upload(file: string, query?: string): Promise<string>;
  stop(): Promise<void>;
}

/** What a web e2e file may need beyond the common set-up of {@link startWebServer}. */
export interface WebServerOptions {
  email?: string;
  password?: string;
  /** Added to the server's environment (e.g. a smaller single-request limit). */
  env?: NodeJS.ProcessEnv;
  /** Scopes of the set-up API key (`lectura,escritura` unless told); `false` for none, as when keys are made in the page. */
  scopes?: string | false;
  /** CLI work on the store before the server holds it (the embedded store is one process at a time). */
  beforeServe?: (env: NodeJS.ProcessEnv) => Promise<void>;
  /** Over the defaults: a Spanish locale and a 1280×900 viewport. */
  context?: BrowserContextOptions;
  /** Grant the page clipboard reading and writing on the server's origin. */
  clipboard?: boolean;
  /** Called with the page before it signs in (e.g. to collect page errors from the first load). */
  onPage?: (page: Page) => void;
  /** Sign the page in (true unless told); false for a file that tests signing in itself. */
  signIn?: boolean;
}

/**
 * Starts what a web e2e file needs: store, port, the user's password and a `lectura,escritura` key through
 * the CLI (the embedded store is one process at a time, so before the server), `folio serve`, Chromium and a
 * signed-in page in a Spanish context.
 */
export async function startWebServer(o: WebServerOptions = {}): Promise<WebServer> {
  const email = o.email ?? 'lectora.web@example.org';
  const password = o.password ?? 'una frase de paso para leer y citar';
  const store = await createTestStore();
  let server: FolioProcess | undefined;
  let browser: Browser | undefined;
  // A set-up that fails half way stops what it started, as the caller gets nothing to stop.
  const stop = async () => {
    await browser?.close();
    await server?.stop();
    await store.drop();
  };
  try {
    return await started();
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }

  async function started(): Promise<WebServer> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = serveEnv(store, port, { FOLIO_RERANKER: '0', FOLIO_NLI: '0', ...o.env });
    const set = await cliWithInput(env, `${password}\n`, 'password', email);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Created user ${email}: password set`);
    let key = '';
    const scopes = o.scopes ?? 'lectura,escritura';
    if (scopes) {
      const created = await cli(env, 'keys', 'create', '--user', email, '--scopes', scopes);
      expect(created.code, created.stderr).toBe(0);
      key = API_KEY.exec(created.stdout)![0];
    }
    await o.beforeServe?.(env);
    server = await startServe(env, port);
    browser = await launchPlain();
    const context = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: 1280, height: 900 },
      ...o.context,
    });
    if (o.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    o.onPage?.(page);
    if (o.signIn ?? true) await signIn(page, base, email, password);

    async function upload(file: string, query = ''): Promise<string> {
      const res = await fetch(`${base}/api/v1/documentos?nombre=${encodeURIComponent(path.basename(file))}${query}`, {
        method: 'POST',
        body: fs.readFileSync(file),
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/octet-stream' },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      const { id } = (await res.json()) as { id: string };
      for (;;) {
        const doc = (await (
          await fetch(`${base}/api/v1/documentos/${id}?esperar=30`, { headers: { Authorization: `Bearer ${key}` } })
        ).json()) as { estado: string; error?: unknown };
        if (doc.estado === 'listo') return id;
        expect(doc.estado, `${path.basename(file)}: ${JSON.stringify(doc.error)}`).not.toBe('error');
      }
    }

    return {
      base,
      key,
      email,
      password,
      store,
      server,
      browser,
      context,
      page,
      upload,
      stop,
    };
  }
}

/** A {@link WebServer} a test file reads once {@link useWebServer}'s hook has started it. */
export interface WebServerFixture {
  /** The whole of it: its browser, context, store, `upload` … (`page` may be swapped for a while and put back). */
  readonly w: WebServer;
  /** The signed-in page (`w.page` as it is now). */
  readonly page: Page;
  /** The server's origin, `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** The set-up API key; empty with `scopes: false`. */
  readonly key: string;
  /** `w.upload`: uploads a file through the API and waits for it to be read; its id. */
  upload(file: string, query?: string): Promise<string>;
}

/**
 * Registers the hooks that give the calling file (or `describe`) a {@link startWebServer} for its tests: a
 * `beforeAll` that starts it with `options` (a function is read then, so it can use what an earlier
 * `beforeAll` made) and an `afterAll` that stops it. Read the fixture inside tests and hooks registered
 * after this call; a `beforeAll` registered after it runs once the server is up (uploads, files on disk).
 * `timeout` is the starting hook's (2 minutes unless told).
 */
export function useWebServer(
  options: WebServerOptions | (() => WebServerOptions) = {},
  { timeout = 120_000 }: { timeout?: number } = {},
): WebServerFixture {
  const started = useStarted(
    'useWebServer',
    () => startWebServer(typeof options === 'function' ? options() : options),
    (w) => w.stop(),
    timeout,
  );
  return {
    get w() {
      return started();
    },
    get page() {
      return started().page;
    },
    get base() {
      return started().base;
    },
    get key() {
      return started().key;
    },
    upload: (file, query) => started().upload(file, query),
  };
}
