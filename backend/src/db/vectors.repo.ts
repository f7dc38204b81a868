import type { Db } from './db';
import type { LexicalHit } from './passages-search.repo';

const BATCH = 200;

/** A JSON array of numbers turned into real[] in order (both drivers pass JSON text the same way). */
const JSON_TO_REAL_ARRAY = (param: string) =>
  `(SELECT array_agg(x.v::real ORDER BY x.i) FROM jsonb_array_elements_text(${param}) WITH ORDINALITY AS x(v, i))`;

/** Stores the embeddings of a document's passages for `model`, replacing earlier ones. */
export async function replaceVectors(
  db: Db,
  documentId: string,
  model: string,
  vectors: { posicion: number; embedding: Float32Array }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM passage_vectors WHERE document_id = $1 AND model = $2', [documentId, model]);
    for (let i = 0; i < vectors.length; i += BATCH) {
      const chunk = vectors
        .slice(i, i + BATCH)
        .map((v) => ({ posicion: v.posicion, embedding: Array.from(v.embedding) }));
      await tx.query(
        `INSERT INTO passage_vectors (document_id, posicion, model, embedding)
         SELECT $1, r.posicion, $2, ${JSON_TO_REAL_ARRAY('r.embedding')}
         FROM jsonb_to_recordset($3::text::jsonb) AS r(posicion int, embedding jsonb)`,
        [documentId, model, JSON.stringify(chunk)],
      );
    }
  });
}

export interface VectorFilter {
  userId: string;
  model: string;
  /** The query embedding, L2-normalized like the stored ones (so the dot product is the cosine). */
  vector: Float32Array;
  documents?: string[];
  biblioteca?: string;
  limit: number;
}

/** The caller's passages nearest to a query vector (exact scan), with cosine similarity as `semantic`. */
export async function searchVectors(db: Db, f: VectorFilter): Promise<(LexicalHit & { semantic: number })[]> {
  const params: unknown[] = [f.userId, f.model, JSON.stringify(Array.from(f.vector))];
  const where = ['d.user_id = $1', "d.estado = 'listo'", 'v.model = $2'];
  if (f.documents?.length) {
    params.push(JSON.stringify(f.documents));
    where.push(`v.document_id IN (SELECT jsonb_array_elements_text($${params.length}::text::jsonb))`);
  }
  if (f.biblioteca) {
    params.push(f.biblioteca);
    where.push(`d.biblioteca = $${params.length}`);
  }
  params.push(f.limit);
  return db.query(
    `WITH q AS (SELECT ${JSON_TO_REAL_ARRAY('$3::text::jsonb')} AS vec)
     SELECT p.document_id, p.posicion, p.unidad, p.texto, p.ancla, 0::float8 AS lexical,
            d.titulo, d.autores, d.anio,
            (SELECT sum(a * b) FROM unnest(v.embedding, q.vec) AS t(a, b))::float8 AS semantic
     FROM passage_vectors v
     JOIN passages p ON p.document_id = v.document_id AND p.posicion = v.posicion
     JOIN documents d ON d.id = v.document_id, q
     WHERE ${where.join(' AND ')}
     ORDER BY semantic DESC, p.document_id, p.posicion
     LIMIT $${params.length}`,
    params,
  );
}

export async function countVectors(db: Db, documentId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passage_vectors WHERE document_id = $1', [
    documentId,
  ]);
  return row?.n ?? 0;
}
