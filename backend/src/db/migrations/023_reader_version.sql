-- Which version of its kind's reader (ingest/reader-versions.ts) read each document, so that a library read
-- before a reader improved is read again by the start-up sweep without anyone uploading anything.
-- reader_version: the reader that produced the units and passages in force; null for a document read before
--   this column existed, which counts as version 1 (the readers as they were then).
-- reread_version: the version a background re-read was last queued for: the sweep never queues a document
--   twice for one version, whatever happens to that re-read.
-- reread_failed_version: the version whose background re-read ended without replacing the earlier reading
--   (which stays in force): the document no longer waits for that version.
ALTER TABLE documents ADD COLUMN reader_version integer;
ALTER TABLE documents ADD COLUMN reread_version integer;
ALTER TABLE documents ADD COLUMN reread_failed_version integer;
