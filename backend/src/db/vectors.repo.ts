import { createHash } from 'node:crypto';
import type { Db } from './db';
import { documentConditions, type DocumentFilter, type LexicalHit } from './passages-search.repo';

/*
 * Passage embeddings stay `real[]` (migration 007) on every store, so the exact scan runs anywhere and a
 * server that gains pgvector later needs no data migration. Where pgvector is installed (always on the
 * embedded store, see migrate.ts) each model gets a partial expression index
 *   USING hnsw ((embedding::vector(D)) vector_ip_ops) WHERE model = '<model>' AND cardinality(embedding) = D
 * because the dimension differs per model and is only known at run time. Inner product on the
 * L2-normalized vectors every embedder returns is the cosine, the same number the exact scan computes.
 *
 * Measured on the embedded store (PGlite 0.5, pgvector 0.8.7, 2 busy cores, 384 dimensions, clustered
 * synthetic vectors, limit 100; medians, best runs in brackets), one caller owning 20,100 of
 * 21,600 vectors: HNSW 20 ms (11), recall@100 0.998 against the exact scan; the plan's bounded count
 * 7.5 ms (3); exact scan with pgvector 190 ms (99); exact over real[] in SQL 1.5-6 s (PostgreSQL 15 on a
 * server: 2.1 s). A caller owning 1,500: exact 27 ms (11), HNSW forced 81 ms (49), since the iterative
 * scan walks past the others' vectors; hence the count. Writing a document's 300 vectors: 0.65 s (0.4)
 * without the index, 2.3 s (2.1) with it, against tens of seconds to embed 300 passages with a local
 * model, so ingestion keeps the index up as it goes; building it when a model reaches EXACT_SCAN_MAX
 * vectors takes 8-14 s, once (20,000 at once: ≈ 45 s).
 */

const BATCH = 200;

/**
 * Up to this many candidate vectors an exact scan is about as fast as HNSW (≈ 30 ms at 384 dimensions on
 * the embedded store) and exact; a model's HNSW index is built once it has this many vectors.
 */
export const EXACT_SCAN_MAX = 5000;

/** pgvector's HNSW indexes `vector` values of up to 2,000 dimensions. */
const HNSW_MAX_DIMENSIONS = 2000;

/** How a search reads the vectors: pgvector's HNSW index, or every candidate compared. */
export type VectorPath = 'hnsw' | 'exact';

/** A JSON array of numbers turned into real[] in order (both drivers pass JSON text the same way). */
const JSON_TO_REAL_ARRAY = (param: string) =>
  `(SELECT array_agg(x.v::real ORDER BY x.i) FROM jsonb_array_elements_text(${param}) WITH ORDINALITY AS x(v, i))`;

const HIT_COLUMNS = `p.document_id, p.posicion, p.unidad, p.texto, p.ancla, p.visual, 0::float8 AS lexical,
            d.titulo, d.autores, d.anio`;

/**
 * A string as an SQL literal. Index predicates name their model literally: a partial index serves a
 * query only when the planner sees the same constant, which a parameter of a prepared statement is not.
 */
