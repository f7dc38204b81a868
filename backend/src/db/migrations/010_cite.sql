-- Cite jobs (POST /citar, GET /citar/{id}) and the CSL styles a user registers (POST /estilos).
-- IF NOT EXISTS: a development store may hold these tables from when this file was numbered 009.
CREATE TABLE IF NOT EXISTS cite_jobs (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  estado text NOT NULL,
  progreso real,
  -- the request: 'texto' (the text is in `texto`) or 'docx' (the file is the blob `input_blob`)
  entrada text NOT NULL,
  texto text,
  input_blob text,
  -- estilo as asked, idioma, umbral, documentos, biblioteca
  opciones jsonb NOT NULL,
  estilo text NOT NULL,
  -- Citado's texto, citas and bibliografia when listo; the cited .docx is the blob `output_blob`
  resultado jsonb,
  output_blob text,
  error text,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
-- The quota counts a user's jobs of the last days.
CREATE INDEX IF NOT EXISTS cite_jobs_user_created ON cite_jobs (user_id, created);

CREATE TABLE IF NOT EXISTS csl_styles (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id text NOT NULL,
  titulo text NOT NULL,
  clase text NOT NULL,
  xml text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id)
);
