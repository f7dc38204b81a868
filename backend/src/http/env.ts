import type { Deps } from '../context';
import type { Principal } from '../services/accounts/api-keys';

/** Hono bindings of this app: the services container and, after auth, the caller. */
export interface AppEnv {
  Variables: {
    deps: Deps;
    principal: Principal;
    /** The browser session's user, set by `requireWebUser()` (web/session.ts). */
    webUser?: { userId: string; email: string };
  };
}
