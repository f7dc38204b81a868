-- A transcript that came with a downloaded audio or video (e.g. a podcast's), kept for retries.
ALTER TABLE documents ADD COLUMN transcript_key text;
ALTER TABLE documents ADD COLUMN transcript_format text;
ALTER TABLE documents ADD COLUMN source_meta jsonb NOT NULL DEFAULT '{}';
