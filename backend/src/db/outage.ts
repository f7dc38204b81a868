import { AppError } from '../errors';

/**
 * Whether an error says the database cannot be reached now, rather than that a request or its data is
 * wrong: a transient state to be answered 503 with Retry-After, and retried. Read from codes, never messages:
 * - Node's socket errors (refused, reset, unreachable, timed out);
 * - the `postgres` driver's own (CONNECT_TIMEOUT, CONNECTION_CLOSED, CONNECTION_DESTROYED, CONNECTION_ENDED),
 *   and CONNECTION_WAIT (`connection-wait.ts`: no connection reached in time);
 * - SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shutting down or starting up), 53300
 *   (too many connections).
 */
export function isDatabaseOutage(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && OUTAGE.test(code)) return true;
    // An error raised while handling one (AggregateError of several attempts, `cause` chains).
    const inner = (e as { errors?: unknown[] }).errors?.[0] ?? (e as { cause?: unknown }).cause;
    e = inner;
  }
  return false;
}

const OUTAGE =
  /^(?:ECONNREFUSED|ECONNRESET|ECONNABORTED|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EPIPE|ENOTCONN|EAI_AGAIN|CONNECT_TIMEOUT|CONNECTION_WAIT|CONNECTION_CLOSED|CONNECTION_DESTROYED|CONNECTION_ENDED|08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Seconds a client is told to wait before retrying during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a request the database could not serve because it is down, restarting or out of
 * connections: 503 no_disponible with Retry-After, said as an outage, not as a bug.
 */
export function outageError(): AppError {
  return new AppError('no_disponible', {
    estado: 503,
    mensaje: 'La base de datos no responde ahora mismo; vuelve a intentarlo en unos segundos.',
    message: 'The database is not answering right now; retry in a few seconds.',
    headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
  });
}

/**
 * What a thrown error tells a client: an AppError as it is, an outage as `outageError()` (noted in
 * `outages`, which logs it once), anything else undefined, for the caller to log and answer as `interno`.
 */
export function knownError(error: unknown, outages?: { seen(): void }): AppError | undefined {
  if (error instanceof AppError) return error;
  if (!isDatabaseOutage(error)) return undefined;
  outages?.seen();
  return outageError();
}
