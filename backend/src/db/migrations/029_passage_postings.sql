-- Each passage's own postings in one row (its terms and their impacts, sorted by term), in place of the
-- (pid, term) index on passage_terms. That index served the look-ups by passage (a phrase's other words,
-- scoring a documents filter's candidates, forgetting a passage) and cost a B-tree entry per posting on
-- every write: at 20,000 passages it was 108 MB of a 558 MB database, and indexing a document wrote
-- three structures per posting (heap, impact index, passage index). One row per passage holds the same.
CREATE TABLE passage_postings (
  pid integer PRIMARY KEY,
  lib integer NOT NULL,
  terms text[] NOT NULL,
  impacts real[] NOT NULL
);

-- An existing library's postings, passage by passage.
INSERT INTO passage_postings (pid, lib, terms, impacts)
SELECT pid, min(lib), array_agg(term ORDER BY term), array_agg(impact ORDER BY term)
FROM passage_terms GROUP BY pid;

DROP INDEX passage_terms_passage;

-- Forgets the postings of passages and takes them out of their library's statistics. Each posting is
-- deleted by its full key through the impact index (lib, term, impact, then pid among equal impacts);
-- the planner is kept on that path: a hash join would read every posting of the store.
CREATE OR REPLACE FUNCTION forget_passage_terms(pids integer[]) RETURNS void LANGUAGE sql
SET enable_hashjoin = off SET enable_mergejoin = off SET enable_seqscan = off AS $$
  WITH gone AS (
    DELETE FROM passage_postings WHERE pid = ANY (pids) RETURNING pid, lib, terms, impacts
  ), postings AS MATERIALIZED (
    -- In index order, so that consecutive look-ups fall on the same index pages.
    SELECT g.lib, g.pid, x.term, x.impact FROM gone g, unnest(g.terms, g.impacts) AS x(term, impact)
    ORDER BY g.lib, x.term, x.impact DESC
  ), deleted AS (
    DELETE FROM passage_terms pt USING postings x
    WHERE pt.lib = x.lib AND pt.term = x.term AND pt.impact = x.impact AND pt.pid = x.pid
  ), counted AS (
    INSERT INTO term_df_changes (lib, term, n)
    SELECT lib, term, -count(*)::int FROM postings GROUP BY lib, term
  )
  UPDATE library_stats s SET passages = s.passages - g.n
  FROM (SELECT lib, count(*)::int AS n FROM gone GROUP BY lib) g
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
