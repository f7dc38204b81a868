import type { Deps } from '../../context';
import {
  deleteOAuthRequest,
  findOAuthClient,
  findOAuthRequest,
  insertOAuthCode,
  insertOAuthGrant,
  insertOAuthRequest,
  type OAuthClientRow,
} from '../../db/oauth.repo';
import { newId } from '../../ids';
import { OAuthError } from './oauth-error';
import { isLoopbackHttp, OAUTH_SCOPE } from './register-client';
import { hashSecret, newSecret, OAUTH_LIFETIMES, secretMatches } from './secrets';

/** The query of the authorization endpoint, as received. */
export interface AuthorizationQuery {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  scope?: string;
  resource?: string;
}

/** An authorization request found valid: what the consent page shows and the code will be bound to. */
export interface CheckedAuthorization {
  client: OAuthClientRow;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  scope: string;
  resource: string;
}

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether `given` is one of the client's registered redirect URIs: exactly, or for a loopback http URI with
 * any port, since a native client listens on whatever port it gets (RFC 8252 §7.3).
 */
export function redirectUriRegistered(client: OAuthClientRow, given: string): boolean {
  if (client.metadata.redirect_uris.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (!isLoopbackHttp(url)) return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return client.metadata.redirect_uris.some((r) => {
    const registered = new URL(r);
    return isLoopbackHttp(registered) && portless(registered) === portless(url);
  });
}

/**
 * Checks an authorization request (OAuth 2.1 authorization code with PKCE, RFC 8707 resource). An unknown
 * client or an unregistered redirect URI is refused without redirecting (the error must not reach an address
 * the client did not register); anything else wrong is sent back to the client's redirect URI. Only S256
 * challenges, only the `mcp` scope, only this server's MCP resource (the default when `resource` is absent).
 */
export async function checkAuthorization(
  deps: Pick<Deps, 'db'>,
  q: AuthorizationQuery,
  mcpResource: string,
): Promise<CheckedAuthorization> {
  const client = q.client_id ? await findOAuthClient(deps.db, q.client_id) : undefined;
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id: register the client first.');
  const registered = client.metadata.redirect_uris;
  const redirectUri = q.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined);
  if (!redirectUri || !redirectUriRegistered(client, redirectUri)) {
    throw new OAuthError('invalid_request', 'redirect_uri is missing or not registered for this client.');
  }
  const back = { uri: redirectUri, state: q.state };
  const refuse = (error: string, description: string): never => {
    throw new OAuthError(error, description, 400, back);
  };
  if (q.response_type !== 'code') refuse('unsupported_response_type', "Only response_type 'code' is supported.");
  if (q.code_challenge_method !== 'S256')
    refuse('invalid_request', 'PKCE is required, with code_challenge_method S256.');
  if (!q.code_challenge || !PKCE_CHALLENGE.test(q.code_challenge)) {
    refuse('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
  }
  const scopes = (q.scope ?? OAUTH_SCOPE).split(' ').filter(Boolean);
  if (scopes.length && !scopes.includes(OAUTH_SCOPE)) refuse('invalid_scope', `The only scope is '${OAUTH_SCOPE}'.`);
  const resource = q.resource ?? mcpResource;
  if (resource !== mcpResource) refuse('invalid_target', `The only resource is ${mcpResource}.`);
  return { client, redirectUri, codeChallenge: q.code_challenge!, state: q.state, scope: OAUTH_SCOPE, resource };
}

/**
 * Records a checked request for the signed-in user's answer on the consent page. The form carries the
 * request's id and a token only that page holds (stored hashed): a form posted from anywhere else cannot
 * answer it.
 */
export async function openConsent(
  deps: Pick<Deps, 'db'>,
  userId: string,
  checked: CheckedAuthorization,
): Promise<{ requestId: string; csrf: string }> {
  const requestId = newId(20);
  const csrf = newSecret();
  await insertOAuthRequest(deps.db, {
    id: requestId,
    user_id: userId,
    client_id: checked.client.id,
    csrf_hash: hashSecret(csrf),
    redirect_uri: checked.redirectUri,
    code_challenge: checked.codeChallenge,
    state: checked.state,
    scope: checked.scope,
    resource: checked.resource,
    seconds: OAUTH_LIFETIMES.request,
  });
  return { requestId, csrf };
}

/** Why a consent answer was refused (shown on a page: there is no client to tell safely). */
export class ConsentRefusal extends Error {
  constructor(readonly reason: 'caducada' | 'csrf') {
    super(reason);
    this.name = 'ConsentRefusal';
  }
}

/** The client's redirect URI with the answer's parameters, `iss` included (RFC 9207). */
export function redirectWith(uri: string, params: Record<string, string | undefined>, issuer: string): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

/**
 * The signed-in user's answer to a consent page: approving creates the grant (user, client, `mcp`, resource)
 * and a single-use code bound to the redirect URI and PKCE challenge; denying sends `access_denied`. Either
 * way the request is used up. Returns where to send the browser.
 */
export async function answerConsent(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  answer: { requestId: string; csrf: string; approve: boolean },
): Promise<string> {
  const request = await findOAuthRequest(deps.db, answer.requestId, userId);
  if (!request) throw new ConsentRefusal('caducada');
  if (!secretMatches(answer.csrf, request.csrf_hash)) throw new ConsentRefusal('csrf');
  if (!(await deleteOAuthRequest(deps.db, request.id))) throw new ConsentRefusal('caducada');
  const issuer = deps.config.publicUrl;
  if (!answer.approve) {
    return redirectWith(
      request.redirect_uri,
      { error: 'access_denied', error_description: 'The user denied access.', state: request.state ?? undefined },
      issuer,
    );
  }
  const grantId = newId(20);
  await insertOAuthGrant(deps.db, {
    id: grantId,
    user_id: userId,
    client_id: request.client_id,
    scope: request.scope,
    resource: request.resource,
  });
  const code = newSecret();
  await insertOAuthCode(deps.db, {
    hash: hashSecret(code),
    grantId,
    redirectUri: request.redirect_uri,
    codeChallenge: request.code_challenge,
    seconds: OAUTH_LIFETIMES.code,
  });
  return redirectWith(request.redirect_uri, { code, state: request.state ?? undefined }, issuer);
}
