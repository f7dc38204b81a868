import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../runtime';
import { useTestStore } from '../testing/harness';
import type { Db } from './db';
import { insertDocument, updateDocument } from './documents.repo';
import { replaceContent } from './units.repo';
import { ensureUser } from './users.repo';
import {
  countVectors,
  EXACT_SCAN_MAX,
  ensureVectorIndex,
  planVectorSearch,
  replaceVectors,
  searchVectors,
  searchVectorsBy,
  vectorIndexName,
  vectorSearchReport,
  type VectorFilter,
} from './vectors.repo';

const MODEL = "test/synthetic-16 (it's \\quoted)";
const DIM = 16;

let seed = 42;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
function unit(v: number[]): Float32Array {
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
}
/** Clustered unit vectors, like sentence embeddings of a few topics. */
const CENTERS = Array.from({ length: 12 }, () => unit(Array.from({ length: DIM }, gauss)));
const near = (center: Float32Array, spread: number) => unit(Array.from(center, (x) => x + gauss() * spread));
const randomVector = () => near(CENTERS[Math.floor(random() * CENTERS.length)]!, 0.25);

const fx = useTestStore();
let opened: Store;
const db = () => opened.db;
let ana: string;
let ben: string;
/** The point every test query is near; ben's vectors sit right on it. */
const TARGET = unit(Array.from({ length: DIM }, gauss));

async function seedDocument(
  userId: string,
  id: string,
  vectors: Float32Array[],
  opts: { biblioteca?: string; estado?: 'listo' | 'procesando' } = {},
) {
  await insertDocument(db(), {
    id,
    userId,
    titulo: id,
    autores: [],
    tipo: 'documento',
    userMeta: {},
    searchKey: id,
    biblioteca: opts.biblioteca,
  });
  const units = vectors.map((_, i) => ({
    texto: `passage ${i} of ${id}`,
    ancla: { tipo: 'seccion' as const, ruta: [id], parrafo: i + 1 },
  }));
  const passages = units.map((u, i) => ({ ...u, posicion: i + 1, unidad: i + 1 }));
  await replaceContent(db(), id, units, passages);
  await replaceVectors(
    db(),
    id,
    MODEL,
    vectors.map((embedding, i) => ({ posicion: i + 1, embedding })),
  );
  await updateDocument(db(), id, { estado: opts.estado ?? 'listo', unidades: units.length });
}

const filter = (userId: string, vector: Float32Array, extra: Partial<VectorFilter> = {}): VectorFilter => ({
  userId,
  model: MODEL,
  vector,
  limit: 10,
  ...extra,
});

const ids = (hits: { document_id: string; posicion: number }[]) => hits.map((h) => `${h.document_id}:${h.posicion}`);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** The same store seen as one without pgvector: the real[] exact scan. */
const withoutPgvector = (d: Db): Db => ({ ...d, features: {} });

/** Runs the next vector search's query under EXPLAIN and keeps its plan. */
function explaining(d: Db, plans: string[]): Db {
  const wrap = (inner: Db): Db => ({
    ...inner,
    async query<T>(sql: string, params?: readonly unknown[]) {
      if (!/FROM passage_vectors v/.test(sql)) return inner.query<T>(sql, params);
      const rows = await inner.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      return [];
    },
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
  });
  return wrap(d);
}

beforeAll(async () => {
  opened = await fx.openStore();
  ana = (await ensureUser(db(), 'ana@example.org')).id;
  ben = (await ensureUser(db(), 'ben@example.org')).id;
  // ana: a library 'tesis' of two documents plus enough others to pass EXACT_SCAN_MAX; one of her
  // documents is still being read; ben: vectors nearer to the target than any of ana's.
  await seedDocument(ana, 'tesis-1', [near(TARGET, 0.05), ...Array.from({ length: 99 }, randomVector)], {
    biblioteca: 'tesis',
  });
  await seedDocument(ana, 'tesis-2', Array.from({ length: 100 }, randomVector), { biblioteca: 'tesis' });
  for (let i = 0; i * 500 <= EXACT_SCAN_MAX; i++) {
    await seedDocument(ana, `otro-${i}`, Array.from({ length: 500 }, randomVector));
  }
  await seedDocument(ana, 'leyendo', [TARGET, near(TARGET, 0.01)], { estado: 'procesando' });
  await seedDocument(
    ben,
    'ajeno',
    Array.from({ length: 300 }, () => near(TARGET, 0.02)),
  );
}, 300_000);

