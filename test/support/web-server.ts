import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTestStore, type TestStore } from '../../backend/src/testing/harness';
import { launchPlain } from './browser';
import { API_KEY, cli, cliWithInput, freePort, serveEnv, startServe, type FolioProcess } from './folio-process';
import { signIn } from './web-pages';

/** A `folio serve` on a fresh store with one user, signed in in a Chromium page, and an API key for set-up. */
export interface WebServer {
  base: string;
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

/**
 * Starts what a web e2e file needs: store, port, the user's password and a `lectura,escritura` key through
 * the CLI (the embedded store is one process at a time, so before the server), `folio serve`, Chromium and a
 * signed-in page in a Spanish context.
 */
export async function startWebServer(
  o: { email?: string; password?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<WebServer> {
  const email = o.email ?? 'lectora.web@example.org';
  const password = o.password ?? 'una frase de paso para leer y citar';
  const store = await createTestStore();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serveEnv(store, port, { FOLIO_RERANKER: '0', FOLIO_NLI: '0', ...o.env });
  const set = await cliWithInput(env, `${password}\n`, 'password', email);
  expect(set.code, set.stderr).toBe(0);
  const created = await cli(env, 'keys', 'create', '--user', email, '--scopes', 'lectura,escritura');
  expect(created.code, created.stderr).toBe(0);
  const key = API_KEY.exec(created.stdout)![0];
  const server = await startServe(env, port);
  const browser = await launchPlain();
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, base, email, password);

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
    async stop() {
      await browser.close();
      await server.stop();
      await store.drop();
    },
  };
}
