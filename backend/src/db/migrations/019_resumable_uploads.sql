-- Uploads in parts (tus, /api/v1/subidas): whose each one is, how large it will be and what the user said
-- about it, so that only its owner can go on with it, quotas count what is in progress, and a finished one
-- keeps the document it became (a client resuming after the last part learns it from a HEAD).
CREATE TABLE resumable_uploads (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  size_bytes bigint NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  document_id text REFERENCES documents (id) ON DELETE SET NULL,
  duplicado boolean,
  created timestamptz NOT NULL DEFAULT now(),
  finished timestamptz
);
CREATE INDEX resumable_uploads_in_progress ON resumable_uploads (user_id) WHERE finished IS NULL;
