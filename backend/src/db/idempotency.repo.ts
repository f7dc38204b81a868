import type { Db } from './db';

const TTL = "interval '24 hours'";

/** The resource a previous request with this key created within the last 24 hours. */
export async function findIdempotent(
  db: Db,
  userId: string,
  operation: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ resource_id: string }>(
    `SELECT resource_id FROM idempotency_keys
     WHERE user_id = $1 AND operation = $2 AND key = $3 AND created > now() - ${TTL}`,
    [userId, operation, key],
  );
  return row?.resource_id;
}

/** Records the key; an expired record with the same key is replaced. */
export async function saveIdempotent(db: Db, userId: string, operation: string, key: string, resourceId: string) {
  await db.query(
    `INSERT INTO idempotency_keys (user_id, operation, key, resource_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, operation, key) DO UPDATE SET resource_id = EXCLUDED.resource_id, created = now()
     WHERE idempotency_keys.created <= now() - ${TTL}`,
    [userId, operation, key, resourceId],
  );
}
