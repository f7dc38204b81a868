-- Where each of a document's titulo, autores, anio, idioma and doi in force came from: {"titulo": "xmp", …},
-- one origin per field that has a value (usuario, registro, pagina_web, xmp, primera_pagina, propiedades, …).
-- Written with the values wherever they are merged (upload, reading, registry record, correction); the
-- confidence of each origin is a fixed table in the contract, applied when the document is presented.
ALTER TABLE documents ADD COLUMN origen_metadatos jsonb NOT NULL DEFAULT '{}';
