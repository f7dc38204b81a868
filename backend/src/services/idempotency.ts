import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import { findIdempotent, saveIdempotent } from '../db/idempotency.repo';
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

/**
 * The resource an earlier request with this key created within 24 hours, if any. The same key with a
 * different request is a client's mistake that must not be answered with the first resource (IETF
 * Idempotency-Key draft): 409 conflicto, as the contract's error table has no 422.
 */
export async function replayedResource(
  db: Db,
  userId: string,
  operation: string,
  request: IdempotentRequest | undefined,
): Promise<string | undefined> {
  if (!request) return undefined;
  const found = await findIdempotent(db, userId, operation, request.key);
  if (!found) return undefined;
  if (found.fingerprint !== undefined && found.fingerprint !== request.fingerprint) {
    throw new AppError('conflicto', {
      mensaje:
        'Esta Idempotency-Key ya se usó en las últimas 24 horas con una petición distinta; ' +
        'usa una clave nueva para cada petición diferente.',
      message:
        'This Idempotency-Key was already used within the last 24 hours for a different request; ' +
        'use a new key for each different request.',
      detalles: { campo: 'Idempotency-Key' },
    });
  }
  return found.resourceId;
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
