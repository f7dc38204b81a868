-- A library's document frequencies change by appended rows, folded into term_df in bulk, instead of an
-- upsert of every term of every document indexed or forgotten. The upserts were the largest part of
-- indexing: each left a new row version of the same terms, which the next document's upsert had to
-- walk past (at 5,000 passages, 10.8 of the load's 25 s with 250 documents per transaction, 2.9 s with
-- one). A term's frequency is always term_df's plus its pending changes, so rankings do not move.
CREATE TABLE term_df_changes (
  lib integer NOT NULL,
  term text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX term_df_changes_term ON term_df_changes (lib, term) INCLUDE (n);

-- A term's document frequency in a library: folded plus pending.
CREATE FUNCTION term_df_of(library integer, t text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (coalesce((SELECT df FROM term_df WHERE lib = library AND term = t), 0)
        + coalesce((SELECT sum(n) FROM term_df_changes WHERE lib = library AND term = t), 0))::integer;
$$;

-- Moves the pending changes into term_df, one upsert per term whatever the number of documents behind
-- it. Changes appended meanwhile by another transaction are not in this one's snapshot and stay for the
-- next fold. Returns the number of terms updated.
CREATE FUNCTION fold_term_df() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (
    DELETE FROM term_df_changes RETURNING lib, term, n
  ), summed AS (
    SELECT lib, term, sum(n)::int AS n FROM moved GROUP BY lib, term
  ), upserted AS (
    INSERT INTO term_df (lib, term, df)
    SELECT lib, term, n FROM summed ORDER BY lib, term
    ON CONFLICT (lib, term) DO UPDATE SET df = term_df.df + excluded.df
    RETURNING 1
  )
  SELECT count(*)::int FROM upserted;
$$;

CREATE OR REPLACE FUNCTION forget_passage_terms(pids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM passage_terms WHERE pid = ANY (pids) RETURNING lib, term, pid
  ), counted AS (
    INSERT INTO term_df_changes (lib, term, n)
    SELECT lib, term, -count(*)::int FROM gone GROUP BY lib, term
  )
  UPDATE library_stats s SET passages = s.passages - g.n
  FROM (SELECT lib, count(DISTINCT pid)::int AS n FROM gone GROUP BY lib) g
  WHERE s.lib = g.lib;
$$;

CREATE OR REPLACE FUNCTION index_passage_terms(
  doc text,
  title text,
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
    SELECT p.pid, setweight(passage_stems(p.lang, title), 'A') || coalesce(p.fts, ''::tsvector) AS v
    FROM passages p WHERE p.document_id = doc
  ), counts AS (
    SELECT f.pid, x.lexeme AS term,
           sum(CASE w WHEN 'A' THEN title_weight WHEN 'B' THEN heading_weight ELSE 1 END) AS tf
    FROM fields f, unnest(f.v) AS x, unnest(x.weights) AS w
    GROUP BY f.pid, x.lexeme
  ), lengths AS (
    SELECT pid, sum(tf) AS len FROM counts GROUP BY pid
  ), inserted AS (
    INSERT INTO passage_terms (lib, term, impact, pid)
    SELECT library, c.term, c.tf * (k1 + 1) / (c.tf + k1 * (1 - b + b * l.len / avg_length)), c.pid
    FROM counts c JOIN lengths l USING (pid)
    RETURNING term, pid
  ), df AS (
    INSERT INTO term_df_changes (lib, term, n)
    SELECT library, term, count(*) FROM inserted GROUP BY term
  )
  SELECT count(DISTINCT pid) INTO written FROM inserted;
  INSERT INTO library_stats (lib, passages) VALUES (library, written)
  ON CONFLICT (lib) DO UPDATE SET passages = library_stats.passages + excluded.passages;
  RETURN written;
END;
$$;
