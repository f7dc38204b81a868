import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Deps } from '../../context';
import {
  deleteExpiredOAuthTokens,
  findOAuthCode,
  findOAuthToken,
  insertOAuthToken,
  revokeOAuthGrant,
  type OAuthClientRow,
  useOAuthCode,
  useOAuthToken,
} from '../../db/oauth.repo';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from './access-token';
import { authenticateClient, type ClientCredentials } from './authenticate-client';
import { OAuthError } from './oauth-error';
import { hashSecret, newSecret, OAUTH_LIFETIMES, s256 } from './secrets';

const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError('invalid_request', `Missing parameter ${name}.`);
  return value;
}

/**
 * An access token for a grant, and a refresh token when the client registered the refresh grant; every issue
 * also forgets tokens long expired.
 */
async function issueTokens(
  deps: Pick<Deps, 'db'>,
  client: OAuthClientRow,
  grantId: string,
  scope: string,
): Promise<OAuthTokens> {
  const access = newSecret(ACCESS_TOKEN_PREFIX);
  await insertOAuthToken(deps.db, {
    hash: hashSecret(access),
    grantId,
    kind: 'access',
    seconds: OAUTH_LIFETIMES.access,
  });
  let refresh: string | undefined;
  if (client.metadata.grant_types.includes('refresh_token')) {
    refresh = newSecret(REFRESH_TOKEN_PREFIX);
    await insertOAuthToken(deps.db, {
      hash: hashSecret(refresh),
      grantId,
      kind: 'refresh',
      seconds: OAUTH_LIFETIMES.refresh,
    });
  }
  await deleteExpiredOAuthTokens(deps.db);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: OAUTH_LIFETIMES.access,
    ...(refresh && { refresh_token: refresh }),
    scope,
  };
}

/**
 * Redeems an authorization code: it must be this client's, unexpired, for the same redirect URI and resource,
 * and the verifier must hash to its S256 challenge. A failed check leaves the code for its rightful holder;
 * a code presented a second time revokes everything its grant produced (RFC 9700 §4.5: it was stolen).
 */
async function redeemCode(deps: Pick<Deps, 'db'>, client: OAuthClientRow, form: URLSearchParams): Promise<OAuthTokens> {
  const code = required(form, 'code');
  const verifier = required(form, 'code_verifier');
  const redirectUri = required(form, 'redirect_uri');
  if (!PKCE_VERIFIER.test(verifier)) throw new OAuthError('invalid_request', 'Malformed code_verifier.');
  const hash = hashSecret(code);
  const row = await findOAuthCode(deps.db, hash);
  if (!row || row.client_id !== client.id) throw invalidGrant('Unknown authorization code.');
  if (row.used) {
    await revokeOAuthGrant(deps.db, row.grant_id);
    throw invalidGrant('Authorization code already used; the tokens it gave are revoked.');
  }
  if (row.expired || row.revoked) throw invalidGrant('Authorization code expired or revoked.');
  if (row.redirect_uri !== redirectUri) throw invalidGrant('redirect_uri differs from the authorization request.');
  const resource = form.get('resource');
  if (resource && resource !== row.resource)
    throw new OAuthError('invalid_target', `The grant is for ${row.resource}.`);
  if (s256(verifier) !== row.code_challenge) throw invalidGrant('PKCE verification failed: wrong code_verifier.');
  if (!(await useOAuthCode(deps.db, hash))) {
    await revokeOAuthGrant(deps.db, row.grant_id);
    throw invalidGrant('Authorization code already used; the tokens it gave are revoked.');
  }
  return issueTokens(deps, client, row.grant_id, row.scope);
}

/**
 * Rotates a refresh token: the old one is used up and a new pair issued for the same grant. Presenting a
 * rotated refresh token again revokes the grant (OAuth 2.1 §4.3.1: one of the two holders is not the client).
 */
async function rotateRefresh(
  deps: Pick<Deps, 'db'>,
  client: OAuthClientRow,
  form: URLSearchParams,
): Promise<OAuthTokens> {
  const hash = hashSecret(required(form, 'refresh_token'));
  const row = await findOAuthToken(deps.db, hash);
  if (!row || row.kind !== 'refresh' || row.client_id !== client.id) throw invalidGrant('Unknown refresh token.');
  if (row.used) {
    await revokeOAuthGrant(deps.db, row.grant_id);
    throw invalidGrant('Refresh token already used; the grant is revoked. Sign in again.');
  }
  if (row.expired || row.revoked) throw invalidGrant('Refresh token expired or revoked. Sign in again.');
  const scope = form.get('scope');
  if (scope && scope.split(' ').some((s) => s && !row.scope.split(' ').includes(s))) {
    throw new OAuthError('invalid_scope', `The grant's scope is '${row.scope}'.`);
  }
  const resource = form.get('resource');
  if (resource && resource !== row.resource)
    throw new OAuthError('invalid_target', `The grant is for ${row.resource}.`);
  if (!(await useOAuthToken(deps.db, hash))) {
    await revokeOAuthGrant(deps.db, row.grant_id);
    throw invalidGrant('Refresh token already used; the grant is revoked. Sign in again.');
  }
  return issueTokens(deps, client, row.grant_id, row.scope);
}

/** The token endpoint (RFC 6749 §3.2): authorization_code with PKCE, and refresh_token with rotation. */
export async function tokenRequest(deps: Pick<Deps, 'db'>, creds: ClientCredentials): Promise<OAuthTokens> {
  const client = await authenticateClient(deps, creds);
  const grantType = creds.form.get('grant_type');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  }
  if (!client.metadata.grant_types.includes(grantType)) {
    throw new OAuthError('unauthorized_client', `This client did not register the ${grantType} grant.`);
  }
  return grantType === 'authorization_code'
    ? redeemCode(deps, client, creds.form)
    : rotateRefresh(deps, client, creds.form);
}
