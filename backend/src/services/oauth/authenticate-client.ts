import type { Deps } from '../../context';
import { findOAuthClient, type OAuthClientRow } from '../../db/oauth.repo';
import { OAuthError } from './oauth-error';
import { secretMatches } from './secrets';

/** What a request to the token or revocation endpoint says about its client. */
export interface ClientCredentials {
  /** From `Authorization: Basic` (client_secret_basic). */
  basic?: { id: string; secret: string };
  /** From the form (client_secret_post, or a public client's bare client_id). */
  form: URLSearchParams;
}

/** Decodes `Authorization: Basic` as RFC 6749 §2.3.1 writes it (each part form-urlencoded). */
export function basicCredentials(header: string | undefined): ClientCredentials['basic'] {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const part = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/**
 * The client a token or revocation request comes from: a confidential client must prove its secret (Basic
 * or form), a public client names itself (PKCE or the token itself is its proof). 401 `invalid_client`
 * otherwise.
 */
export async function authenticateClient(deps: Pick<Deps, 'db'>, creds: ClientCredentials): Promise<OAuthClientRow> {
  const id = creds.basic?.id ?? creds.form.get('client_id') ?? undefined;
  const secret = creds.basic?.secret ?? creds.form.get('client_secret') ?? undefined;
  const client = id ? await findOAuthClient(deps.db, id) : undefined;
  if (!client) throw new OAuthError('invalid_client', 'Unknown client.', 401);
  if (client.secret_hash && !(secret && secretMatches(secret, client.secret_hash))) {
    throw new OAuthError('invalid_client', 'Client authentication failed.', 401);
  }
  return client;
}
