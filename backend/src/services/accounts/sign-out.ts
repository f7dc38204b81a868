import type { Db } from '../../db/db';
import { deleteWebSession } from '../../db/web-sessions.repo';
import { sessionIdOf } from './start-web-session';

/** Ends the session behind a cookie token: the same cookie no longer signs anyone in. */
export async function signOut(db: Db, token: string): Promise<void> {
  await deleteWebSession(db, sessionIdOf(token));
}
