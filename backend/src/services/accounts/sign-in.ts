import type { Db } from '../../db/db';
import { findUserCredential } from '../../db/user-passwords.repo';
import { verifyPassword } from './password-hash';
import { startWebSession, type StartedSession } from './start-web-session';

export interface SignInInput {
  email: string;
  password: string;
  userAgent?: string;
}

/**
 * Checks email and password and opens a session. Unknown emails, users without a password and wrong
 * passwords all answer undefined after the same Argon2id work.
 */
export async function signIn(
  db: Db,
  input: SignInInput,
  opts: { sessionDays: number },
): Promise<(StartedSession & { userId: string; email: string }) | undefined> {
  const user = await findUserCredential(db, input.email);
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) return undefined;
  const session = await startWebSession(db, user.id, { days: opts.sessionDays, userAgent: input.userAgent });
  return { ...session, userId: user.id, email: user.email };
}
