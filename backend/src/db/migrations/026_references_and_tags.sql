-- Documents that are a reference only (issue 34): an item of the user's library brought from elsewhere with
-- no file, kept so that it can be cited and exported. Such a document has no blob, no units and no passages;
-- it is `listo` from the start (there is nothing to read) and never queued. A later import that finds its file
-- reads the file into that same document and clears the flag.
ALTER TABLE documents ADD COLUMN solo_referencia boolean NOT NULL DEFAULT false;
