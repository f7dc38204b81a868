import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors';
import type { AppEnv } from '../env';
import { isJson, readJson } from '../read-body';

/**
 * For JSON operations: checks content type, size, UTF-8 and syntax with a precise error, then hands
 * the text to Hono's body cache so the schema validator reads it from there.
 */
export function jsonBody(limit: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isJson(c.req.header('content-type'))) {
      throw new AppError('peticion_invalida', {
        mensaje: 'Esta operación espera un cuerpo JSON (Content-Type: application/json).',
        message: 'This operation expects a JSON body (Content-Type: application/json).',
        detalles: { campo: 'Content-Type' },
      });
    }
    const { text } = await readJson(c.req.raw, limit);
    // Hono keeps bodies as promises in this cache; its type says otherwise.
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
    await next();
  });
}
