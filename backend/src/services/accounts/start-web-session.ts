import crypto from 'node:crypto';
import type { Db } from '../../db/db';
import { deleteExpiredWebSessions, insertWebSession } from '../../db/web-sessions.repo';

/** The id a session is stored under: the token itself never reaches the database. */
export function sessionIdOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export interface StartedSession {
  /** The secret for the cookie; shown to this caller only. */
  token: string;
  expires: Date;
}

/** Opens a browser session for a user: 256 random bits, valid for `days`. */
export async function startWebSession(
  db: Db,
  userId: string,
  opts: { days: number; userAgent?: string },
): Promise<StartedSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + opts.days * 86_400_000);
  await deleteExpiredWebSessions(db, userId);
  await insertWebSession(db, { id: sessionIdOf(token), userId, expires, userAgent: opts.userAgent });
  return { token, expires };
}
