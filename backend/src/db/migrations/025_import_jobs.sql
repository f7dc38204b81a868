-- Imports of a library through the API or the web page (POST /api/v1/importaciones, /importar): one job per
-- upload, read by a worker with import/ and services/import-library.ts.
-- archivo_nombre, archivos_nombre: the names the user's files had (the export, and the zip of its files);
--   archivo_blob, archivos_blob: the uploaded bytes in the blob store until the job ends (a worker on another
--   machine reads them there); origen: what the library is called, the `library` of imported_items, so a second
--   upload of the same export adds nothing.
-- hechos / total: items done of the reading's items and skipped entries; informe: the ImportReport without
--   its elements (resumen, archivos_que_faltan, dejado_fuera, segundos, origen), which import_job_items hold.
CREATE TABLE import_jobs (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  estado text NOT NULL,
  archivo_nombre text NOT NULL,
  archivos_nombre text,
  archivo_blob text,
  archivos_blob text,
  origen text NOT NULL,
  lector text,
  hechos integer NOT NULL DEFAULT 0,
  total integer,
  informe jsonb,
  error text,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_jobs_user_created ON import_jobs (user_id, created);

-- Each item's outcome, by its position in the reading (1-based), written as items complete. A retried job
-- writes the same positions again; an item the first attempt made keeps that outcome (see the repository).
CREATE TABLE import_job_items (
  job_id text NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  posicion integer NOT NULL,
  clave text NOT NULL,
  titulo text NOT NULL,
  resultado text NOT NULL,
  documento text,
  motivo text,
  PRIMARY KEY (job_id, posicion)
);
