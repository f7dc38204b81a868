import type { Db } from './db';

export interface WebSessionRow {
  id: string;
  user_id: string;
  email: string;
  created: Date;
  expires: Date;
  last_seen: Date;
  user_agent: string | null;
}

export async function insertWebSession(
  db: Db,
  session: { id: string; userId: string; expires: Date; userAgent?: string },
): Promise<void> {
  await db.query('INSERT INTO web_sessions (id, user_id, expires, user_agent) VALUES ($1, $2, $3, $4)', [
    session.id,
    session.userId,
    session.expires,
    session.userAgent?.slice(0, 400) ?? null,
  ]);
}

/** The live (unexpired) session with this id, with its user's email. */
export async function findLiveWebSession(db: Db, id: string): Promise<WebSessionRow | undefined> {
  const [row] = await db.query<WebSessionRow>(
    `SELECT s.id, s.user_id, u.email, s.created, s.expires, s.last_seen, s.user_agent
     FROM web_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.expires > now()`,
    [id],
  );
  return row;
}

/** Records activity, at most once a minute per session (a write per request would be waste). */
export async function touchWebSession(db: Db, id: string): Promise<void> {
  await db.query(
    "UPDATE web_sessions SET last_seen = now() WHERE id = $1 AND last_seen < now() - interval '1 minute'",
    [id],
  );
}

export async function deleteWebSession(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM web_sessions WHERE id = $1', [id]);
}

/** Ends every session of a user (a new password signs out every browser). */
export async function deleteWebSessionsOfUser(db: Db, userId: string): Promise<number> {
  const rows = await db.query('DELETE FROM web_sessions WHERE user_id = $1 RETURNING id', [userId]);
  return rows.length;
}

/** Forgets the user's expired sessions; called at sign-in, so the table never grows with dead rows. */
export async function deleteExpiredWebSessions(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM web_sessions WHERE user_id = $1 AND expires <= now()', [userId]);
}
