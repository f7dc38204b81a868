import { createMiddleware } from 'hono/factory';
import { sweepTokenBuckets, takeToken } from '../../db/limits.repo';
import { AppError } from '../../errors';
import type { AppEnv } from '../env';

/** How often this process sweeps idle buckets, and how long idle a bucket must be to go. */
const SWEEP_EVERY_MS = 10 * 60_000;
const IDLE_SECONDS = 60 * 60;

/**
 * Token bucket per API key: `perMinute` requests a minute with bursts of the same size. The buckets live
 * in the database (`db/limits.repo.ts`), so every API process on it spends from the same budget.
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
    if (!take.allowed) {
      const retryAfter = Math.max(1, Math.ceil((1 - take.tokens) / refillPerSecond));
      throw new AppError('limite_de_ritmo', {
        mensaje: `Demasiadas peticiones con esta clave; vuelve a intentarlo en ${retryAfter} s.`,
        message: `Too many requests with this key; retry in ${retryAfter} s.`,
        headers: { 'Retry-After': String(retryAfter) },
        detalles: { limite_por_minuto: perMinute },
      });
    }
    c.header('RateLimit-Limit', String(perMinute));
    c.header('RateLimit-Remaining', String(Math.floor(take.tokens)));
    await next();
  });
}
