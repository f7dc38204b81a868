import type { z } from 'zod';

/** A kind of background job: its queue name, payload schema and retry policy, kept together. */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter). */
  retryDelaySeconds: number;
  /** Longest a single attempt may run. */
  expireInSeconds: number;
}

/** One attempt of a job as a handler sees it. */
export interface JobAttempt<P> {
  id: string;
  data: P;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  signal: AbortSignal;
}

export type JobHandler<P> = (job: JobAttempt<P>) => Promise<void>;

/**
 * SQLSTATE classes and codes of database errors that the same data raises every time: a data exception
 * (class 22: a NUL or an invalid byte sequence, 22P05 and 22021; a value too long, 22001; a number out of
 * range, 22003…), a program limit (class 54: an index row too large), a NOT NULL or CHECK violation. Retrying
 * the job would only fail again. Other classes (08 connection, 40 serialization or deadlock, 53 resources,
 * 57 operator intervention…) are the server's state at the moment, and are retried.
 */
const DETERMINISTIC_SQLSTATE = /^(?:(?:22|54)[0-9A-Z]{3}|23502|23514)$/;

/** What a database error says of itself (postgres.js and PGlite both carry the SQLSTATE in `code`). */
function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Spanish names of the deterministic database errors a document's content can raise. */
const DATA_PROBLEMS: Record<string, string> = {
  '22P05': 'un carácter que la base de datos no admite (un carácter nulo)',
  '22021': 'una secuencia de bytes no válida en su codificación',
  '22001': 'un valor demasiado largo para guardarlo',
  '22003': 'un número fuera del rango que se puede guardar',
  '22P02': 'un valor con un formato no válido',
  '54000': 'un valor demasiado largo para indexarlo',
};

/**
 * The reason a job failed for good on its first attempt, when it did for a reason its data will raise on
 * every attempt (a deterministic database error); undefined for failures worth retrying (the database busy
 * or unreachable, an engine that crashed, the network). Conversion errors are told apart by the jobs
 * themselves, each with its own message.
 */
export function permanentFailure(err: unknown, what = 'El documento'): string | undefined {
  const code = sqlState(err);
  if (!code || !DETERMINISTIC_SQLSTATE.test(code)) return undefined;
  const problem = DATA_PROBLEMS[code] ?? 'un dato que la base de datos rechaza';
  const detail = err instanceof Error && err.message ? `: ${err.message}` : '';
  return `${what} contiene ${problem} (PostgreSQL ${code}${detail}). Volver a intentarlo no lo arreglará.`;
}
