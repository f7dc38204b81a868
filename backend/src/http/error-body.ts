import type { ErrorApi } from '@folio/shared';
import { AppError } from '../errors';

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

/** An error Response outside Hono's handlers (e.g. raw socket errors) shares the same shape. */
export function errorResponse(err: AppError, publicUrl: string): Response {
  return new Response(JSON.stringify(errorBody(err, publicUrl)), {
    status: err.estado,
    headers: { 'content-type': 'application/json; charset=utf-8', ...err.headers },
  });
}
