import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/env';
import { AppError } from '../errors';
import { verifyApiKey, type Principal } from '../services/accounts/api-keys';
import type { Deps } from '../context';
import { ACCESS_TOKEN_PREFIX, verifyAccessToken } from '../services/oauth/access-token';
import { mcpResourceUrl, protectedResourceMetadataUrl } from './urls';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The scope every MCP request needs, from an API key or an OAuth access token alike. */
export const MCP_SCOPE = 'mcp';

/**
 * The challenge of a refused MCP request (RFC 6750 §3 with RFC 9728's `resource_metadata`): where an MCP
 * client finds the authorization server, and the one scope to ask it for.
 */
export function mcpChallenge(publicUrl: string, error?: 'invalid_token' | 'insufficient_scope'): string {
  const params = [
    ...(error ? [`error="${error}"`] : []),
    `resource_metadata="${protectedResourceMetadataUrl(publicUrl)}"`,
    `scope="${MCP_SCOPE}"`,
  ];
  return `Bearer ${params.join(', ')}`;
}

/** The caller behind a bearer: an OAuth access token issued for this MCP server, or an API key. */
async function principalOf(deps: Deps, token: string): Promise<Principal | undefined> {
  if (token.startsWith(ACCESS_TOKEN_PREFIX))
    return verifyAccessToken(deps, token, mcpResourceUrl(deps.config.publicUrl));
  return verifyApiKey(deps.db, token);
}

/**
 * Requires a bearer with the `mcp` scope: an API key that has it, or an OAuth access token (always `mcp`,
 * bound to this server as its resource). Without a credential, or with one that is wrong, expired or revoked:
 * 401 `no_autenticado` with the challenge that starts an MCP client's OAuth flow; without the scope: 403
 * `prohibido` with `error="insufficient_scope"`. Puts the caller in `principal`.
 */
export function requireMcpCaller() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { deps } = c.var;
    const header = c.req.header('authorization');
    const token = header ? BEARER.exec(header)?.[1] : undefined;
    const principal = token ? await principalOf(deps, token) : undefined;
    if (!principal) {
      throw new AppError('no_autenticado', {
        mensaje: header
          ? 'La credencial no es válida, caducó o fue revocada.'
          : 'Falta la cabecera Authorization: Bearer <clave de API con permiso mcp, o token OAuth>.',
        message: header
          ? 'The credential is wrong, expired or revoked.'
          : 'Missing header Authorization: Bearer <API key with the mcp scope, or OAuth token>.',
        headers: { 'WWW-Authenticate': mcpChallenge(deps.config.publicUrl, header ? 'invalid_token' : undefined) },
      });
    }
    if (!principal.scopes.includes(MCP_SCOPE)) {
      throw new AppError('prohibido', {
        mensaje: `La clave no tiene el permiso '${MCP_SCOPE}' que requiere el servidor MCP.`,
        message: `The key lacks the '${MCP_SCOPE}' scope the MCP server needs.`,
        detalles: { requiere: MCP_SCOPE },
        headers: { 'WWW-Authenticate': mcpChallenge(deps.config.publicUrl, 'insufficient_scope') },
      });
    }
    c.set('principal', principal);
    await next();
  });
}
