import { ensureUser } from '../db/users.repo';
import { startWebSession } from '../services/accounts/start-web-session';
import { SESSION_COOKIE } from '../web/session';
import type { TestServer } from './harness';

/**
 * A `Cookie` header value for a signed-in browser session of `email` (the user is created if new),
 * as sign-in would have set it: `folio_sesion=<token>`.
 */
export async function signedInCookie(server: TestServer, email: string): Promise<string> {
  const { db } = server.runtime.deps;
  const user = await ensureUser(db, email);
  const { token } = await startWebSession(db, user.id, { days: server.config.web.sessionDays });
  return `${SESSION_COOKIE}=${token}`;
}
