-- Named collections (the document's `biblioteca`) that exist before any document is filed under them:
-- a collection is made, then documents are assigned to it. The documents' own `biblioteca` stays the
-- source of truth for membership; a collection that documents name but that has no row here (filed by
-- the API's `biblioteca` at upload) is listed all the same.
CREATE TABLE collections (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, name)
);
CREATE INDEX documents_user_biblioteca ON documents (user_id, biblioteca) WHERE biblioteca IS NOT NULL;
