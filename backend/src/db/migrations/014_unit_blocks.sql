-- The finer anchors inside a unit, as converters give them: each paragraph of a section with its
-- `seccion`/`web` anchor, each cue of a transcript with its `tiempo` anchor, each row of a sheet.
-- [{ "texto": …, "ancla": {…} }] in order. Null where blocks would only repeat the unit (a single block,
-- or blocks all anchored where the unit is, like a slide's text boxes) and for units stored before this
-- column, which the reader still lays out from their passages.
ALTER TABLE units ADD COLUMN bloques jsonb;
