import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Applies the pending `migrations/NNN_name.sql` files in order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS folio_migrations (
    name text PRIMARY KEY,
    applied timestamptz NOT NULL DEFAULT now()
  )`);
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.transaction(async (tx) => {
      // Several processes may start at once on one server database: one migrates, the others wait.
      if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727272)');
      const seen = await tx.query('SELECT 1 FROM folio_migrations WHERE name = $1', [file]);
      if (seen.length) return false;
      await tx.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO folio_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
