import { createTestStore, type TestStore } from '../../backend/src/testing/harness';
import { API_KEY, freePort, serveEnv, startServe, type FolioProcess } from './folio-process';
import { useStarted } from './use-started';

/** A `folio serve` on a fresh store, which a test file reads once {@link useServe}'s hook has started it. */
export interface ServeFixture {
  readonly store: TestStore;
  /** The server's environment ({@link serveEnv} with the extra variables asked for). */
  readonly env: NodeJS.ProcessEnv;
  /** The server's port on 127.0.0.1. */
  readonly port: number;
  /** The server's origin, `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** The key the first start printed, as it does on an empty store. */
  readonly key: string;
  /** The running server: the first, or the one `restart` started after it. */
  readonly server: FolioProcess;
  /** Stops the server if it still runs (a killed one does not) and starts another on the same store and port. */
  restart(): Promise<FolioProcess>;
}

/**
 * Registers the hooks that give the calling file (or `describe`) a `folio serve` on a fresh store, with
 * `extraEnv` over {@link serveEnv}'s: a `beforeAll` that starts it and reads the key it prints, and an
 * `afterAll` that stops the server running then and drops the store. Read the fixture inside tests and hooks
 * registered after this call. `timeout` is the starting hook's (2 minutes unless told).
 */
export function useServe(
  extraEnv: NodeJS.ProcessEnv = {},
  { timeout = 120_000 }: { timeout?: number } = {},
): ServeFixture {
  const read = useStarted(
    'useServe',
    async () => {
      const store = await createTestStore();
      let server: FolioProcess | undefined;
      try {
        const port = await freePort();
        const env = serveEnv(store, port, extraEnv);
        server = await startServe(env, port);
        return { store, env, port, server, key: API_KEY.exec(server.stdout())![0] };
      } catch (err) {
        await server?.stop();
        await store.drop();
        throw err;
      }
    },
    async ({ server, store }) => {
      await server.stop();
      await store.drop();
    },
    timeout,
  );
  const fixture: ServeFixture = {
    get store() {
      return read().store;
    },
    get env() {
      return read().env;
    },
    get port() {
      return read().port;
    },
    get base() {
      return `http://127.0.0.1:${read().port}`;
    },
    get key() {
      return read().key;
    },
    get server() {
      return read().server;
    },
    async restart() {
      const started = read();
      await started.server.stop();
      started.server = await startServe(started.env, started.port);
      return started.server;
    },
  };
  return fixture;
}
