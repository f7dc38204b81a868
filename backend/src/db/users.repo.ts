import type { Db } from './db';
import { newId } from '../ids';

export interface UserRow {
  id: string;
  email: string;
}

/** Returns the user with this email, creating it if new. */
export async function ensureUser(db: Db, email: string): Promise<UserRow & { created: boolean }> {
  const normalized = email.trim().toLowerCase();
  const inserted = await db.query<UserRow>(
    'INSERT INTO users (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id, email',
    [newId(), normalized],
  );
  if (inserted[0]) return { ...inserted[0], created: true };
  const [row] = await db.query<UserRow>('SELECT id, email FROM users WHERE email = $1', [normalized]);
  if (!row) throw new Error(`user ${normalized} vanished`);
  return { ...row, created: false };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('SELECT id, email FROM users WHERE email = $1', [email.trim().toLowerCase()]);
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return row?.n ?? 0;
}
