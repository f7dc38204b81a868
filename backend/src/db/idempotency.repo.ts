import type { Db } from './db';

const TTL = "interval '24 hours'";
/** A claim left unfilled this long is abandoned: its request died before it created anything. */
const ABANDONED = "interval '2 minutes'";
/** The resource id of a key claimed by a request still creating its resource. */
const PENDING = '';

/** A key recorded within the last 24 hours: the resource its request created and that request's fingerprint. */
export interface IdempotentRecord {
  resourceId: string;
  /** Absent for keys recorded before fingerprints were kept. */
  fingerprint?: string;
  /** The request that claimed the key is still creating its resource. */
  pending: boolean;
}

/**
 * Claims a key for a request about to create its resource, in one atomic statement: true when this request
 * holds it now (the key was free, expired, or claimed by a request that died), false when another holds it.
 */
export async function claimIdempotent(
  db: Db,
  userId: string,
  operation: string,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const rows = await db.query<{ claimed: boolean }>(
    `INSERT INTO idempotency_keys (user_id, operation, key, resource_id, fingerprint) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, operation, key)
     DO UPDATE SET resource_id = EXCLUDED.resource_id, fingerprint = EXCLUDED.fingerprint, created = now()
     WHERE idempotency_keys.created <= now() - ${TTL}
        OR (idempotency_keys.resource_id = $4 AND idempotency_keys.created <= now() - ${ABANDONED})
     RETURNING true AS claimed`,
    [userId, operation, key, PENDING, fingerprint],
  );
  return rows.length > 0;
}

/** Gives up a claim whose request failed before creating anything, so the key can be used again at once. */
export async function releaseIdempotent(db: Db, userId: string, operation: string, key: string): Promise<void> {
  await db.query(
    'DELETE FROM idempotency_keys WHERE user_id = $1 AND operation = $2 AND key = $3 AND resource_id = $4',
    [userId, operation, key, PENDING],
  );
}

/** The record of a previous request with this key within the last 24 hours. */
export async function findIdempotent(
  db: Db,
  userId: string,
  operation: string,
  key: string,
): Promise<IdempotentRecord | undefined> {
  const [row] = await db.query<{ resource_id: string; fingerprint: string | null }>(
    `SELECT resource_id, fingerprint FROM idempotency_keys
     WHERE user_id = $1 AND operation = $2 AND key = $3 AND created > now() - ${TTL}`,
    [userId, operation, key],
  );
  return (
    row && {
      resourceId: row.resource_id,
      fingerprint: row.fingerprint ?? undefined,
      pending: row.resource_id === PENDING,
    }
  );
}

/**
 * Records the resource a request with this key created, filling its claim; a record of a resource since
 * deleted, or an expired one, is replaced.
 */
export async function saveIdempotent(
  db: Db,
  userId: string,
  operation: string,
  key: string,
  resourceId: string,
  fingerprint: string,
) {
  await db.query(
    `INSERT INTO idempotency_keys (user_id, operation, key, resource_id, fingerprint) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, operation, key)
     DO UPDATE SET resource_id = EXCLUDED.resource_id, fingerprint = EXCLUDED.fingerprint, created = now()`,
    [userId, operation, key, resourceId, fingerprint],
  );
}

/**
 * Whether the document a key names was created by the request that recorded the key: both rows written in
 * one transaction carry its timestamp, while a document found by its bytes (a duplicate) is older than the
 * key that names it.
 */
export async function documentMadeWithKey(db: Db, userId: string, operation: string, key: string): Promise<boolean> {
  const [row] = await db.query<{ made: boolean }>(
    `SELECT d.created >= k.created AS made
     FROM idempotency_keys k JOIN documents d ON d.id = k.resource_id AND d.user_id = k.user_id
     WHERE k.user_id = $1 AND k.operation = $2 AND k.key = $3`,
    [userId, operation, key],
  );
  return row?.made ?? false;
}
