-- The bibliographic fields of a document beyond titulo, autores and anio (contenedor, volumen, numero,
-- paginas, editorial, lugar, edicion, isbn, url, tipo_obra), as its references use them: what the user set
-- (also kept in user_meta, which wins at every re-read) over what a reading found. The DOI and the language
-- keep their own columns.
ALTER TABLE documents ADD COLUMN detalles jsonb NOT NULL DEFAULT '{}';
