import type { Db } from './db';

const TTL = "interval '24 hours'";

/** A key recorded within the last 24 hours: the resource its request created and that request's fingerprint. */
export interface IdempotentRecord {
  resourceId: string;
  /** Absent for keys recorded before fingerprints were kept. */
  fingerprint?: string;
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
  return row && { resourceId: row.resource_id, fingerprint: row.fingerprint ?? undefined };
}

/** Records the key with its request's fingerprint; an expired record with the same key is replaced. */
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
     DO UPDATE SET resource_id = EXCLUDED.resource_id, fingerprint = EXCLUDED.fingerprint, created = now()
     WHERE idempotency_keys.created <= now() - ${TTL}`,
    [userId, operation, key, resourceId, fingerprint],
  );
}
