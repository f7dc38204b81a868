-- Lexical retrieval by BM25 over an impact-ordered inverted index.
--
-- A passage's tsvector (fts) holds the stems of its language: body words with weight D, headings with
-- weight B. When a document is ready its passages' terms, plus the title's (weight A), become postings:
-- one row per (library, term, passage) holding the passage's BM25 term-frequency part ("impact").
-- A search reads, for each query term, only its highest-impact postings (an index range scan in impact
-- order), multiplies by the term's idf from term_df and sums: cost bounded by the query's length, not by
-- the library's size. Statistics are per library (one user's), so no user's corpus shapes another's ranks.
ALTER TABLE users ADD COLUMN lib integer GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX users_lib ON users (lib);
ALTER TABLE passages ADD COLUMN pid integer GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX passages_pid ON passages (pid);
-- Passages whose text was read from an image (OCR), shown as such in results.
ALTER TABLE passages ADD COLUMN visual boolean NOT NULL DEFAULT false;
-- Candidates come from the postings now; the GIN index only cost space and insert time.
DROP INDEX passages_fts;

CREATE TABLE passage_terms (
  lib integer NOT NULL,
  term text NOT NULL,
  impact real NOT NULL,
  pid integer NOT NULL
);
CREATE INDEX passage_terms_impact ON passage_terms (lib, term, impact DESC) INCLUDE (pid);
CREATE INDEX passage_terms_pid ON passage_terms (pid);

-- The stems of a text in a passage's language; when the language could not be told ('simple'), those
-- of English and Spanish both, each word once (a word both stem alike must not count twice).
CREATE FUNCTION passage_stems(lang text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN lang IN ('spanish', 'english') THEN to_tsvector(lang::regconfig, body)
    ELSE to_tsvector('english', body)
         || ts_delete(to_tsvector('spanish', body), tsvector_to_array(to_tsvector('english', body)))
  END;
$$;

-- Document frequency of each term in a library, and the number of passages indexed there.
CREATE TABLE term_df (
  lib integer NOT NULL,
  term text NOT NULL,
  df integer NOT NULL,
  PRIMARY KEY (lib, term)
);
CREATE TABLE library_stats (
  lib integer PRIMARY KEY,
  passages integer NOT NULL
);

-- Forgets the postings of passages and takes them out of their library's statistics.
CREATE FUNCTION forget_passage_terms(pids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM passage_terms WHERE pid = ANY (pids) RETURNING lib, term, pid
  ), counted AS (
    UPDATE term_df d SET df = d.df - g.n
    FROM (SELECT lib, term, count(*)::int AS n FROM gone GROUP BY lib, term) g
    WHERE d.lib = g.lib AND d.term = g.term
  )
  UPDATE library_stats s SET passages = s.passages - g.n
  FROM (SELECT lib, count(DISTINCT pid)::int AS n FROM gone GROUP BY lib) g
  WHERE s.lib = g.lib;
$$;

-- Whatever deletes passages (a document deleted, a document read again) keeps the index true.
CREATE FUNCTION passages_forget_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forget_passage_terms(ARRAY(SELECT pid FROM gone_passages));
  RETURN NULL;
END;
$$;
CREATE TRIGGER passages_forget_terms AFTER DELETE ON passages
  REFERENCING OLD TABLE AS gone_passages FOR EACH STATEMENT EXECUTE FUNCTION passages_forget_terms();

-- Writes the postings of a document's passages (replacing any it had), with the document's title as a
-- field of every passage. BM25 with k1 and b, the title's and headings' words counting `title_weight`
-- and `heading_weight` times (BM25F-style), passage lengths measured against `avg_length` (a constant:
-- passages are sized 80-300 words by the splitter, so an impact never has to be recomputed as a library
-- grows). Returns the number of passages indexed.
CREATE FUNCTION index_passage_terms(
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
    INSERT INTO term_df (lib, term, df)
    SELECT library, term, count(*) FROM inserted GROUP BY term ORDER BY term
    ON CONFLICT (lib, term) DO UPDATE SET df = term_df.df + excluded.df
  )
  SELECT count(DISTINCT pid) INTO written FROM inserted;
  INSERT INTO library_stats (lib, passages) VALUES (library, written)
  ON CONFLICT (lib) DO UPDATE SET passages = library_stats.passages + excluded.passages;
  RETURN written;
END;
$$;

-- Passages stored before this migration: stems of their language from their text (accents folded for
-- the usual Latin letters; the indexer folds new passages in full), and postings for ready documents.
UPDATE passages SET fts = passage_stems(
  lang,
  translate(lower(texto), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc')
);
SELECT index_passage_terms(id, translate(lower(titulo), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'))
FROM documents WHERE estado = 'listo';
