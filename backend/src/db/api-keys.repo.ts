import type { Scope } from '@folio/shared';
import type { Db } from './db';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  prefix: string;
  hash: string;
  scopes: Scope[];
  name: string | null;
  created: Date;
  last_used: Date | null;
  revoked: Date | null;
}

export async function insertApiKey(
  db: Db,
  key: { id: string; userId: string; prefix: string; hash: string; scopes: Scope[]; name?: string },
): Promise<void> {
  await db.query(
    'INSERT INTO api_keys (id, user_id, prefix, hash, scopes, name) VALUES ($1, $2, $3, $4, $5::text::jsonb, $6)',
    [key.id, key.userId, key.prefix, key.hash, JSON.stringify(key.scopes), key.name ?? null],
  );
}

export async function findApiKeyByPrefix(db: Db, prefix: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE prefix = $1', [prefix]);
  return row;
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE user_id = $1 ORDER BY created', [userId]);
}

/** Marks a key revoked; returns false when no live key has that prefix. */
export async function revokeApiKey(db: Db, prefix: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE api_keys SET revoked = now() WHERE prefix = $1 AND revoked IS NULL RETURNING id',
    [prefix],
  );
  return rows.length > 0;
}

export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db.query('UPDATE api_keys SET last_used = now() WHERE id = $1', [id]);
}
