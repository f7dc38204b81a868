import type { Db } from '../../db/db';
import { findLiveWebSession, touchWebSession } from '../../db/web-sessions.repo';
import { sessionIdOf } from './start-web-session';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  userId: string;
  email: string;
  sessionId: string;
  expires: Date;
}

/** The signed-in user behind a cookie token, or undefined for a malformed, unknown or expired one. */
export async function resolveWebSession(db: Db, token: string | undefined): Promise<SessionUser | undefined> {
  if (!token || !TOKEN.test(token)) return undefined;
  const row = await findLiveWebSession(db, sessionIdOf(token));
  if (!row) return undefined;
  if (Date.now() - row.last_seen.getTime() > 60_000) await touchWebSession(db, row.id);
  return { userId: row.user_id, email: row.email, sessionId: row.id, expires: row.expires };
}
