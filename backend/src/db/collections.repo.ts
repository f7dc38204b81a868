import type { Db } from './db';
import { DOCUMENT_CHANNEL } from './documents.repo';

/** A named collection of the user's library and how many documents it holds. */
export interface CollectionRow {
  name: string;
  documents: number;
}

/** The user's collections, made ones and ones only documents name, by name, with their sizes. */
export async function listCollections(db: Db, userId: string): Promise<CollectionRow[]> {
  return db.query<CollectionRow>(
    `SELECT name, count(d.id)::int AS documents
       FROM (SELECT name FROM collections WHERE user_id = $1
             UNION SELECT biblioteca FROM documents WHERE user_id = $1 AND biblioteca IS NOT NULL) AS c
       LEFT JOIN documents d ON d.user_id = $1 AND d.biblioteca = c.name
      GROUP BY name
      ORDER BY lower(name), name`,
    [userId],
  );
}

/** Whether the user has a collection by this name (made, or named by a document). */
export async function collectionExists(db: Db, userId: string, name: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM collections WHERE user_id = $1 AND name = $2
     UNION ALL SELECT 1 FROM documents WHERE user_id = $1 AND biblioteca = $2 LIMIT 1`,
    [userId, name],
  );
  return rows.length > 0;
}

/** Makes a collection; false when it already existed. */
export async function insertCollection(db: Db, userId: string, name: string): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO collections (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING name`,
    [userId, name],
  );
  return rows.length > 0;
}

/**
 * Renames a collection and files every document of the old name under the new one, in one transaction
 * (merging into the new name if that exists too). Returns how many documents moved.
 */
export async function renameCollection(db: Db, userId: string, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM collections WHERE user_id = $1 AND name = $2', [userId, from]);
    await tx.query('INSERT INTO collections (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, to]);
    const moved = await tx.query<{ id: string }>(
      `UPDATE documents SET biblioteca = $3::text, updated = now() WHERE user_id = $1 AND biblioteca = $2 RETURNING id`,
      [userId, from, to],
    );
    for (const { id } of moved) await tx.query('SELECT pg_notify($1, $2)', [DOCUMENT_CHANNEL, id]);
    return moved.length;
  });
}

/**
 * Files the user's documents under a collection (made if missing), or takes them out of any with null.
 * Returns the ids that are the user's and were changed; others' ids are ignored.
 */
export async function assignCollection(
  db: Db,
  userId: string,
  ids: readonly string[],
  name: string | null,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (name !== null) {
      await tx.query('INSERT INTO collections (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, name]);
    }
    const moved = await tx.query<{ id: string }>(
      `UPDATE documents SET biblioteca = $3::text, updated = now()
        WHERE user_id = $1 AND id IN (SELECT jsonb_array_elements_text($2::text::jsonb))
          AND biblioteca IS DISTINCT FROM $3::text RETURNING id`,
      [userId, JSON.stringify(ids), name],
    );
    for (const { id } of moved) await tx.query('SELECT pg_notify($1, $2)', [DOCUMENT_CHANNEL, id]);
    return moved.map((r) => r.id);
  });
}
