import type { Db } from '../../db/db';
import { setPasswordHash } from '../../db/user-passwords.repo';
import { ensureUser } from '../../db/users.repo';
import { deleteWebSessionsOfUser } from '../../db/web-sessions.repo';
import { checkPasswordRules, hashPassword } from './password-hash';

/**
 * Sets a user's password (creating the user if new) and ends the user's open sessions, so a changed
 * password signs every browser out.
 */
export async function setPassword(
  db: Db,
  email: string,
  password: string,
): Promise<{ userId: string; email: string; userCreated: boolean; sessionsEnded: number }> {
  checkPasswordRules(password);
  const hashed = await hashPassword(password);
  const user = await ensureUser(db, email);
  await setPasswordHash(db, user.id, hashed);
  const sessionsEnded = await deleteWebSessionsOfUser(db, user.id);
  return { userId: user.id, email: user.email, userCreated: user.created, sessionsEnded };
}
