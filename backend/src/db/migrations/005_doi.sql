-- The DOI a document states (PDF metadata or first pages, a web page's citation_doi), for its reference.
ALTER TABLE documents ADD COLUMN doi text;
