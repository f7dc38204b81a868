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

/** Connects to a server PostgreSQL through the `postgres` driver. */
export function openPostgres(url: string): Db {
  const root = postgres(url, {
    max: 10,
    onnotice: () => {},
    connection: { application_name: 'folio' },
  });
  return wrap(root, root, {});
}
