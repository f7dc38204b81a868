import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Scope } from '@folio/shared';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openRuntime, type Runtime } from '../runtime';
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

/**
 * Registers beforeAll/afterAll that open a fresh store and server for the calling test file and
 * close and drop them afterwards. Read `.server` inside tests, once beforeAll has run.
 */
export function useTestServer(overrides: ConfigOverrides = {}, opts: { workers?: boolean } = {}) {
  const ctx = {} as { server: TestServer; store: TestStore };
  beforeAll(async () => {
    ctx.store = await createTestStore();
    ctx.server = await startTestServer(ctx.store, overrides, opts);
  });
  afterAll(async () => {
    await ctx.server?.close();
    await ctx.store?.drop();
  });
  return ctx;
}
