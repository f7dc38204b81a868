import type { Db } from './db';

export interface OAuthClientRow {
  id: string;
  secret_hash: string | null;
  auth_method: string;
  metadata: Record<string, unknown> & { redirect_uris: string[]; grant_types: string[]; client_name?: string };
  created: Date;
}

export async function insertOAuthClient(
  db: Db,
  c: { id: string; secretHash: string | null; authMethod: string; metadata: OAuthClientRow['metadata'] },
): Promise<void> {
  await db.query(
    'INSERT INTO oauth_clients (id, secret_hash, auth_method, metadata) VALUES ($1, $2, $3, $4::text::jsonb)',
    [c.id, c.secretHash, c.authMethod, JSON.stringify(c.metadata)],
  );
}

export async function findOAuthClient(db: Db, id: string): Promise<OAuthClientRow | undefined> {
  const [row] = await db.query<OAuthClientRow>('SELECT * FROM oauth_clients WHERE id = $1', [id]);
  return row;
}

export interface OAuthRequestRow {
  id: string;
  user_id: string;
  client_id: string;
  csrf_hash: string;
  redirect_uri: string;
  code_challenge: string;
  state: string | null;
  scope: string;
  resource: string;
  expires: Date;
}

export async function insertOAuthRequest(
  db: Db,
  r: Omit<OAuthRequestRow, 'expires' | 'state'> & { state?: string; seconds: number },
): Promise<void> {
  // Unanswered requests of the past are dropped as new ones come: the table never grows with dead rows.
  await db.query('DELETE FROM oauth_requests WHERE expires <= now()');
  await db.query(
    `INSERT INTO oauth_requests (id, user_id, client_id, csrf_hash, redirect_uri, code_challenge, state, scope, resource, expires)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10))`,
    [
      r.id,
      r.user_id,
      r.client_id,
      r.csrf_hash,
      r.redirect_uri,
      r.code_challenge,
      r.state ?? null,
      r.scope,
      r.resource,
      r.seconds,
    ],
  );
}

/** The user's unexpired authorization request with this id. */
export async function findOAuthRequest(db: Db, id: string, userId: string): Promise<OAuthRequestRow | undefined> {
  const [row] = await db.query<OAuthRequestRow>(
    'SELECT * FROM oauth_requests WHERE id = $1 AND user_id = $2 AND expires > now()',
    [id, userId],
  );
  return row;
}

/** Takes a request out (it is answered once); false when another answer already took it. */
export async function deleteOAuthRequest(db: Db, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM oauth_requests WHERE id = $1 RETURNING id', [id])).length > 0;
}

export interface OAuthGrantRow {
  id: string;
  user_id: string;
  client_id: string;
  scope: string;
  resource: string;
  revoked: Date | null;
}

export async function insertOAuthGrant(db: Db, g: Omit<OAuthGrantRow, 'revoked'>): Promise<void> {
  await db.query('INSERT INTO oauth_grants (id, user_id, client_id, scope, resource) VALUES ($1, $2, $3, $4, $5)', [
    g.id,
    g.user_id,
    g.client_id,
    g.scope,
    g.resource,
  ]);
}

/** Revokes a grant: every code and token it produced stops working at once. */
export async function revokeOAuthGrant(db: Db, id: string): Promise<void> {
  await db.query('UPDATE oauth_grants SET revoked = now() WHERE id = $1 AND revoked IS NULL', [id]);
}

export async function insertOAuthCode(
  db: Db,
  c: { hash: string; grantId: string; redirectUri: string; codeChallenge: string; seconds: number },
): Promise<void> {
  await db.query('DELETE FROM oauth_codes WHERE expires <= now()');
  await db.query(
    `INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [c.hash, c.grantId, c.redirectUri, c.codeChallenge, c.seconds],
  );
}

/** A code with its grant, as stored (expiry, use and revocation are the caller's to judge). */
export interface OAuthCodeRow extends Omit<OAuthGrantRow, 'id'> {
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  expired: boolean;
  used: Date | null;
}

export async function findOAuthCode(db: Db, hash: string): Promise<OAuthCodeRow | undefined> {
  const [row] = await db.query<OAuthCodeRow>(
    `SELECT c.grant_id, c.redirect_uri, c.code_challenge, c.expires <= now() AS expired, c.used,
            g.user_id, g.client_id, g.scope, g.resource, g.revoked
     FROM oauth_codes c JOIN oauth_grants g ON g.id = c.grant_id WHERE c.hash = $1`,
    [hash],
  );
  return row;
}

/** Marks a code used; false when it already was (a second redemption of the same code). */
export async function useOAuthCode(db: Db, hash: string): Promise<boolean> {
  return (
    (await db.query('UPDATE oauth_codes SET used = now() WHERE hash = $1 AND used IS NULL RETURNING hash', [hash]))
      .length > 0
  );
}

export type OAuthTokenKind = 'access' | 'refresh';

export async function insertOAuthToken(
  db: Db,
  t: { hash: string; grantId: string; kind: OAuthTokenKind; seconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO oauth_tokens (hash, grant_id, kind, expires) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [t.hash, t.grantId, t.kind, t.seconds],
  );
}

/** A token with its grant, as stored. */
export interface OAuthTokenRow extends Omit<OAuthGrantRow, 'id'> {
  grant_id: string;
  kind: OAuthTokenKind;
  expires: Date;
  expired: boolean;
  used: Date | null;
}

export async function findOAuthToken(db: Db, hash: string): Promise<OAuthTokenRow | undefined> {
  const [row] = await db.query<OAuthTokenRow>(
    `SELECT t.grant_id, t.kind, t.expires, t.expires <= now() AS expired, t.used,
            g.user_id, g.client_id, g.scope, g.resource, g.revoked
     FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.hash = $1`,
    [hash],
  );
  return row;
}

/** Marks a refresh token used (rotated); false when it already was. */
export async function useOAuthToken(db: Db, hash: string): Promise<boolean> {
  return (
    (await db.query('UPDATE oauth_tokens SET used = now() WHERE hash = $1 AND used IS NULL RETURNING hash', [hash]))
      .length > 0
  );
}

/** Forgets tokens expired for a day (kept that long so a late replay of a rotated one is still recognised). */
export async function deleteExpiredOAuthTokens(db: Db): Promise<void> {
  await db.query("DELETE FROM oauth_tokens WHERE expires <= now() - interval '1 day'");
}
