import { createMiddleware } from 'hono/factory';
import { sweepTokenBuckets, takeToken } from '../../db/limits.repo';
import { AppError } from '../../errors';
import type { AppEnv } from '../env';

/** How often this process sweeps idle buckets, and how long idle a bucket must be to go. */
const SWEEP_EVERY_MS = 10 * 60_000;
const IDLE_SECONDS = 60 * 60;

/**
 * The IETF RateLimit fields of one answer: the limit, the whole requests left now, and the seconds until the
 * bucket is full again (it refills at `perMinute` a minute), so a client can pace itself before a 429.
 */
export function rateLimitFields(perMinute: number, tokens: number): Record<string, string> {
  const left = Math.max(0, Math.min(perMinute, tokens));
  return {
    'RateLimit-Limit': String(perMinute),
    'RateLimit-Remaining': String(Math.floor(left)),
    'RateLimit-Reset': String(Math.ceil(((perMinute - left) * 60) / perMinute)),
  };
}

/** Sets `fields` on the answer, copying it first when its headers are immutable (a fetched Response). */
function withFields(res: Response, fields: Record<string, string>): Response {
  try {
    for (const [k, v] of Object.entries(fields)) res.headers.set(k, v);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    for (const [k, v] of Object.entries(fields)) copy.headers.set(k, v);
    return copy;
  }
}

/**
 * Token bucket per API key: `perMinute` requests a minute with bursts of the same size. The buckets live
 * in the database (`db/limits.repo.ts`), so every API process on it spends from the same budget. Every
 * answer of a limited route, a refusal and an error included, carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (`rateLimitFields`); a 429 also `Retry-After`.
 */
export function rateLimit(perMinute: number) {
  if (!Number.isFinite(perMinute) || perMinute < 0) throw new Error('rateLimit: perMinute must be >= 0');
  const refillPerSecond = perMinute / 60;
  let lastSweep = 0;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (perMinute === 0) return next();
    const { db } = c.var.deps;
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await sweepTokenBuckets(db, IDLE_SECONDS);
    }
    const take = await takeToken(db, `clave:${c.var.principal.keyId}`, perMinute);
    const fields = rateLimitFields(perMinute, take.tokens);
    if (!take.allowed) {
      const retryAfter = Math.max(1, Math.ceil((1 - take.tokens) / refillPerSecond));
      throw new AppError('limite_de_ritmo', {
        mensaje: `Demasiadas peticiones con esta clave; vuelve a intentarlo en ${retryAfter} s.`,
        message: `Too many requests with this key; retry in ${retryAfter} s.`,
        headers: { 'Retry-After': String(retryAfter), ...fields },
        detalles: { limite_por_minuto: perMinute },
      });
    }
    // Set on the answer after the route, whatever made it: a route's own Response, a stream, an error.
    try {
      await next();
    } finally {
      const res = withFields(c.res, fields);
      if (res !== c.res) c.res = res;
    }
  });
}
