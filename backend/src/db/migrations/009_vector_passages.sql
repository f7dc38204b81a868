-- A passage's vector belongs to the passage: replacing a document's passages drops their vectors, so a
-- vector search ranks passage_vectors alone and reads only the winning passages. (Whether vectors are
-- searched through pgvector's HNSW or scanned is decided at run time: see db/vectors.repo.ts.)
DELETE FROM passage_vectors v
WHERE NOT EXISTS (SELECT 1 FROM passages p WHERE p.document_id = v.document_id AND p.posicion = v.posicion);
ALTER TABLE passage_vectors
  ADD CONSTRAINT passage_vectors_passage FOREIGN KEY (document_id, posicion)
  REFERENCES passages (document_id, posicion) ON DELETE CASCADE;
