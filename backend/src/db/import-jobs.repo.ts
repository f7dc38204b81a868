import type { Estado, InformeImportacion, ResultadoImportacion } from '@folio/shared';
import type { Db } from './db';

/** Channel that carries the id of an import job whose state changed (LISTENed beside documents' and cites'). */
export const IMPORT_CHANNEL = 'folio_importaciones';

/** What an import's report holds besides each item's outcome (those are `import_job_items`). */
export type ImportSummary = InformeImportacion;

export interface ImportJobRow {
  id: string;
  user_id: string;
  estado: Estado;
  archivo_nombre: string;
  archivos_nombre: string | null;
  archivo_blob: string | null;
  archivos_blob: string | null;
  origen: string;
  lector: string | null;
  hechos: number;
  total: number | null;
  informe: ImportSummary | null;
  error: string | null;
  created: Date;
  updated: Date;
}

/** One item's outcome as stored. */
export interface ImportJobItemRow {
  posicion: number;
  clave: string;
  titulo: string;
  resultado: ResultadoImportacion;
  documento: string | null;
  motivo: string | null;
}

const COLUMNS = `id, user_id, estado, archivo_nombre, archivos_nombre, archivo_blob, archivos_blob, origen, lector,
  hechos, total, informe, error, created, updated`;

export interface NewImportJob {
  id: string;
  userId: string;
  archivoNombre: string;
  archivosNombre?: string;
  archivoBlob: string;
  archivosBlob?: string;
  origen: string;
}

/** Inserts a queued import job. */
export async function insertImportJob(db: Db, job: NewImportJob): Promise<ImportJobRow> {
  const [row] = await db.query<ImportJobRow>(
    `INSERT INTO import_jobs (id, user_id, estado, archivo_nombre, archivos_nombre, archivo_blob, archivos_blob, origen)
     VALUES ($1, $2, 'en_cola', $3, $4, $5, $6, $7)
     RETURNING ${COLUMNS}`,
    [
      job.id,
      job.userId,
      job.archivoNombre,
      job.archivosNombre ?? null,
      job.archivoBlob,
      job.archivosBlob ?? null,
      job.origen,
    ],
  );
  return row!;
}

