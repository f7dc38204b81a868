import type { Cita, Estado, Juez } from '@folio/shared';
import type { Db } from './db';

/** Channel that carries the id of a cite job whose state changed (LISTENed beside documents'). */
export const CITE_CHANNEL = 'folio_citas';

/** What a cite job was asked for. */
export interface CiteOptions {
  /** The style as the caller wrote it. */
  estilo: string;
  idioma: string;
  umbral: number;
  documentos?: string[];
  biblioteca?: string;
}

/** Citado's content once the job is done. */
export interface CiteResult {
  texto: string;
  citas: Cita[];
  bibliografia: string[];
  /** The bibliography with Markdown emphasis, for the Markdown form. */
  bibliografiaMarkdown?: string[];
  /** Every claim in text order, cited or why not (shown by the web page; not part of Citado). */
  afirmaciones?: ClaimOutcome[];
  /** Which judge weighed the claims (absent in jobs done before it was recorded). */
  juez?: Juez;
}

/** One claim of a cited text: the index of its citation in `citas`, or why it has none. */
export interface ClaimOutcome {
  afirmacion: string;
  inicio: number;
  /** Index into `citas` when cited. */
  cita?: number;
  /** A question: never cited. */
  pregunta?: true;
  /** The best passage found for an uncited claim, with its backing below the threshold. */
  mejor?: { respaldo: number; cita: string; localizador: string; titulo: string; pasaje: string; enlace: string };
}

export interface CiteJobRow {
  id: string;
  user_id: string;
  estado: Estado;
  progreso: number | null;
  entrada: 'texto' | 'docx';
  texto: string | null;
  input_blob: string | null;
  opciones: CiteOptions;
  estilo: string;
  resultado: CiteResult | null;
  output_blob: string | null;
  error: string | null;
  created: Date;
  updated: Date;
}

const COLUMNS = `id, user_id, estado, progreso, entrada, texto, input_blob, opciones, estilo, resultado, output_blob,
  error, created, updated`;

export interface NewCiteJob {
  id: string;
  userId: string;
  entrada: 'texto' | 'docx';
  texto?: string;
  inputBlob?: string;
  opciones: CiteOptions;
  estilo: string;
}

/** Why a job was not created: the user's quota of jobs in the window is used up. */
export interface QuotaRefusal {
  usadas: number;
}

/**
 * Inserts a queued cite job, unless `quota` is set and the user already has that many jobs (not failed)
 * created within its window. Counting and inserting happen under a per-user lock, so two requests at once
 * cannot both take the last one.
 */
export async function insertCiteJob(
  db: Db,
  job: NewCiteJob,
  quota?: { max: number; days: number },
): Promise<CiteJobRow | QuotaRefusal> {
  return db.transaction(async (tx) => {
    if (quota) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cite:${job.userId}`]);
      const [row] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cite_jobs
         WHERE user_id = $1 AND estado <> 'error' AND created > now() - make_interval(days => $2)`,
        [job.userId, quota.days],
      );
      const usadas = row?.n ?? 0;
      if (usadas >= quota.max) return { usadas };
    }
    const [row] = await tx.query<CiteJobRow>(
      `INSERT INTO cite_jobs (id, user_id, estado, progreso, entrada, texto, input_blob, opciones, estilo)
       VALUES ($1, $2, 'en_cola', 0, $3, $4, $5, $6::text::jsonb, $7)
       RETURNING ${COLUMNS}`,
      [
        job.id,
        job.userId,
        job.entrada,
        job.texto ?? null,
        job.inputBlob ?? null,
        JSON.stringify(job.opciones),
        job.estilo,
      ],
    );
    return row!;
  });
}

/** The caller's cite job, or undefined (also when it is someone else's). */
export async function findCiteJob(db: Db, userId: string, id: string): Promise<CiteJobRow | undefined> {
  const [row] = await db.query<CiteJobRow>(`SELECT ${COLUMNS} FROM cite_jobs WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row;
}

/** Any user's cite job by id: for workers only. */
export async function findCiteJobForWorker(db: Db, id: string): Promise<CiteJobRow | undefined> {
  const [row] = await db.query<CiteJobRow>(`SELECT ${COLUMNS} FROM cite_jobs WHERE id = $1`, [id]);
  return row;
}

export interface CiteJobPatch {
  estado?: Estado;
  progreso?: number | null;
  resultado?: CiteResult | null;
  outputBlob?: string | null;
  error?: string | null;
}

/** Updates a cite job and wakes whoever long-polls it (NOTIFY is delivered on commit). */
export async function updateCiteJob(db: Db, id: string, patch: CiteJobPatch): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if ('estado' in patch) set('estado', patch.estado);
  if ('progreso' in patch) set('progreso', patch.progreso ?? null);
  if ('resultado' in patch) set('resultado', patch.resultado ? JSON.stringify(patch.resultado) : null, '::text::jsonb');
  if ('outputBlob' in patch) set('output_blob', patch.outputBlob ?? null);
  if ('error' in patch) set('error', patch.error ?? null);
  if (!sets.length) return;
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE cite_jobs SET ${sets.join(', ')}, updated = now() WHERE id = $1`, params);
    await tx.query('SELECT pg_notify($1, $2)', [CITE_CHANNEL, id]);
  });
}
