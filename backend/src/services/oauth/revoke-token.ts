import type { Deps } from '../../context';
import { findOAuthToken, revokeOAuthGrant } from '../../db/oauth.repo';
import { authenticateClient, type ClientCredentials } from './authenticate-client';
import { OAuthError } from './oauth-error';
import { hashSecret } from './secrets';

/**
 * Token revocation (RFC 7009): an access or refresh token of this client revokes its whole grant (the
 * client is signing out). An unknown token, or another client's, is answered the same as success: the
 * endpoint tells nothing about tokens it was not given by their holder.
 */
export async function revokeToken(deps: Pick<Deps, 'db'>, creds: ClientCredentials): Promise<void> {
  const client = await authenticateClient(deps, creds);
  const token = creds.form.get('token');
  if (!token) throw new OAuthError('invalid_request', 'Missing parameter token.');
  const row = await findOAuthToken(deps.db, hashSecret(token));
  if (row && row.client_id === client.id) await revokeOAuthGrant(deps.db, row.grant_id);
}