/** The caller's import job, or undefined (also when it is someone else's). */
export async function findImportJob(db: Db, userId: string, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.query<ImportJobRow>(`SELECT ${COLUMNS} FROM import_jobs WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row;
}

/** Any user's import job by id: for workers only. */
export async function findImportJobForWorker(db: Db, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await db.query<ImportJobRow>(`SELECT ${COLUMNS} FROM import_jobs WHERE id = $1`, [id]);
  return row;
}

/** A user's latest import jobs, newest first. */
export async function listImportJobs(db: Db, userId: string, limit: number): Promise<ImportJobRow[]> {
  return db.query<ImportJobRow>(
    `SELECT ${COLUMNS} FROM import_jobs WHERE user_id = $1 ORDER BY created DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
}

/** The items of a job done so far, in the reading's order; with `last`, only the last that many. */
export async function importJobItems(db: Db, jobId: string, last?: number): Promise<ImportJobItemRow[]> {
  if (last !== undefined) {
    const rows = await db.query<ImportJobItemRow>(
      `SELECT posicion, clave, titulo, resultado, documento, motivo FROM import_job_items
       WHERE job_id = $1 ORDER BY posicion DESC LIMIT $2`,
      [jobId, last],
    );
    return rows.reverse();
  }
  return db.query<ImportJobItemRow>(
    `SELECT posicion, clave, titulo, resultado, documento, motivo FROM import_job_items
     WHERE job_id = $1 ORDER BY posicion`,
    [jobId],
  );
}

/** Every outcome, counted none. */
export const noOutcomes = (): ImportSummary['resumen'] => ({
  nuevo: 0,
  ya_estaba: 0,
  referencia: 0,
  archivo_nuevo: 0,
  sin_cambios: 0,
  omitido: 0,
});

/** How many of a job's items ended each way so far. */
export async function importJobCounts(db: Db, jobId: string): Promise<ImportSummary['resumen']> {
  const rows = await db.query<{ resultado: keyof ImportSummary['resumen']; n: number }>(
    'SELECT resultado, count(*)::int AS n FROM import_job_items WHERE job_id = $1 GROUP BY resultado',
    [jobId],
  );
  const counts = noOutcomes();
  for (const r of rows) counts[r.resultado] = r.n;
  return counts;
}

export interface ImportJobPatch {
  estado?: Estado;
  lector?: string | null;
  hechos?: number;
  total?: number | null;
  informe?: ImportSummary | null;
  error?: string | null;
  archivoBlob?: null;
  archivosBlob?: null;
}

/**
 * Updates an import job, writes the items that completed since the last write (`items`), and wakes whoever
 * long-polls it (NOTIFY is delivered on commit). A retried job (`resumed`) finds what its earlier attempt did
 * as done before ('sin_cambios'), and its report would say so: an item written again keeps the outcome the
 * earlier attempt wrote, and one it did not write (the attempt was killed before its next write) is 'nuevo'
 * ('referencia' for a reference only) when its document was made after the job was.
 */
export async function updateImportJob(
  db: Db,
  id: string,
  patch: ImportJobPatch,
  items: ImportJobItemRow[] = [],
  resumed = false,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if ('estado' in patch) set('estado', patch.estado);
  if ('lector' in patch) set('lector', patch.lector ?? null);
  if ('hechos' in patch) set('hechos', patch.hechos);
  if ('total' in patch) set('total', patch.total ?? null);
  if ('informe' in patch) set('informe', patch.informe ? JSON.stringify(patch.informe) : null, '::text::jsonb');
  if ('error' in patch) set('error', patch.error ?? null);
  if ('archivoBlob' in patch) set('archivo_blob', null);
  if ('archivosBlob' in patch) set('archivos_blob', null);
  await db.transaction(async (tx) => {
    if (items.length) {
      await tx.query(
        `INSERT INTO import_job_items (job_id, posicion, clave, titulo, resultado, documento, motivo)
         SELECT $1, i.posicion, i.clave, i.titulo,
           CASE WHEN $3 AND i.resultado = 'sin_cambios' AND d.created >= j.created
             THEN CASE WHEN d.solo_referencia THEN 'referencia' ELSE 'nuevo' END ELSE i.resultado END,
           i.documento, i.motivo
         FROM jsonb_to_recordset($2::text::jsonb)
           AS i (posicion integer, clave text, titulo text, resultado text, documento text, motivo text)
         JOIN import_jobs j ON j.id = $1
         LEFT JOIN documents d ON d.id = i.documento
         ON CONFLICT (job_id, posicion) DO UPDATE SET
           clave = excluded.clave, titulo = excluded.titulo, resultado = excluded.resultado,
           documento = excluded.documento, motivo = excluded.motivo
         WHERE NOT (excluded.resultado = 'sin_cambios'
           AND import_job_items.documento IS NOT DISTINCT FROM excluded.documento)`,
        [id, JSON.stringify(items), resumed],
      );
    }
    if (sets.length) await tx.query(`UPDATE import_jobs SET ${sets.join(', ')}, updated = now() WHERE id = $1`, params);
    else await tx.query('UPDATE import_jobs SET updated = now() WHERE id = $1', [id]);
    await tx.query('SELECT pg_notify($1, $2)', [IMPORT_CHANNEL, id]);
  });
}

/** The collections the documents of a job's items are in, by name. */
export async function importJobCollections(db: Db, jobId: string): Promise<string[]> {
  const rows = await db.query<{ biblioteca: string }>(
    `SELECT DISTINCT d.biblioteca FROM import_job_items i JOIN documents d ON d.id = i.documento
     WHERE i.job_id = $1 AND d.biblioteca IS NOT NULL ORDER BY d.biblioteca`,
    [jobId],
  );
  return rows.map((r) => r.biblioteca);
}
