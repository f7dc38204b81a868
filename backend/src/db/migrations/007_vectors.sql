-- Passage embeddings, one row per passage and model. Stored as real[] so the same exact cosine scan
-- runs on the embedded store and on any PostgreSQL server, with or without pgvector.
CREATE TABLE passage_vectors (
  document_id text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  posicion integer NOT NULL,
  model text NOT NULL,
  embedding real[] NOT NULL,
  PRIMARY KEY (document_id, posicion, model)
);