function sqlLiteral(text: string): string {
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** The HNSW index of one model's vectors of one dimension: a fixed-length name whatever the model is called. */
export function vectorIndexName(model: string, dimensions: number): string {
  const digest = createHash('sha256').update(model).digest('hex').slice(0, 16);
  return `passage_vectors_hnsw_${dimensions}_${digest}`;
}

/** The expression the index holds and a query must repeat word for word for the planner to use it. */
const asVector = (column: string, dimensions: number) => `(${column}::vector(${dimensions}))`;

/**
 * Stores the embeddings of a document's passages for `model`, replacing earlier ones; builds the model's
 * index when it is due.
 */
export async function replaceVectors(
  db: Db,
  documentId: string,
  model: string,
  vectors: { posicion: number; embedding: Float32Array }[],
): Promise<void> {
  await storeVectors(db, documentId, model, vectors);
  if (vectors.length) await ensureVectorIndex(db, model, vectors[0]!.embedding.length);
}

/**
 * `replaceVectors` without the index: for a caller writing a document's index in one transaction, which
 * calls `ensureVectorIndex` once it has committed. Built inside, the index would keep its advisory lock
 * until that commit while other writers of vectors wait on it holding their own locks.
 */
export async function storeVectors(
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

/**
 * Builds the HNSW index of `model`'s vectors of `dimensions` once the model has `minVectors` of them
 * (idempotent; one builder at a time on a server). Until then searches scan exactly, which is as fast.
 * Returns whether the index exists. Without pgvector, or past its dimension limit, there is none.
 */
export async function ensureVectorIndex(
  db: Db,
  model: string,
  dimensions: number,
  minVectors = EXACT_SCAN_MAX,
): Promise<boolean> {
  if (!db.features.pgvector || !Number.isInteger(dimensions) || dimensions < 1) return false;
  if (dimensions > HNSW_MAX_DIMENSIONS) return false;
  const name = vectorIndexName(model, dimensions);
  const [row] = await db.query<{ n: number }>(
    `SELECT CASE WHEN to_regclass($1) IS NOT NULL THEN -1
            ELSE (SELECT count(*)::int FROM (SELECT 1 FROM passage_vectors WHERE model = $2 LIMIT $3) c) END AS n`,
    [name, model, minVectors],
  );
  if (row!.n === -1) return true;
  if (row!.n < minVectors) return false;
  await db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
    await tx.exec(
      `CREATE INDEX IF NOT EXISTS ${name} ON passage_vectors
       USING hnsw (${asVector('embedding', dimensions)} vector_ip_ops)
       WHERE model = ${sqlLiteral(model)} AND cardinality(embedding) = ${dimensions}`,
    );
  });
  return true;
}

export interface VectorFilter extends DocumentFilter {
  userId: string;
  model: string;
  /** The query embedding, L2-normalized like the stored ones (so the dot product is the cosine). */
  vector: Float32Array;
  documents?: string[];
  limit: number;
}

/** The conditions on a candidate's vector row (`v`) and on its document (`d`), with their parameters. */
function candidateConditions(f: VectorFilter, params: unknown[]): { vector: string[]; document: string[] } {
  const vector = [`v.model = ${sqlLiteral(f.model)}`, `cardinality(v.embedding) = ${f.vector.length}`];
  params.push(f.userId);
  const document = [`d.user_id = $${params.length}`, "d.estado = 'listo'"];
  if (f.documents?.length) {
    params.push(JSON.stringify(f.documents));
    vector.push(`v.document_id IN (SELECT jsonb_array_elements_text($${params.length}::text::jsonb))`);
  }
  document.push(...documentConditions(f, params));
  return { vector, document };
}

/**
 * Which path a search takes. HNSW (approximate) only where it pays: pgvector is there, the model's index
 * exists, no `documents` filter (a few documents are cheaper to scan), and the caller's candidates are
 * more than EXACT_SCAN_MAX (counting stops there, so the check stays cheap). Otherwise the exact scan.
 */
export async function planVectorSearch(db: Db, f: VectorFilter): Promise<VectorPath> {
  const dimensions = f.vector.length;
  if (!db.features.pgvector || f.documents?.length || dimensions > HNSW_MAX_DIMENSIONS) return 'exact';
  const params: unknown[] = [vectorIndexName(f.model, dimensions)];
  const where = candidateConditions(f, params);
  params.push(EXACT_SCAN_MAX + 1);
  const [row] = await db.query<{ n: number }>(
    `SELECT CASE WHEN to_regclass($1) IS NULL THEN 0 ELSE (
       SELECT count(*)::int FROM (
         SELECT 1 FROM passage_vectors v JOIN documents d ON d.id = v.document_id
         WHERE v.model = ${sqlLiteral(f.model)} AND ${where.document.join(' AND ')}
         LIMIT $${params.length}) c) END AS n`,
    params,
  );
  return row!.n > EXACT_SCAN_MAX ? 'hnsw' : 'exact';
}

type VectorHit = LexicalHit & { semantic: number };

/**
 * The caller's passages nearest to a query vector, with cosine similarity as `semantic`: through HNSW
 * when `planVectorSearch` says so, else an exact scan. An HNSW search that comes back short (the
 * iterative scan gave up before finding `limit` of the caller's vectors) is answered exactly instead.
 */
