-- The blocks a passage packs, with their finer anchors: [{ "desde", "hasta", "ancla" }], offsets into its
-- texto. A result is narrowed to the cues, paragraph or rows that hold the words it matched. Null where
-- the passage is one block or all its blocks are anchored alike (PDF pages), and for passages stored
-- before this column, which keep the passage's own anchor until the document is read again.
ALTER TABLE passages ADD COLUMN partes jsonb;
