-- Lexical search: each passage keeps its language and one tsvector with the stems of that language
-- and the plain forms ('simple'), built from accent-folded text so names match without accents.
ALTER TABLE passages ADD COLUMN lang text NOT NULL DEFAULT 'simple';
ALTER TABLE passages ADD COLUMN fts tsvector;
UPDATE passages SET fts = to_tsvector('simple', texto);
CREATE INDEX passages_fts ON passages USING gin (fts);
