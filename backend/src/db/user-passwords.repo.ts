import type { Db } from './db';

export interface UserCredentialRow {
  id: string;
  email: string;
  password_hash: string | null;
}

/** The user with this (normalized) email and its password hash, if any. */
export async function findUserCredential(db: Db, email: string): Promise<UserCredentialRow | undefined> {
  const [row] = await db.query<UserCredentialRow>('SELECT id, email, password_hash FROM users WHERE email = $1', [
    email.trim().toLowerCase(),
  ]);
  return row;
}

export async function setPasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, password_set = now() WHERE id = $1', [userId, hash]);
}

/** Whether any user can sign in with a password yet (first-run sign-up is open until one can). */
export async function anyUserHasPassword(db: Db): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE password_hash IS NOT NULL LIMIT 1');
  return rows.length > 0;
}
