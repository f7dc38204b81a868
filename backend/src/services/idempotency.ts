import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { claimIdempotent, findIdempotent, releaseIdempotent, saveIdempotent } from '../db/idempotency.repo';
import { AppError } from '../errors';

/** A request's Idempotency-Key with the fingerprint of what it asks for. */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
}

/** JSON with object keys sorted and undefined left out, so equal requests give equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * SHA-256 of what a request asks for: the parsed body and options (a file by its own SHA-256), not the
 * bytes on the wire, so a retry is recognised even when its multipart boundary or JSON key order differ.
 */
export function requestFingerprint(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

/** How long a request waits for the first one with its key to create the resource. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 100;
/** What a request told the first is still running waits before it is repeated. */
const RETRY_RUNNING_SECONDS = 5;

const conflict = () =>
  new AppError('conflicto', {
    mensaje:
      'Esta Idempotency-Key ya se usó en las últimas 24 horas con una petición distinta; ' +
      'usa una clave nueva para cada petición diferente.',
    message:
      'This Idempotency-Key was already used within the last 24 hours for a different request; ' +
      'use a new key for each different request.',
    detalles: { campo: 'Idempotency-Key' },
  });

/**
 * Claims the key for this request, or finds the resource an earlier request with it created within 24
 * hours: undefined when this request is to create its resource (it holds the key now, or sent none), else
 * the resource's id. The claim is one atomic insert, unique on user, operation and key, so of two requests
 * sent at once with one key only one creates; the other waits for it (up to 30 s) and answers its resource.
 * The same key with a different request is a client's mistake that must not be answered with the first
 * resource (IETF Idempotency-Key draft): 409 conflicto, as the contract's error table has no 422. A request
 * that fails after claiming must `releaseClaim`.
 */
export async function claimOrReplay(
  db: Db,
  userId: string,
  operation: string,
  request: IdempotentRequest | undefined,
  waitMs = WAIT_FOR_FIRST_MS,
): Promise<string | undefined> {
  if (!request) return undefined;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await claimIdempotent(db, userId, operation, request.key, request.fingerprint)) return undefined;
    const found = await findIdempotent(db, userId, operation, request.key);
    if (found?.fingerprint !== undefined && found.fingerprint !== request.fingerprint) throw conflict();
    if (found && !found.pending) return found.resourceId;
    if (Date.now() > deadline) {
      // Retry-After makes it retryable (a client repeats it unchanged); a claim whose request died is free
      // again once abandoned (db/idempotency.repo.ts), so repeating it always ends.
      throw new AppError('conflicto', {
        mensaje: 'La primera petición con esta Idempotency-Key sigue en curso; repite esta en unos segundos.',
        message: 'The first request with this Idempotency-Key is still running; repeat this one in a few seconds.',
        detalles: { campo: 'Idempotency-Key' },
        headers: { 'Retry-After': String(RETRY_RUNNING_SECONDS) },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Gives up this request's claim on its key (it failed before creating its resource). */
export async function releaseClaim(
  db: Db,
  userId: string,
  operation: string,
  request: IdempotentRequest | undefined,
): Promise<void> {
  if (request) await releaseIdempotent(db, userId, operation, request.key);
}

/** Records which resource the request with this key created. */
export async function rememberResource(
  db: Db,
  userId: string,
  operation: string,
  request: IdempotentRequest | undefined,
  resourceId: string,
): Promise<void> {
  if (request) await saveIdempotent(db, userId, operation, request.key, resourceId, request.fingerprint);
}
