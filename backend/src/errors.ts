import { CODIGOS_ERROR, type CodigoError, type ErrorApi } from '@folio/shared';

export interface AppErrorDetail {
  /** Specific Spanish message; the code's default otherwise. */
  mensaje?: string;
  /** Specific English message; the code's default otherwise. */
  message?: string;
  /** HTTP status when it differs from the code's usual one (e.g. 431 for `demasiado_grande` headers). */
  estado?: number;
  detalles?: Record<string, unknown>;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}

/** The one application error: a contract code that knows its HTTP status and bilingual message. */
export class AppError extends Error {
  readonly codigo: CodigoError;
  readonly estado: number;
  readonly mensaje: string;
  readonly detalles?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(codigo: CodigoError, detail: AppErrorDetail = {}) {
    const base = CODIGOS_ERROR[codigo];
    super(detail.message ?? base.message);
    this.name = 'AppError';
    this.codigo = codigo;
    this.estado = detail.estado ?? base.estado;
    this.mensaje = detail.mensaje ?? base.mensaje;
    this.detalles = detail.detalles;
    this.headers = detail.headers;
  }
}

/** 400 naming the parameter that is wrong. */
export function invalidField(field: string, mensaje: string, message: string): AppError {
  return new AppError('peticion_invalida', { mensaje, message, detalles: { campo: field } });
}

export const notFound = (): AppError => new AppError('no_encontrado');

/** The spec's error body for an AppError, with a link to where the code is explained. */
export function errorBody(err: AppError, publicUrl: string): ErrorApi {
  return {
    error: {
      codigo: err.codigo,
      mensaje: err.mensaje,
      message: err.message,
      estado: err.estado,
      documentacion: `${publicUrl}/api/v1/llms.txt#${err.codigo}`,
      ...(err.detalles && { detalles: err.detalles }),
    },
  };
}
