-- A passage's stems are no longer stored: they are computed from its folded text and headings when its
-- postings are written, which the caller passes. The tsvector kept per passage (fts), read only to write
-- postings again after a title change, was 1.8 kB of a 3.8 kB passage row: 180 MB at 100,000 passages,
-- compressed and written to the TOAST table with every passage. A title change now folds the passages'
-- stored text again (services/documents/metadata-in-force.ts). The space of an existing store's column
-- comes back when its rows are rewritten (`folio compact`).
ALTER TABLE passages DROP COLUMN fts;

DROP FUNCTION index_passage_terms(text, text, float8, float8, float8, float8, float8);

-- Writes the postings of a document's passages. `fields` holds each passage's folded text and headings by
-- its position (jsonb array of {posicion, folded, heading}); the language is the passage's own.
CREATE FUNCTION index_passage_terms(
  doc text,
  title text,
  fields jsonb,
  k1 float8 DEFAULT 1.2,
  b float8 DEFAULT 0.75,
  avg_length float8 DEFAULT 100,
  title_weight float8 DEFAULT 2,
  heading_weight float8 DEFAULT 1.5
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  library integer;
  written integer;
BEGIN
  SELECT u.lib INTO library FROM documents d JOIN users u ON u.id = d.user_id WHERE d.id = doc;
  IF library IS NULL THEN
    RETURN 0;
  END IF;
  -- One indexer at a time per library: its statistics rows are shared by all its documents.
  PERFORM pg_advisory_xact_lock(727273, library);
  PERFORM forget_passage_terms(ARRAY(SELECT pid FROM passages WHERE document_id = doc));
  WITH fields AS (
    -- Title A, headings B, body D: the weights the counts below read.
    SELECT p.pid, setweight(passage_stems(p.lang, title), 'A')
                  || setweight(passage_stems(p.lang, coalesce(f.heading, '')), 'B')
                  || passage_stems(p.lang, coalesce(f.folded, '')) AS v
    FROM passages p
    JOIN jsonb_to_recordset(fields) AS f(posicion int, folded text, heading text) ON f.posicion = p.posicion
    WHERE p.document_id = doc
  ), counts AS (
    SELECT f.pid, x.lexeme AS term,
           sum(CASE w WHEN 'A' THEN title_weight WHEN 'B' THEN heading_weight ELSE 1 END) AS tf
    FROM fields f, unnest(f.v) AS x, unnest(x.weights) AS w
    GROUP BY f.pid, x.lexeme
  ), lengths AS (
    SELECT pid, sum(tf) AS len FROM counts GROUP BY pid
  ), postings AS MATERIALIZED (
    -- Cast once: the impact stored in both places must be the same real, it is part of the delete key.
    SELECT c.pid, c.term, (c.tf * (k1 + 1) / (c.tf + k1 * (1 - b + b * l.len / avg_length)))::real AS impact
    FROM counts c JOIN lengths l USING (pid)
  ), inserted AS (
    INSERT INTO passage_terms (lib, term, impact, pid)
    SELECT library, term, impact, pid FROM postings
  ), by_passage AS (
    INSERT INTO passage_postings (pid, lib, terms, impacts)
    SELECT pid, library, array_agg(term ORDER BY term), array_agg(impact ORDER BY term)
    FROM postings GROUP BY pid
    RETURNING pid
  ), df AS (
    INSERT INTO term_df_changes (lib, term, n)
    SELECT library, term, count(*) FROM postings GROUP BY term
  )
  SELECT count(*) INTO written FROM by_passage;
  INSERT INTO library_stats (lib, passages) VALUES (library, written)
  ON CONFLICT (lib) DO UPDATE SET passages = library_stats.passages + excluded.passages;
  RETURN written;
END;
$$;
