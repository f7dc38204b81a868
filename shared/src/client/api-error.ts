import { type CodigoError, ErrorApi } from '../contract/error';

/**
 * Codes the client adds to the contract's own for failures that never reached a Folio answer:
 * `sin_conexion` (the server could not be reached, or the answer broke off; `estado` 0) and
 * `respuesta_invalida` (something answered, but not the Folio API: wrong address, a proxy page, HTML).
 */
export type CodigoCliente = 'sin_conexion' | 'respuesta_invalida';

/** Every code an {@link ApiError} can carry. */
export type CodigoApiError = CodigoError | CodigoCliente;

/** What an {@link ApiError} is built from. */
export interface ApiErrorInit {
  estado: number;
  codigo: CodigoApiError;
  mensaje: string;
  /** The same in English; the Spanish text when the server gave none. */
  message?: string;
  detalles?: Record<string, unknown>;
  /** Seconds from a `Retry-After` header (429). */
  retryAfter?: number;
}

/**
 * The one error the API client throws: the contract's error body (`estado`, `codigo`, `mensaje`) when the
 * server answered with one, or a client code when it could not be reached or was not a Folio server.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly estado: number;
  readonly codigo: CodigoApiError;
  /** What happened, in Spanish, fit to show the user. */
  readonly mensaje: string;
  readonly detalles?: Record<string, unknown>;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message ?? init.mensaje);
    this.name = 'ApiError';
    this.estado = init.estado;
    this.codigo = init.codigo;
    this.mensaje = init.mensaje;
    this.detalles = init.detalles;
    this.retryAfter = init.retryAfter;
  }

  /**
   * True when the same request may succeed later unchanged: no connection, a rate limit, a failing AI
   * provider, any 5xx, or a conflict the server says will pass (a 409 with `Retry-After`: the first request
   * with the same Idempotency-Key is still running). Authentication, permission and validation failures,
   * and a key reused for a different request, are not retryable.
   */
  get retryable(): boolean {
    if (this.estado === 409) return this.retryAfter !== undefined;
    return this.estado === 0 || this.estado === 408 || this.estado === 429 || this.estado >= 500;
  }
}

/** An {@link ApiError} for a request that got no answer (`sin_conexion`). */
export function connectionError(url: string, cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError({
    estado: 0,
    codigo: 'sin_conexion',
    mensaje: `No se pudo conectar con ${originOf(url)}.`,
    message: `Could not reach ${originOf(url)}: ${detail}`,
  });
}

/**
 * The {@link ApiError} of a failed answer: its contract error body when it has one (its `estado` and `codigo`
 * win over the HTTP status), else `respuesta_invalida` naming the status.
 */
export function errorFromBody(status: number, body: unknown, retryAfter: string | null): ApiError {
  const parsed = ErrorApi.safeParse(body);
  const seconds = parseRetryAfter(retryAfter);
  if (parsed.success) {
    const e = parsed.data.error;
    return new ApiError({
      estado: e.estado || status,
      codigo: e.codigo,
      mensaje: e.mensaje,
      message: e.message,
      detalles: e.detalles,
      retryAfter: seconds,
    });
  }
  return new ApiError({
    estado: status,
    codigo: 'respuesta_invalida',
    mensaje: `El servidor respondió ${status} sin un error de Folio.`,
    message: `The server answered ${status} without a Folio error body.`,
    retryAfter: seconds,
  });
}

/** An {@link ApiError} for a successful status whose body is not what the contract says. */
export function invalidAnswer(what: string): ApiError {
  return new ApiError({
    estado: 200,
    codigo: 'respuesta_invalida',
    mensaje: `La respuesta no es la de un servidor Folio (${what}).`,
    message: `The answer is not a Folio server's (${what}).`,
  });
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value == null) return undefined;
  const seconds = Number(value.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
