import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, type TestStore } from '../../backend/src/testing/harness';

const run = promisify(execFile);
const MAIN = path.join(REPO_ROOT, 'backend/dist/main.mjs');

/**
 * What `npm start` and `npm run folio` run (package.json): `build:server`'s compiled server, under Node with
 * these flags and this environment; `folio-process.test.ts` holds the two to the same.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
export const BUILD_SERVER = path.join(REPO_ROOT, 'backend/scripts/build-server.mjs');

let built = false;
/** Compiles the server once per test process, as `npm start` does before each start. */
function buildServer(): void {
  if (built && fs.existsSync(MAIN)) return;
  execFileSync(process.execPath, [BUILD_SERVER], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

/** The node arguments of `folio <args>`: the flags, the compiled entry point, the command. */
function folioArgs(nodeArgs: string[], args: string[]): string[] {
  buildServer();
  return [...SERVER_NODE_FLAGS, ...nodeArgs, MAIN, ...args];
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
    s.on('error', reject);
  });
}

/** A running `folio` process with what it printed so far. */
export interface FolioProcess {
  child: ChildProcess;
  /** Resolves when the process has exited and its output is fully read. */
  closed: Promise<void>;
  stdout(): string;
  stderr(): string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or the kernel's OOM killer would: no handler runs, nothing is flushed or closed. */
  kill(): Promise<void>;
}

/**
 * Spawns `folio <command>` as `npm start` / `npm run folio` do (`command` with its arguments, or a command
 * alone); `nodeArgs` go to node before the script.
 */
export function spawnFolio(command: string | string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): FolioProcess {
  const child = spawn(process.execPath, folioArgs(nodeArgs, [command].flat()), {
    env: { ...SERVER_ENV, ...env },
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    closed,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts `serve` and resolves once /health answers. */
export async function startServe(env: NodeJS.ProcessEnv, port: number, nodeArgs: string[] = []): Promise<FolioProcess> {
  const proc = spawnFolio('serve', env, nodeArgs);
  // A first start creates and migrates an empty store: 20 s and more on a loaded 2-core machine.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      // 'exit' can come before the output is read: wait for the streams to close to say why.
      await proc.closed;
      throw new Error(
        `server exited (${proc.child.exitCode ?? proc.child.signalCode}): ${proc.stderr()}${proc.stdout()}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return proc;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await proc.stop();
  throw new Error(`server did not start: ${proc.stderr()}`);
}

/** Runs a one-shot CLI command (`keys …`) and returns its exit code and output. */
export function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  return cliWithInput(env, undefined, ...args);
}

/** Like {@link cli}, with `input` piped to the command's stdin (as `printf … | npm run folio -- password`). */
export async function cliWithInput(env: NodeJS.ProcessEnv, input: string | undefined, ...args: string[]) {
  try {
    const pending = run(process.execPath, folioArgs([], args), { env: { ...SERVER_ENV, ...env }, cwd: REPO_ROOT });
    if (input !== undefined) pending.child.stdin?.end(input);
    const { stdout, stderr } = await pending;
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** An API key as Folio prints it. */
export const API_KEY = /folio_[0-9a-z]{10}_[A-Za-z0-9_-]{43}/;

/**
 * The environment of a `folio serve` on 127.0.0.1:`port` over `store` (its data folder, and its server
 * database when it has one), quiet and polling its queue often, with `extra` on top.
 */
export function serveEnv(store: TestStore, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    FOLIO_DATA: store.dataDir,
    FOLIO_LOG: 'error',
    FOLIO_QUEUE_POLL_SECONDS: '0.5',
    FOLIO_METADATA_LOOKUP: '0',
    ...extra,
  };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}
