import postgres from 'postgres';
import type { Db, DbFeatures } from './db';
import { ConnectionWaits, connectionWaitError, type WaitLimits } from './connection-wait';

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql, root: postgres.Sql, features: DbFeatures, waits: ConnectionWaits): Db {
  return {
    kind: 'postgres',
    features,
    async query<T>(text: string, params?: readonly unknown[]) {
      const pending = sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
      const rows = await waits.within(pending);
      return rows as unknown as T[];
    },
    async exec(text: string) {
      await waits.within(sql.unsafe(text));
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (sql !== root) return fn(wrap(sql, root, features, waits));
      // BEGIN waits for a connection like any statement; the body must not run once its caller was told
      // the database is unreachable (it would act after an answer of 503), so a late start throws and rolls back.
      let gaveUp = false;
      let started = false;
      const body = root.begin((tx) => {
        started = true;
        if (gaveUp) throw connectionWaitError();
        return waits.inTransaction(() => fn(wrap(tx, root, features, waits)));
      }) as Promise<T>;
      const { deadline, clear } = waits.watch(
        () => started,
        () => (gaveUp = true),
      );
      body.catch(() => undefined);
      return Promise.race([body, deadline]).finally(clear);
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
 * How long a statement may wait to reach a connection (`ConnectionWaits`): 4 s while the database answers
 * nobody, so an outage is said within the 5 s a client is promised; up to 30 s for a busy pool.
 */
const CONNECTION_WAITS: WaitLimits = { quietMs: 4000, maxMs: 30_000 };

/** Connects to a server PostgreSQL through the `postgres` driver. */
export function openPostgres(url: string, limits = CONNECTION_WAITS, max = 10): Db {
  const root = postgres(url, {
    max,
    // A database that is down answers no connection: give up after this, and answer 503, instead of
    // holding the request for the driver's default 30 s.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    // Seconds before a failed connection is tried again. The driver's default grows to 20 s after seven
    // failures, so an outage of 20 s left requests waiting up to 20 s more once the database was back.
    backoff: (retries: number) => Math.min(retries, 4) * 0.25,
    onnotice: () => {},
    connection: { application_name: 'folio' },
  });
  return wrap(root, root, {}, new ConnectionWaits(limits));
}