export async function searchVectors(db: Db, f: VectorFilter): Promise<VectorHit[]> {
  if (!(f.limit >= 1)) return [];
  if ((await planVectorSearch(db, f)) === 'hnsw') {
    const near = await searchVectorsBy(db, f, 'hnsw');
    if (near.length >= f.limit) return near;
  }
  return searchVectorsBy(db, f, 'exact');
}

/** The search along one path, whatever the plan would say (tests compare the two). */
export async function searchVectorsBy(db: Db, f: VectorFilter, path: VectorPath): Promise<VectorHit[]> {
  const dimensions = f.vector.length;
  const params: unknown[] = [JSON.stringify(Array.from(f.vector))];
  const where = candidateConditions(f, params);
  params.push(f.limit);
  const limit = `$${params.length}`;
  const distance = `${asVector('v.embedding', dimensions)} <#> $1::text::vector(${dimensions})`;
  // The nearest are ranked on passage_vectors alone (every vector has its passage, migration 009); only
  // the winners' passages are read, which keeps their texts out of the sort (3× faster at 20,000).
  const withNearest = (nearest: string, before = '') =>
    `WITH ${before}near AS MATERIALIZED (${nearest})
     SELECT ${HIT_COLUMNS}, n.semantic
     FROM near n
     JOIN passages p ON p.document_id = n.document_id AND p.posicion = n.posicion
     JOIN documents d ON d.id = n.document_id
     ORDER BY n.semantic DESC, p.document_id, p.posicion`;
  if (path === 'exact') {
    // pgvector's operator where it exists (in C, ≈ 10× faster); else the dot product in SQL over real[].
    const [before, from, semantic] = db.features.pgvector
      ? ['', '', `-(${distance})`]
      : [
          `q AS (SELECT ${JSON_TO_REAL_ARRAY('$1::text::jsonb')} AS vec), `,
          ', q',
          '(SELECT sum(a * b) FROM unnest(v.embedding, q.vec) AS t(a, b))',
        ];
    return db.query(
      withNearest(
        `SELECT v.document_id, v.posicion, (${semantic})::float8 AS semantic
         FROM passage_vectors v JOIN documents d ON d.id = v.document_id${from}
         WHERE ${[...where.vector, ...where.document].join(' AND ')}
         ORDER BY semantic DESC, v.document_id, v.posicion
         LIMIT ${limit}`,
        before,
      ),
      params,
    );
  }
  // HNSW returns the global nearest neighbours; the caller's filters are checked per tuple on the index
  // scan itself (a scalar subquery, which the planner cannot turn into a join that would lose the index's
  // order), and the iterative scan keeps reading the graph until `limit` of them pass (or
  // hnsw.max_scan_tuples, 20,000 by default, is reached: searchVectors then scans exactly).
  // relaxed_order may return neighbours slightly out of order: the outer query sorts them.
  const efSearch = Math.min(1000, Math.max(100, Math.ceil(2 * f.limit)));
  return db.transaction(async (tx) => {
    await tx.exec(`SET LOCAL hnsw.ef_search = ${efSearch}; SET LOCAL hnsw.iterative_scan = relaxed_order`);
    return tx.query<VectorHit>(
      withNearest(
        `SELECT v.document_id, v.posicion, (-(${distance}))::float8 AS semantic
         FROM passage_vectors v
         WHERE ${where.vector.join(' AND ')}
           AND (SELECT ${where.document.join(' AND ')} FROM documents d WHERE d.id = v.document_id)
         ORDER BY ${distance}
         LIMIT ${limit}`,
      ),
      params,
    );
  });
}

/** One line for /health: how semantic candidates are found in this database. */
export function vectorSearchReport(db: Pick<Db, 'features'>): string {
  return db.features.pgvector
    ? `HNSW (pgvector ${db.features.pgvector}) por modelo; búsqueda exacta hasta ${EXACT_SCAN_MAX} vectores o con documentos`
    : 'búsqueda exacta (sin pgvector)';
}

export async function countVectors(db: Db, documentId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passage_vectors WHERE document_id = $1', [
    documentId,
  ]);
  return row?.n ?? 0;
}
