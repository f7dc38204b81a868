-- Documents that are a reference only (issue 34): an item of the user's library brought from elsewhere with
-- no file, kept so that it can be cited and exported. Such a document has no blob, no units and no passages;
-- it is `listo` from the start (there is nothing to read) and never queued. A later import that finds its file
-- reads the file into that same document and clears the flag.
ALTER TABLE documents ADD COLUMN solo_referencia boolean NOT NULL DEFAULT false;

-- Each document's tags (the `etiquetas` extension of the contract), as the user's library elsewhere had them
-- (Zotero's tags, BibTeX `keywords`) or as the user edits them: a JSON array of strings, in the order first
-- given, without repeats. The GIN index serves the list's `etiqueta` filter (`etiquetas @> '["…"]'`).
ALTER TABLE documents ADD COLUMN etiquetas jsonb NOT NULL DEFAULT '[]';
CREATE INDEX documents_etiquetas ON documents USING gin (etiquetas jsonb_path_ops);
