/** What a database offers beyond core PostgreSQL, found once when the store is migrated (`migrate()`). */
export interface DbFeatures {
  /**
   * pgvector's version when the extension is installed here (always on the embedded store): passage
   * vectors are then searched through HNSW indexes. Absent: an exact scan over `real[]`.
   */
  pgvector?: string;
}

/** The one interface every repository writes SQL against: PGlite and server PostgreSQL alike. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** Shared by the store and its transactions; empty until `migrate()` has looked. */
  readonly features: DbFeatures;
  /** Runs one statement with `$n` parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in a transaction; rolls back if it throws. Called on a transaction, `fn` runs in that same
   * transaction (no savepoint: a throw rolls back the whole of it), so a repository function that opens its
   * own composes into a caller's.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
