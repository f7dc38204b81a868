-- OAuth 2.1 sign-in for the MCP server: clients registered dynamically (RFC 7591), authorization requests
-- waiting for the user's consent, and each consent (a grant) with its authorization codes and tokens.
-- Every secret (client secret, consent-form token, code, access and refresh token) carries 256 random bits
-- and is stored only as its SHA-256, so a leak of these tables opens nothing.
CREATE TABLE oauth_clients (
  id text PRIMARY KEY,
  -- null for a public client (token_endpoint_auth_method 'none'), which proves itself by PKCE alone
  secret_hash text,
  auth_method text NOT NULL,
  -- the registered metadata as the registration response gave it back (client_name, redirect_uris …)
  metadata jsonb NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);

-- An authorization request shown on the consent page to one signed-in user, answered once.
CREATE TABLE oauth_requests (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  csrf_hash text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  state text,
  scope text NOT NULL,
  resource text NOT NULL,
  expires timestamptz NOT NULL
);
CREATE INDEX oauth_requests_expires ON oauth_requests (expires);

-- One consent of a user to a client for a resource; its codes and tokens are revoked together.
CREATE TABLE oauth_grants (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  scope text NOT NULL,
  resource text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  revoked timestamptz
);
CREATE INDEX oauth_grants_user ON oauth_grants (user_id);

-- Authorization codes (PKCE S256), single use.
CREATE TABLE oauth_codes (
  hash text PRIMARY KEY,
  grant_id text NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  expires timestamptz NOT NULL,
  used timestamptz
);
CREATE INDEX oauth_codes_expires ON oauth_codes (expires);

-- Access and refresh tokens; a refresh token is `used` once rotated, and presenting it again revokes the grant.
CREATE TABLE oauth_tokens (
  hash text PRIMARY KEY,
  grant_id text NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires timestamptz NOT NULL,
  used timestamptz
);
CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_expires ON oauth_tokens (expires);
