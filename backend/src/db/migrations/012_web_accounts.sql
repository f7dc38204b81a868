-- Web sign-in: a password per user (none for users made by the CLI or the first start until one is set)
-- and browser sessions. A session's id is the SHA-256 of the random token in its cookie, so a leak of
-- this table opens no session; the per-session CSRF token is derived from that same secret token.
ALTER TABLE users ADD COLUMN password_hash text;
ALTER TABLE users ADD COLUMN password_set timestamptz;

CREATE TABLE web_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created timestamptz NOT NULL DEFAULT now(),
  expires timestamptz NOT NULL,
  last_seen timestamptz NOT NULL DEFAULT now(),
  user_agent text
);
CREATE INDEX web_sessions_user ON web_sessions (user_id);
CREATE INDEX web_sessions_expires ON web_sessions (expires);
