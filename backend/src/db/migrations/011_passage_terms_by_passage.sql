-- A passage's postings by (passage, term): searches restricted to some passages (a quoted phrase's
-- candidates, the documents asked for) score each candidate with a keyed look-up per query term
-- instead of reading every posting of every term. Deleting a passage's postings uses it too.
DROP INDEX passage_terms_pid;
CREATE INDEX passage_terms_passage ON passage_terms (pid, term) INCLUDE (impact);
