import postgres from 'postgres';
import type { Db, DbFeatures } from './db';

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql, root: postgres.Sql, features: DbFeatures): Db {
  return {
    kind: 'postgres',
    features,
    async query<T>(text: string, params?: readonly unknown[]) {
      const rows = await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
      return rows as unknown as T[];
    },
    async exec(text: string) {
      await sql.unsafe(text);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (sql !== root) return fn(wrap(sql, root, features));
      return root.begin((tx) => fn(wrap(tx, root, features))) as Promise<T>;
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

/** Connects to a server PostgreSQL through the `postgres` driver. */
export function openPostgres(url: string): Db {
  const root = postgres(url, {
    max: 10,
    // A database that is down answers no connection: give up after this, and answer 503, instead of
    // holding the request for the driver's default 30 s.
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    onnotice: () => {},
    connection: { application_name: 'folio' },
  });
  return wrap(root, root, {});
}