describe('vector capability', () => {
  it('uses pgvector where the extension is installed (always on the embedded store)', async () => {
    const [ext] = await db().query<{ version: string }>(
      "SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'",
    );
    expect(db().features.pgvector).toBe(ext?.version);
    if (db().kind === 'pglite') expect(db().features.pgvector).toMatch(/^0\.[89]\.|^[1-9]/);
    expect(vectorSearchReport(db())).toMatch(db().features.pgvector ? /^HNSW \(pgvector / : /^búsqueda exacta/);
  });
});

describe.each([
  ['this store', () => db()],
  ['a store without pgvector (real[] scan)', () => withoutPgvector(db())],
])('exact scan on %s', (_, store) => {
  it('returns the nearest of the caller’s ready passages, with the cosine as `semantic`', async () => {
    const hits = await searchVectorsBy(store(), filter(ana, TARGET), 'exact');
    expect(hits).toHaveLength(10);
    expect(hits[0]).toMatchObject({ document_id: 'tesis-1', posicion: 1, texto: 'passage 0 of tesis-1' });
    for (const h of hits) expect(h.semantic).toBeLessThan(0.999);
    const [row] = await db().query<{ embedding: number[] }>(
      "SELECT embedding FROM passage_vectors WHERE document_id = 'tesis-1' AND posicion = 1",
    );
    expect(hits[0]!.semantic).toBeCloseTo(dot(Float32Array.from(row!.embedding), TARGET), 5);
    const scores = hits.map((h) => h.semantic);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('never returns another user’s vectors or a document that is not ready, however near', async () => {
    const hits = await searchVectorsBy(store(), filter(ana, TARGET, { limit: 50 }), 'exact');
    expect(hits.some((h) => h.document_id === 'ajeno' || h.document_id === 'leyendo')).toBe(false);
    const own = await searchVectorsBy(store(), filter(ben, TARGET), 'exact');
    expect(own.every((h) => h.document_id === 'ajeno')).toBe(true);
  });

  it('keeps to the `documents` and `biblioteca` filters', async () => {
    const inDoc = await searchVectorsBy(store(), filter(ana, TARGET, { documents: ['tesis-2', 'ajeno'] }), 'exact');
    expect(new Set(inDoc.map((h) => h.document_id))).toEqual(new Set(['tesis-2']));
    const inLib = await searchVectorsBy(store(), filter(ana, TARGET, { biblioteca: 'tesis', limit: 300 }), 'exact');
    expect(inLib).toHaveLength(200);
    expect(new Set(inLib.map((h) => h.document_id))).toEqual(new Set(['tesis-1', 'tesis-2']));
  });

  it('is what searchVectors answers for a few documents', async () => {
    const f = filter(ana, TARGET, { documents: ['tesis-1'] });
    expect(await planVectorSearch(store(), f)).toBe('exact');
    expect(ids(await searchVectors(store(), f))).toEqual(ids(await searchVectorsBy(store(), f, 'exact')));
  });
});

describe('vectors and passages', () => {
  it('drops a passage’s vectors with the passage', async () => {
    await seedDocument(ana, 'efimero', [randomVector(), randomVector()]);
    expect(await countVectors(db(), 'efimero')).toBe(2);
    await replaceContent(db(), 'efimero', [], []);
    expect(await countVectors(db(), 'efimero')).toBe(0);
  });
});

describe('the two exact scans agree', () => {
  it('gives the same passages and scores with pgvector’s operator and with real[] in SQL', async () => {
    const f = filter(ana, randomVector(), { limit: 40 });
    const a = await searchVectorsBy(db(), f, 'exact');
    const b = await searchVectorsBy(withoutPgvector(db()), f, 'exact');
    expect(ids(a)).toEqual(ids(b));
    a.forEach((h, i) => expect(h.semantic).toBeCloseTo(b[i]!.semantic, 5));
  });
});

describe('HNSW (pgvector)', () => {
  // A server without pgvector has no HNSW path: these are skipped there.
  beforeEach((t) => {
    if (!db().features.pgvector) t.skip();
  });

  it('builds the model’s index once it has EXACT_SCAN_MAX vectors, and only then', async () => {
    const name = vectorIndexName(MODEL, DIM);
    expect(name).toMatch(/^passage_vectors_hnsw_16_[0-9a-f]{16}$/);
    const [row] = await db().query<{ def: string | null }>('SELECT pg_get_indexdef(to_regclass($1)) AS def', [name]);
    expect(row!.def).toContain('USING hnsw');
    expect(row!.def).toContain("'test/synthetic-16 (it''s \\quoted)'");
    expect(await ensureVectorIndex(db(), MODEL, DIM)).toBe(true); // idempotent
    expect(await ensureVectorIndex(db(), 'another model', DIM)).toBe(false); // no vectors yet
    const [other] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM pg_class WHERE relname = $1', [
      vectorIndexName('another model', DIM),
    ]);
    expect(other!.n).toBe(0);
  });

  it('is the plan for a caller with many vectors, and the plan uses the index', async () => {
    const f = filter(ana, TARGET);
    expect(await planVectorSearch(db(), f)).toBe('hnsw');
    expect(await planVectorSearch(db(), filter(ben, TARGET))).toBe('exact'); // 300 vectors: scanned
    expect(await planVectorSearch(db(), filter(ana, TARGET, { biblioteca: 'tesis' }))).toBe('exact');
    const plans: string[] = [];
    await searchVectorsBy(explaining(db(), plans), f, 'hnsw');
    expect(plans[0]).toContain(`Index Scan using ${vectorIndexName(MODEL, DIM)}`);
    await searchVectorsBy(explaining(db(), plans), f, 'exact');
    expect(plans[1]).not.toContain('hnsw');
  });

  it('finds what the exact scan finds', async () => {
    for (let q = 0; q < 5; q++) {
      const f = filter(ana, q === 0 ? TARGET : randomVector(), { limit: 20 });
      const approx = await searchVectorsBy(db(), f, 'hnsw');
      const exact = await searchVectorsBy(db(), f, 'exact');
      expect(ids(approx)).toEqual(ids(exact));
      approx.forEach((h, i) => expect(h.semantic).toBeCloseTo(exact[i]!.semantic, 5));
    }
    expect(ids(await searchVectors(db(), filter(ana, TARGET)))).toEqual(
      ids(await searchVectorsBy(db(), filter(ana, TARGET), 'exact')),
    );
  });

  it('skips nearer vectors of other users and unready documents, and still returns `limit` passages', async () => {
    // ben's 300 vectors and the unready document are the 302 nearest: beyond ef_search, so only the
    // iterative scan gets past them.
    const hits = await searchVectorsBy(db(), filter(ana, TARGET, { limit: 50 }), 'hnsw');
    expect(hits).toHaveLength(50);
    expect(hits[0]).toMatchObject({ document_id: 'tesis-1', posicion: 1 });
    expect(hits.some((h) => h.document_id === 'ajeno' || h.document_id === 'leyendo')).toBe(false);
  });

  it('keeps to `biblioteca` through the index too', async () => {
    const f = filter(ana, randomVector(), { biblioteca: 'tesis', limit: 30 });
    const hits = await searchVectorsBy(db(), f, 'hnsw');
    expect(hits).toHaveLength(30);
    expect(hits.every((h) => h.document_id.startsWith('tesis-'))).toBe(true);
    expect(ids(hits)).toEqual(ids(await searchVectorsBy(db(), f, 'exact')));
  });
});
