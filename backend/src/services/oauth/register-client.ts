import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Deps } from '../../context';
import { insertOAuthClient } from '../../db/oauth.repo';
import { newId } from '../../ids';
import { OAuthError } from './oauth-error';
import { hashSecret, newSecret } from './secrets';

export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export const CLIENT_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;
/** The only scope this authorization server issues. */
export const OAUTH_SCOPE = 'mcp';

const MAX_REDIRECT_URIS = 10;
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Schemes a redirect may never use, besides those the SDK's schema already refuses (javascript, data, vbscript). */
const FORBIDDEN_SCHEMES = new Set(['file:', 'blob:', 'about:', 'ftp:', 'ws:', 'wss:', 'mailto:', 'tel:']);

/** True for an http URL on the loopback interface, where native clients listen (RFC 8252 §7.3). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/**
 * Where a client may have codes sent: https anywhere, http only on loopback (a native app's local listener),
 * or an app's own private-use scheme (RFC 8252 §7.1, e.g. `com.example.app:/cb`); never with a fragment.
 */
function checkRedirectUri(uri: string): void {
  const url = new URL(uri);
  const ok =
    !url.hash &&
    uri.length <= 2000 &&
    (url.protocol === 'https:' ||
      isLoopbackHttp(url) ||
      (url.protocol !== 'http:' && !FORBIDDEN_SCHEMES.has(url.protocol)));
  if (!ok) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `Redirect URI not allowed: ${uri.slice(0, 200)} (https, http on loopback, or a private-use scheme; no fragment).`,
    );
  }
}

/** Control characters out, whitespace folded, bounded: the name is shown on the consent page. */
const cleanName = (name: string | undefined) =>
  name
    ?.replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100) || undefined;

/**
 * Dynamic client registration (RFC 7591): checks the metadata, registers the client and gives back its
 * information, with a secret unless it registers as a public client (`token_endpoint_auth_method: none`, the
 * usual for MCP clients, which prove themselves with PKCE). The scope registered is always `mcp`.
 */
export async function registerClient(deps: Pick<Deps, 'db'>, body: unknown): Promise<OAuthClientInformationFull> {
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new OAuthError(
      field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      `${field || 'body'}: ${issue.message}`,
    );
  }
  const meta = parsed.data;
  if (meta.redirect_uris.length === 0 || meta.redirect_uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError('invalid_redirect_uri', `Register between 1 and ${MAX_REDIRECT_URIS} redirect_uris.`);
  }
  meta.redirect_uris.forEach(checkRedirectUri);
  const grantTypes = meta.grant_types ?? ['authorization_code', 'refresh_token'];
  if (
    !grantTypes.includes('authorization_code') ||
    grantTypes.some((g) => !(GRANT_TYPES as readonly string[]).includes(g))
  ) {
    throw new OAuthError('invalid_client_metadata', `grant_types must be among ${GRANT_TYPES.join(', ')}.`);
  }
  const responseTypes = meta.response_types ?? ['code'];
  if (responseTypes.some((r) => r !== 'code')) {
    throw new OAuthError('invalid_client_metadata', "response_types must be ['code'].");
  }
  // RFC 7591's default is client_secret_basic.
  const authMethod = meta.token_endpoint_auth_method ?? 'client_secret_basic';
  if (!(CLIENT_AUTH_METHODS as readonly string[]).includes(authMethod)) {
    throw new OAuthError(
      'invalid_client_metadata',
      `token_endpoint_auth_method must be one of ${CLIENT_AUTH_METHODS.join(', ')}.`,
    );
  }
  const id = `folio_cl_${newId(16)}`;
  const secret = authMethod === 'none' ? undefined : newSecret();
  const metadata = {
    redirect_uris: meta.redirect_uris,
    token_endpoint_auth_method: authMethod,
    grant_types: grantTypes,
    response_types: responseTypes,
    scope: OAUTH_SCOPE,
    ...(cleanName(meta.client_name) && { client_name: cleanName(meta.client_name) }),
    ...(meta.client_uri && { client_uri: meta.client_uri }),
    ...(meta.software_id && { software_id: meta.software_id.slice(0, 200) }),
    ...(meta.software_version && { software_version: meta.software_version.slice(0, 50) }),
  };
  await insertOAuthClient(deps.db, {
    id,
    secretHash: secret ? hashSecret(secret) : null,
    authMethod,
    metadata,
  });
  return {
    ...metadata,
    client_id: id,
    client_id_issued_at: Math.floor(Date.now() / 1000),
    ...(secret && { client_secret: secret, client_secret_expires_at: 0 }),
  };
}
