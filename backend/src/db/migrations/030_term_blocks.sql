-- Posting blocks spanning documents. A library's postings are written as before, one row per passage and
-- term in passage_terms, which is now only the index's recent tail: once the tail is large it is moved,
-- a range of terms per transaction (compact_passage_terms), into blocks of up to 128 postings of one term,
-- sorted by impact, each row holding their passages and impacts as arrays with the block's highest and
-- lowest impact. At 100,000 passages the per-posting rows and their impact index were 1.28 GB of a 2.1 GB
-- database, and every new posting's index entry landed on a page of a B-tree far larger than memory; the
-- same postings as blocks are a tenth of that, and the tail's B-tree stays small.
--
-- A search reads a term's best postings from the tail (its impact index) and from the blocks that can hold
-- any of them: those whose highest impact reaches the lowest impact of the blocks that already hold enough
-- postings, so the best postings are the same as from one impact-ordered list.
CREATE TABLE term_blocks (
  bid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lib integer NOT NULL,
  term text NOT NULL,
  max_impact real NOT NULL,
  min_impact real NOT NULL,
  n integer NOT NULL,
  pids integer[] NOT NULL,
  impacts real[] NOT NULL
);
CREATE INDEX term_blocks_term ON term_blocks (lib, term, max_impact DESC) INCLUDE (min_impact, n);

-- Moves the tail's postings of one library, for the terms after `after_term` (in term order) up to the term
-- at which `max_postings` are reached (a term's postings move together), into blocks. Returns the last term
-- moved, or NULL when none is left after `after_term`. Each call is a short transaction: a compaction, or
-- the rebuild of a library indexed before this migration, is resumed by calling it again from where it
-- stopped, and searches read the tail and the blocks meanwhile.
CREATE FUNCTION compact_passage_terms(library integer, after_term text, max_postings integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  last_term text;
BEGIN
  -- Other writers of the tail (indexers, forgetting a deleted passage) wait for this batch: one that took
  -- its snapshot before the batch's blocks existed would miss a posting it must forget there. Writers
  -- lock the table before taking their snapshot; searches are not kept waiting.
  LOCK TABLE passage_terms IN SHARE ROW EXCLUSIVE MODE;
  SELECT max(t.term) INTO last_term FROM (
    SELECT pt.term FROM passage_terms pt WHERE pt.lib = library AND pt.term > after_term
    ORDER BY pt.term LIMIT max_postings
  ) t;
  IF last_term IS NULL THEN
    RETURN NULL;
  END IF;
  WITH moved AS (
    DELETE FROM passage_terms WHERE lib = library AND term > after_term AND term <= last_term
    RETURNING term, impact, pid
  ), numbered AS (
    SELECT term, impact, pid, (row_number() OVER (PARTITION BY term ORDER BY impact DESC, pid) - 1) / 128 AS blk
    FROM moved
  )
  INSERT INTO term_blocks (lib, term, max_impact, min_impact, n, pids, impacts)
  SELECT library, term, max(impact), min(impact), count(*)::int,
         array_agg(pid ORDER BY impact DESC, pid), array_agg(impact ORDER BY impact DESC, pid)
  FROM numbered GROUP BY term, blk;
  RETURN last_term;
END;
$$;

-- The whole tail into blocks in one statement; the caller truncates the tail in the same transaction,
-- having locked out other writers of it on a server. Deleting the moved rows one by one, as
-- compact_passage_terms does, cost more than writing them, and left the tail's index at its largest.
CREATE FUNCTION compact_all_passage_terms() RETURNS integer LANGUAGE sql AS $$
  WITH numbered AS (
    SELECT lib, term, impact, pid,
           (row_number() OVER (PARTITION BY lib, term ORDER BY impact DESC, pid) - 1) / 128 AS blk
    FROM passage_terms
  ), inserted AS (
    INSERT INTO term_blocks (lib, term, max_impact, min_impact, n, pids, impacts)
    SELECT lib, term, max(impact), min(impact), count(*)::int,
           array_agg(pid ORDER BY impact DESC, pid), array_agg(impact ORDER BY impact DESC, pid)
    FROM numbered GROUP BY lib, term, blk
    RETURNING n
  )
  SELECT coalesce(sum(n), 0)::int FROM inserted;
$$;

-- Forgets the postings of passages, in the tail and in the blocks, and takes them out of their library's
-- statistics. A tail posting is deleted by its full key through the impact index; a block holding one is
-- rewritten without it (or deleted once empty), found among its term's blocks by its passages. A block's
-- highest and lowest impacts are left as they were: they stay bounds of what it holds.
CREATE OR REPLACE FUNCTION forget_passage_terms(pids integer[]) RETURNS void LANGUAGE sql
SET enable_hashjoin = off SET enable_mergejoin = off SET enable_seqscan = off AS $$
  WITH gone AS (
    DELETE FROM passage_postings WHERE pid = ANY ($1) RETURNING pid, lib, terms, impacts
  ), postings AS MATERIALIZED (
    -- In index order, so that consecutive look-ups fall on the same index pages.
    SELECT g.lib, g.pid, x.term, x.impact FROM gone g, unnest(g.terms, g.impacts) AS x(term, impact)
    ORDER BY g.lib, x.term, x.impact DESC
  ), deleted AS (
    DELETE FROM passage_terms pt USING postings x
    WHERE pt.lib = x.lib AND pt.term = x.term AND pt.impact = x.impact AND pt.pid = x.pid
  ), hit AS MATERIALIZED (
    SELECT b.bid, b.pids AS old_pids, b.impacts AS old_impacts
    FROM (SELECT DISTINCT lib, term FROM postings) k
    JOIN term_blocks b ON b.lib = k.lib AND b.term = k.term
    WHERE b.pids && $1
  ), kept AS MATERIALIZED (
    SELECT h.bid, array_agg(u.pid ORDER BY u.o) AS ps, array_agg(u.impact ORDER BY u.o) AS ims
    FROM hit h, unnest(h.old_pids, h.old_impacts) WITH ORDINALITY AS u(pid, impact, o)
    WHERE u.pid <> ALL ($1)
    GROUP BY h.bid
  ), rewritten AS (
    UPDATE term_blocks b SET pids = k.ps, impacts = k.ims, n = cardinality(k.ps)
    FROM kept k WHERE b.bid = k.bid
  ), emptied AS (
    DELETE FROM term_blocks b USING hit h
    WHERE b.bid = h.bid AND NOT EXISTS (SELECT 1 FROM kept k WHERE k.bid = h.bid)
  ), counted AS (
    INSERT INTO term_df_changes (lib, term, n)
    SELECT lib, term, -count(*)::int FROM postings GROUP BY lib, term
  )
  UPDATE library_stats s SET passages = s.passages - g.n
  FROM (SELECT lib, count(*)::int AS n FROM gone GROUP BY lib) g
  WHERE s.lib = g.lib;
$$;
