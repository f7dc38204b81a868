import type { Db } from './db';

/**
 * Limits kept in the database so that every API process on it shares them (migration 021). Times are the
 * database's `now()`, so processes with skewed clocks still agree.
 */

/** What one request made of its bucket. */
export interface TokenTake {
  /** Whether a token was taken (the request may go on). */
  allowed: boolean;
  /** Tokens left after the take; when refused, those there are now (fewer than one). */
  tokens: number;
}

/** The bucket's tokens now: what was left, refilled at `perMinute` a minute since then, up to `perMinute`. */
const REFILLED = `least($2::float8, b.tokens + extract(epoch FROM now() - b.updated)::float8 * $2::float8 / 60)`;

/**
 * Takes one token from `bucket`, a token bucket of `perMinute` tokens refilled at `perMinute` a minute
 * (a new bucket starts full), in one atomic statement: concurrent requests from any process serialise
 * on the row. A refused request leaves the bucket as it was.
 */
export async function takeToken(db: Db, bucket: string, perMinute: number): Promise<TokenTake> {
  // The conditional DO UPDATE returns no row when the bucket has less than one token.
  const [taken] = await db.query<{ tokens: number }>(
    `INSERT INTO rate_limit_buckets AS b (bucket, tokens, updated) VALUES ($1, $2::float8 - 1, now())
     ON CONFLICT (bucket) DO UPDATE SET tokens = ${REFILLED} - 1, updated = now()
     WHERE ${REFILLED} >= 1
     RETURNING tokens`,
    [bucket, perMinute],
  );
  if (taken) return { allowed: true, tokens: Number(taken.tokens) };
  const [now] = await db.query<{ tokens: number }>(
    `SELECT ${REFILLED} AS tokens FROM rate_limit_buckets b WHERE bucket = $1`,
    [bucket, perMinute],
  );
  return { allowed: false, tokens: Number(now?.tokens ?? 0) };
}

/** Deletes buckets untouched for `idleSeconds` (a minute idle is already full: the same as no row). */
export async function sweepTokenBuckets(db: Db, idleSeconds: number): Promise<void> {
  await db.query('DELETE FROM rate_limit_buckets WHERE updated < now() - make_interval(secs => $1)', [idleSeconds]);
}

/**
 * Seconds until `key` has fewer than `max` failures within the last `windowSeconds`: when its `max`-th
 * most recent failure leaves the window. 0 when it has fewer now.
 */
export async function signInWait(db: Db, key: string, max: number, windowSeconds: number): Promise<number> {
  const [row] = await db.query<{ wait: number }>(
    `SELECT extract(epoch FROM at + make_interval(secs => $3) - now())::float8 AS wait
     FROM sign_in_failures WHERE key = $1 AND at > now() - make_interval(secs => $3)
     ORDER BY at DESC OFFSET $2 LIMIT 1`,
    [key, Math.max(0, max - 1), windowSeconds],
  );
  return row ? Math.max(0, Number(row.wait)) : 0;
}

/** Records one failed sign-in, now, against each of `keys`. */
export async function recordSignInFailure(db: Db, keys: readonly string[]): Promise<void> {
  for (const key of keys) await db.query('INSERT INTO sign_in_failures (key, at) VALUES ($1, now())', [key]);
}

/** Forgets `key`'s failures (a successful sign-in). */
export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
}

/** Deletes failures older than `windowSeconds`, which no longer count. */
export async function sweepSignInFailures(db: Db, windowSeconds: number): Promise<void> {
  await db.query('DELETE FROM sign_in_failures WHERE at < now() - make_interval(secs => $1)', [windowSeconds]);
}
