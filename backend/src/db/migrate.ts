import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Both the migrations and the optional extensions are set up by one process at a time on a server. */
const MIGRATION_LOCK = 727272;

/**
 * Applies the pending `migrations/NNN_name.sql` files in order, each in its own transaction, then
 * enables the optional extensions this database has and records them in `db.features`.
 */
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
      if (tx.kind === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      const seen = await tx.query('SELECT 1 FROM folio_migrations WHERE name = $1', [file]);
      if (seen.length) return false;
      await tx.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO folio_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  const pgvector = await enablePgvector(db);
  if (pgvector) db.features.pgvector = pgvector;
  return applied;
}

/**
 * pgvector, when this database can have it: the embedded store always (its driver loads it), a server
 * when the extension is installed there and this role may create it. Checked at every start rather than
 * in a migration, so a server that gains pgvector later uses it; without it the exact scan serves, so a
 * failure to create it (e.g. no privilege) is not an error.
 */
async function enablePgvector(db: Db): Promise<string | undefined> {
  const [ext] = await db.query<{ installed: string | null }>(
    "SELECT installed_version AS installed FROM pg_available_extensions WHERE name = 'vector'",
  );
  if (!ext) return undefined;
  if (ext.installed) return ext.installed;
  try {
    return await db.transaction(async (tx) => {
      if (tx.kind === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await tx.exec('CREATE EXTENSION IF NOT EXISTS vector');
      const [row] = await tx.query<{ version: string }>(
        "SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'",
      );
      return row?.version;
    });
  } catch {
    return undefined;
  }
}
