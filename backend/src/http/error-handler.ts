import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { knownError } from '../db/outage';
import { AppError, errorBody } from '../errors';
import type { AppEnv } from './env';

function fromHttpException(err: HTTPException): AppError {
  if (err.status === 413) return new AppError('demasiado_grande');
  if (err.status === 401) return new AppError('no_autenticado');
  if (err.status >= 400 && err.status < 500)
    return new AppError('peticion_invalida', {
      mensaje: 'La petición no es válida.',
      message: err.message || 'Invalid request.',
    });
  return new AppError('interno');
}

/** The single place that turns any thrown error into the spec's error body. Internals never leak. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  let appError = err instanceof HTTPException ? fromHttpException(err) : knownError(err, c.var.deps?.outages);
  if (!appError) {
    c.var.deps?.log.error(`${c.req.method} ${c.req.path} failed`, err);
    appError = new AppError('interno');
  }
  const publicUrl = c.var.deps?.config.publicUrl ?? new URL(c.req.url).origin;
  for (const [k, v] of Object.entries(appError.headers ?? {})) c.header(k, v);
  return c.json(errorBody(appError, publicUrl), appError.estado as 400);
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return handleError(
    new AppError('no_encontrado', {
      mensaje: `No existe la ruta ${c.req.method} ${c.req.path}. Consulta /api/v1/openapi.json.`,
      message: `No route ${c.req.method} ${c.req.path}. See /api/v1/openapi.json.`,
    }),
    c,
  );
}
