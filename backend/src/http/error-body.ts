import { errorBody, type AppError } from '../errors';

/** An error Response outside Hono's handlers (e.g. raw socket errors) shares the same shape. */
export function errorResponse(err: AppError, publicUrl: string): Response {
  return new Response(JSON.stringify(errorBody(err, publicUrl)), {
    status: err.estado,
    headers: { 'content-type': 'application/json; charset=utf-8', ...err.headers },
  });
}
