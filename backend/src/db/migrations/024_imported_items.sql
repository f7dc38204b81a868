-- Items brought from the user's library elsewhere (a Zotero data directory, a BibTeX, RIS or CSL-JSON export),
-- by the source's own item key, so that importing the same library again adds only what is new.
-- source: 'zotero', 'bibtex', 'ris' or 'csl-json'; library: which library of that kind (a Zotero data
--   directory's path, an export file's path), so two libraries whose keys collide stay apart.
-- document_id: the document the item became; null when it brought no readable file (listed, not made).
CREATE TABLE imported_items (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL,
  library text NOT NULL,
  item_key text NOT NULL,
  document_id text REFERENCES documents (id) ON DELETE SET NULL,
  imported timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, source, library, item_key)
);
