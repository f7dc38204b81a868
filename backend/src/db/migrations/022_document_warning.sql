-- A warning about what a ready document lacks (the `aviso` extension of the contract): nothing searchable
-- found in it (image-only pages without OCR, or OCR that recognised no words), or pages whose text layer is
-- garbled (fonts that do not say which letters they show) left out of search. Null when there is nothing to
-- say; written by each reading, so a re-read with OCR clears it.
ALTER TABLE documents ADD COLUMN aviso text;
