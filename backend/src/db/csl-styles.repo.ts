import type { Db } from './db';

/** A CSL style a user registered. */
export interface CslStyleRow {
  id: string;
  titulo: string;
  clase: 'in-text' | 'note';
  xml: string;
  created: Date;
}

/** Stores (or replaces) a user's style. Returns true when it replaced one with the same id. */
export async function saveCslStyle(
  db: Db,
  userId: string,
  style: Omit<CslStyleRow, 'created'>,
): Promise<{ replaced: boolean }> {
  const [row] = await db.query<{ replaced: boolean }>(
    `INSERT INTO csl_styles (user_id, id, titulo, clase, xml) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, id) DO UPDATE SET titulo = EXCLUDED.titulo, clase = EXCLUDED.clase, xml = EXCLUDED.xml,
       created = now()
     RETURNING (xmax <> 0) AS replaced`,
    [userId, style.id, style.titulo, style.clase, style.xml],
  );
  return { replaced: !!row?.replaced };
}

/** The user's style with this id. */
export async function findCslStyle(db: Db, userId: string, id: string): Promise<CslStyleRow | undefined> {
  const [row] = await db.query<CslStyleRow>(
    'SELECT id, titulo, clase, xml, created FROM csl_styles WHERE user_id = $1 AND id = $2',
    [userId, id],
  );
  return row;
}

/** The user's styles, without their XML. */
export async function listCslStyles(db: Db, userId: string): Promise<Omit<CslStyleRow, 'xml'>[]> {
  return db.query('SELECT id, titulo, clase, created FROM csl_styles WHERE user_id = $1 ORDER BY id', [userId]);
}

/** Deletes a user's style; true when there was one. */
export async function deleteCslStyle(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM csl_styles WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
  return rows.length > 0;
}
