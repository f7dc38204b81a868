import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Scope } from '@folio/shared';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openRuntime, openStore, type Runtime, type Store } from '../runtime';
import { createApiKey } from '../services/accounts/api-keys';

/** Where a test's data lives: its own temp directory, and its own database on a server when DATABASE_URL is set. */
export interface TestStore {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A fresh, isolated store. With DATABASE_URL, a new database on that server (dropped afterwards). */
export async function createTestStore(): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `folio_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const a = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Response whose JSON tests read freely: the assertions are the type check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export type Body = RequestInit['body'];

export interface TestServer {
  runtime: Runtime;
  config: Config;
  /** Sends a request to the app (path relative to the server root). */
  request(p: string, init?: RequestInit): Promise<TestResponse>;
  /** Creates a user (if new) and a key with `scopes`. */
  key(email: string, scopes?: Scope[]): Promise<string>;
  close(): Promise<void>;
}

/** Settings a test changes; those of OCR one by one. */
export type ConfigOverrides = Omit<Partial<Config>, 'ocr'> & { ocr?: Partial<Config['ocr']> };

/**
 * Test settings: fast queue polling, quiet logs, no rate limit unless asked, OCR with the npm packages'
 * languages only (what CI has), whatever else this machine has installed.
 */
export function testConfig(store: TestStore, overrides: ConfigOverrides = {}): Config {
  // No registry look-ups unless a test asks for one (against its own local registry).
  const base = loadConfig({
    FOLIO_DATA: store.dataDir,
    DATABASE_URL: store.databaseUrl,
    FOLIO_LOG: 'silent',
    FOLIO_METADATA_LOOKUP: '0',
    FOLIO_OCR_SYSTEM_DATA: '0',
  });
  return {
    ...base,
    // Tests serve pages from 127.0.0.1; everywhere else the SSRF guard refuses private addresses.
    fetch: { ...base.fetch, allowPrivate: true },
    publicUrl: 'http://folio.test',
    rateLimitPerMinute: 0,
    queuePollSeconds: 0.5,
    // No test server needs a crashed worker noticed within seconds (crashed-worker.int.test.ts measures the
    // server's own settings): a supervision pass a minute, as pg-boss's default, keeps dozens of test
    // servers on one database from querying it every 2 s.
    jobSuperviseSeconds: 60,
    ...overrides,
    ocr: { ...base.ocr, ...overrides.ocr },
  };
}

/** Opens the runtime on `store` and builds the app around it. */
export async function startTestServer(
  store: TestStore,
  overrides: ConfigOverrides = {},
  opts: { workers?: boolean } = {},
): Promise<TestServer> {
  const config = testConfig(store, overrides);
  const runtime = await openRuntime(config, { workers: opts.workers ?? true });
  const app = createApp(runtime.deps);
  return {
    runtime,
    config,
    request: async (p, init) => app.request(`http://folio.test${p}`, init),
    key: async (email, scopes = ['lectura', 'escritura', 'mcp']) =>
      (await createApiKey(runtime.deps.db, email, scopes)).key,
    close: () => runtime.close(),
  };
}

export { REPO_ROOT } from './fixtures';

export const auth = (key: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${key}`, ...extra });

/** How `useTestStore` opens and closes its store. */
export interface TestStoreOptions {
  /** `'file'` (the default): one store for the file, or the `describe` it is called in. `'test'`: a fresh one per test. */
  per?: 'file' | 'test';
  /**
   * Start a server on the store as it opens: `true` with the test settings, or these overrides (a function is
   * read then, so it can use what an earlier `beforeAll` started, such as a local registry's URL).
   */
  server?: true | ConfigOverrides | (() => ConfigOverrides);
  /** Whether that server runs the job workers (yes by default). */
  workers?: boolean;
}

/** A store (and servers on it) a test file reads once its hooks have opened them. */
export interface TestStoreFixture {
  readonly store: TestStore;
  /** The server the `server` option started, or the one `restart` started after it. */
  readonly server: TestServer;
  /** Starts another server on the store; the fixture closes it, if the test has not, before the store is dropped. */
  startServer(overrides?: ConfigOverrides, opts?: { workers?: boolean }): Promise<TestServer>;
  /** Closes `server` and starts another on the same store, as an upgraded Folio starts on an existing library. */
  restart(overrides?: ConfigOverrides, opts?: { workers?: boolean }): Promise<TestServer>;
  /** Opens the store's database with no server; closed, if the test has not, before the store is dropped. */
  openStore(overrides?: ConfigOverrides): Promise<Store>;
}

/**
 * Registers the hooks that give the calling file (or `describe`) a fresh, isolated store — PGlite, or a
 * database of its own on the server at DATABASE_URL — and, as asked, a server on it; afterwards they close
 * every server and database opened through the fixture, newest first, and drop the store. Read its
 * properties inside tests and hooks registered after this call.
 */
export function useTestStore(options: TestStoreOptions = {}): TestStoreFixture {
  let store: TestStore | undefined;
  let server: TestServer | undefined;
  // What is open on the store; each one's close takes it off, so a test may close what it opened.
  const open = new Set<{ close(): Promise<void> }>();
  const closing = <T extends { close(): Promise<void> }>(opened: T): T => {
    const entry = {
      ...opened,
      close: async () => {
        if (!open.delete(entry)) return;
        await opened.close();
      },
    };
    open.add(entry);
    return entry;
  };
  const opened = () => {
    if (!store) throw new Error('useTestStore: the store is read before its hook has opened it (or after it closed)');
    return store;
  };

  const fixture: TestStoreFixture = {
    get store() {
      return opened();
    },
    get server() {
      if (!server) throw new Error('useTestStore: no server; pass the `server` option or call restart()');
      return server;
    },
    startServer: async (overrides = {}, opts = {}) => closing(await startTestServer(opened(), overrides, opts)),
    async restart(overrides = {}, opts = {}) {
      await server?.close();
      server = await fixture.startServer(overrides, opts);
      return server;
    },
    openStore: async (overrides = {}) => closing(await openStore(testConfig(opened(), overrides))),
  };

  const setUp = async () => {
    store = await createTestStore();
    const { server: wanted, workers } = options;
    if (wanted) {
      const overrides = wanted === true ? {} : typeof wanted === 'function' ? wanted() : wanted;
      server = await fixture.startServer(overrides, { workers });
    }
  };
  const tearDown = async () => {
    const failures: unknown[] = [];
    for (const o of [...open].reverse()) await o.close().catch((err: unknown) => failures.push(err));
    open.clear();
    await store?.drop();
    store = server = undefined;
    if (failures.length) throw new AggregateError(failures, 'useTestStore: closing what was open on the store failed');
  };
  if (options.per === 'test') {
    beforeEach(setUp);
    afterEach(tearDown);
  } else {
    beforeAll(setUp);
    afterAll(tearDown);
  }
  return fixture;
}

/** `useTestStore` with a server on the store: its settings, and whether it runs the job workers. */
export function useTestServer(overrides: ConfigOverrides = {}, opts: { workers?: boolean } = {}): TestStoreFixture {
  return useTestStore({ server: overrides, workers: opts.workers });
}
