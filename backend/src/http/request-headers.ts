import type { Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../errors';

/** The headers of operations that create something slow (upload, cite), for the OpenAPI document. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .max(255)
    .optional()
    .describe(
      'Repeating a request with the same key within 24 hours returns the same resource (200 for an upload). ' +
        'The same key with a different request (another file, body or options) is refused: 409 conflicto.',
    ),
  prefer: z.string().optional().describe('`respond-async` answers at once with 202.'),
});

/** The 409 of an operation that honours Idempotency-Key, for the OpenAPI document. */
export const IDEMPOTENCY_CONFLICT =
  'The Idempotency-Key was used within 24 hours for a different request (conflicto); use a new key. With ' +
  'Retry-After: the first request with this key is still running; repeat this one after those seconds.';

/** Seconds to wait: `Prefer: respond-async` means 0, else `esperar`, else the operation's default. */
export function waitSeconds(c: Context, esperar: number | undefined, fallback: number): number {
  if (/\brespond-async\b/i.test(c.req.header('prefer') ?? '')) return 0;
  return esperar ?? fallback;
}

/** The Idempotency-Key header, checked (1-255 characters). */
export function idempotencyKey(c: Context): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > 255) {
    throw new AppError('peticion_invalida', {
      mensaje: 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres.',
      message: 'The Idempotency-Key header must be 1 to 255 characters.',
      detalles: { campo: 'Idempotency-Key' },
    });
  }
  return key;
}
