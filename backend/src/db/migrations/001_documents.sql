-- Users, API keys, documents with their units and passages, idempotency records.
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prefix text NOT NULL UNIQUE,
  hash text NOT NULL,
  scopes jsonb NOT NULL,
  name text,
  created timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz,
  revoked timestamptz
);
CREATE INDEX api_keys_user ON api_keys (user_id);

-- Column names that hold a field of the contract carry the contract's (Spanish) name.
CREATE TABLE documents (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  titulo text NOT NULL,
  autores jsonb NOT NULL DEFAULT '[]',
  anio integer,
  tipo text NOT NULL,
  estado text NOT NULL,
  progreso real,
  fase text,
  unidades integer NOT NULL DEFAULT 0,
  duracion double precision,
  idioma text,
  url text,
  biblioteca text,
  referencia text,
  error text,
  -- what the user gave at upload, which wins over what the file says
  user_meta jsonb NOT NULL DEFAULT '{}',
  -- lower-case, accent-free titulo and autores for `q`
  search_key text NOT NULL DEFAULT '',
  sha256 text,
  file_name text,
  content_type text,
  size_bytes bigint,
  blob_key text,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX documents_user_sha ON documents (user_id, sha256) WHERE sha256 IS NOT NULL;
CREATE INDEX documents_user_seq ON documents (user_id, seq DESC);

CREATE TABLE units (
  document_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  posicion integer NOT NULL,
  texto text NOT NULL,
  ancla jsonb NOT NULL,
  -- printed folio, lower-case, for `desde`/`hasta` look-ups
  impresa text,
  t0 double precision,
  t1 double precision,
  PRIMARY KEY (document_id, posicion)
);
CREATE INDEX units_impresa ON units (document_id, impresa) WHERE impresa IS NOT NULL;

CREATE TABLE passages (
  document_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  posicion integer NOT NULL,
  unidad integer NOT NULL,
  texto text NOT NULL,
  ancla jsonb NOT NULL,
  PRIMARY KEY (document_id, posicion)
);

CREATE TABLE idempotency_keys (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  operation text NOT NULL,
  key text NOT NULL,
  resource_id text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, operation, key)
);
