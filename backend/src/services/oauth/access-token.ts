import type { Scope } from '@folio/shared';
import type { Deps } from '../../context';
import { findOAuthToken } from '../../db/oauth.repo';
import type { Principal } from '../accounts/api-keys';
import { hashSecret } from './secrets';

/** Access tokens start with this, so a bearer is told from an API key (`folio_<prefix>_…`) at a glance. */
export const ACCESS_TOKEN_PREFIX = 'folio_at_';
export const REFRESH_TOKEN_PREFIX = 'folio_rt_';

/**
 * The caller behind an OAuth access token: undefined unless the token exists, is an access token, has not
 * expired, its grant is not revoked, and it was issued for `resource` (RFC 8707: a token for another resource
 * is refused here). The principal's `keyId` is the grant, so the rate limit counts one consent as one key.
 */
export async function verifyAccessToken(
  deps: Pick<Deps, 'db'>,
  token: string,
  resource: string,
): Promise<Principal | undefined> {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return undefined;
  const row = await findOAuthToken(deps.db, hashSecret(token));
  if (!row || row.kind !== 'access' || row.expired || row.revoked || row.resource !== resource) return undefined;
  return { userId: row.user_id, keyId: `oauth:${row.grant_id}`, scopes: row.scope.split(' ') as Scope[] };
}
