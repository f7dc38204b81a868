import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors';
import type { AppEnv } from '../env';

interface Bucket {
  tokens: number;
  updated: number;
}

/**
 * Token bucket per API key: `perMinute` requests a minute with bursts of the same size.
 * Kept in this process's memory: with several API processes each enforces its own share.
 */
export function rateLimit(perMinute: number) {
  if (!Number.isFinite(perMinute) || perMinute < 0) throw new Error('rateLimit: perMinute must be >= 0');
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (perMinute === 0) return next();
    const key = c.var.principal.keyId;
    const now = Date.now();
    const b = buckets.get(key) ?? { tokens: perMinute, updated: now };
    b.tokens = Math.min(perMinute, b.tokens + (now - b.updated) * refillPerMs);
    b.updated = now;
    buckets.set(key, b);
    if (b.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / refillPerMs / 1000));
      throw new AppError('limite_de_ritmo', {
        mensaje: `Demasiadas peticiones con esta clave; vuelve a intentarlo en ${retryAfter} s.`,
        message: `Too many requests with this key; retry in ${retryAfter} s.`,
        headers: { 'Retry-After': String(retryAfter) },
        detalles: { limite_por_minuto: perMinute },
      });
    }
    b.tokens -= 1;
    c.header('RateLimit-Limit', String(perMinute));
    c.header('RateLimit-Remaining', String(Math.floor(b.tokens)));
    await next();
  });
}
