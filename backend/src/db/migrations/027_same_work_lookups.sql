-- An imported item with no file is matched to a document of the same work the user already has: by DOI
-- (any document), else by title, authors and year among references only (issue 34). Both look-ups are keyed.
CREATE INDEX documents_user_doi ON documents (user_id, lower(doi)) WHERE doi IS NOT NULL;
CREATE INDEX documents_user_reference_key ON documents (user_id, search_key) WHERE solo_referencia;
