import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Db, DbFeatures } from './db';

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(q: Queryable, root: PGlite, features: DbFeatures): Db {
  return {
    kind: 'pglite',
    features,
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await q.query<T>(sql, params ? [...params] : undefined);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (q !== root) return fn(wrap(q, root, features)); // already inside one: PGlite has no nested transactions
      return root.transaction((tx) => fn(wrap(tx, root, features)));
    },
    async listen(channel, onPayload) {
      const unsub = await root.listen(channel, onPayload);
      return async () => unsub();
    },
    async close() {
      await root.close();
    },
  };
}

/**
 * Opens (creating on first use) the embedded store in `dir`, with pgvector loaded (`migrate()` creates it)
 * and `buffersMb` of shared_buffers. Its write-ahead log is kept bounded by checkpointIfWalOver (store-size.repo.ts).
 */
export async function openPglite(dir: string | undefined, buffersMb: number): Promise<{ db: Db; pglite: PGlite }> {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { vector },
    // With no checkpointer, max_wal_size starts no checkpoint here; it bounds what a CHECKPOINT keeps
    // (recycled segments), which at PostgreSQL's 1 GB default would be most of a small library's files.
    // Full-page images guard against pages torn by an operating-system crash; PGlite starts with fsync off (-F),
    // which gives that case up already, and without them the log is 2–3 times smaller: above all a VACUUM
    // of freshly loaded tables (statistics.repo.ts) logs every page it marks, hundreds of MB in one statement.
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', `shared_buffers=${buffersMb}MB`, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
      ...['-c', 'full_page_writes=off'],
    ],
  });
  return { db: wrap(pglite, pglite, {}), pglite };
}
