import postgres from 'postgres';
import type { Db, DbFeatures } from './db';
import { connectionWaitError, withinConnectionWait } from './connection-wait';

type Sql = postgres.Sql | postgres.TransactionSql;

interface Limits {
  /** Milliseconds a statement may wait to reach the database (a connection made or freed) before it fails. */
  connectionWaitMs: number;
}

function wrap(sql: Sql, root: postgres.Sql, features: DbFeatures, limits: Limits): Db {
  return {
    kind: 'postgres',
    features,
    async query<T>(text: string, params?: readonly unknown[]) {
      const pending = sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
      const rows = await withinConnectionWait(pending, limits.connectionWaitMs);
      return rows as unknown as T[];
    },
    async exec(text: string) {
      await withinConnectionWait(sql.unsafe(text), limits.connectionWaitMs);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (sql !== root) return fn(wrap(sql, root, features, limits));
      // BEGIN waits for a connection like any statement; the body must not run once its caller was told
      // the database is unreachable (it would act after an answer of 503), so a late start throws and rolls back.
      let gaveUp = false;
      let started = false;
      let timer: NodeJS.Timeout | undefined;
      const body = root.begin((tx) => {
        started = true;
        if (gaveUp) throw connectionWaitError();
        return fn(wrap(tx, root, features, limits));
      }) as Promise<T>;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          if (started) return;
          gaveUp = true;
          reject(connectionWaitError());
        }, limits.connectionWaitMs);
      });
      body.catch(() => undefined);
      return Promise.race([body, deadline]).finally(() => clearTimeout(timer));
    },
    async listen(channel, onPayload) {
      const sub = await root.listen(channel, onPayload);
      return () => sub.unlisten();
    },
    async close() {
      await root.end({ timeout: 5 });
    },
  };
}

/** Seconds a new connection may take before the attempt fails as an outage. */
const CONNECT_TIMEOUT_SECONDS = 3;

/**
 * Seconds a statement may wait to reach the database. The driver's connect timeout does not cover a server
 * (or a proxy in front of it, such as a container's published port) that accepts connections and drops them:
 * the driver then reconnects without end. Past this wait, the statement is withdrawn and answered as an
 * outage; it also bounds a wait for a free connection of the pool.
 */
const CONNECTION_WAIT_SECONDS = 10;

/** Connects to a server PostgreSQL through the `postgres` driver. */
export function openPostgres(url: string, limits: Limits = { connectionWaitMs: CONNECTION_WAIT_SECONDS * 1000 }): Db {
  const root = postgres(url, {
    max: 10,
    // A database that is down answers no connection: give up after this, and answer 503, instead of
    // holding the request for the driver's default 30 s.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    onnotice: () => {},
    connection: { application_name: 'folio' },
  });
  return wrap(root, root, {}, limits);
}
