import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countVectors } from '../db/vectors.repo';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';

// The real transformers.js path on the tiny model the project builds (backend/scripts/make-tiny-embedding-model.ts).
const ctx = useTestServer({
  modelsDir: path.join(REPO_ROOT, 'test/fixtures/models'),
  embeddings: { localModel: 'folio/tiny-embed' },
});
let key: string;
let docId: string;

beforeAll(async () => {
  key = await ctx.server.key('semantica@example.org');
  const res = await ctx.server.request('/api/v1/documentos?nombre=agua.md', {
    method: 'POST',
    body: '# Agua\n\nEn Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.\n\n# Teatro\n\nLa historia del teatro barroco empieza con las comedias de capa y espada.',
    headers: auth(key, { 'Content-Type': 'text/markdown' }),
  });
  expect(res.status).toBe(201);
  docId = (await res.json()).id;
});

const search = (q: string) => ctx.server.request(`/api/v1/buscar?q=${encodeURIComponent(q)}`, { headers: auth(key) });

describe('semantic search with a local embedding model', () => {
  it('reports the model and the vector search path on /health', async () => {
    const h = await (await ctx.server.request('/health')).json();
    expect(h.motores.embeddings).toMatch(/^folio\/tiny-embed \(local, q8\), 64 dimensiones$/);
    const pgvector = ctx.server.runtime.deps.db.features.pgvector;
    if (ctx.server.runtime.deps.db.kind === 'pglite') expect(pgvector).toBeTruthy();
    expect(h.motores.busqueda_vectorial).toMatch(pgvector ? /^HNSW \(pgvector \d/ : /^búsqueda exacta/);
  });

  it('embeds every passage while indexing, and drops the vectors with the document', async () => {
    const [p] = await ctx.server.runtime.deps.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM passages WHERE document_id = $1',
      [docId],
    );
    expect(p!.n).toBeGreaterThan(0);
    expect(await countVectors(ctx.server.runtime.deps.db, docId)).toBe(p!.n);
  });

  it('fuses semantic candidates with lexical ones and says so in the headers', async () => {
    const res = await search('nitratos en Homún');
    expect(res.headers.get('x-folio-motores')).toBe('lexico, semantico, reranker-rasgos');
    expect(res.headers.get('x-folio-semantico')).toBe('folio/tiny-embed (local, q8)');
    const body = await res.json();
    expect(body.pasajes[0].texto).toContain('44.9 mg/L');
  });

  it('finds by meaning what the words alone miss (a misspelt name), but nothing for a query unrelated to the library', async () => {
    const typo = await (await search('nitratoss Homunn')).json();
    expect(typo.pasajes.map((p: { texto: string }) => p.texto).join(' ')).toContain('nitratos');
    const unrelated = await (await search('zzkx qqwv')).json();
    expect(unrelated.pasajes).toEqual([]);
  });

  it('still enforces quoted phrases on semantic candidates', async () => {
    const body = await (await search('"capa y espada" nitratos')).json();
    expect(body.pasajes.length).toBeGreaterThan(0);
    expect(body.pasajes.every((p: { texto: string }) => p.texto.includes('capa y espada'))).toBe(true);
  });

  it('drops the vectors when the document is deleted', async () => {
    const res = await ctx.server.request(`/api/v1/documentos/${docId}`, { method: 'DELETE', headers: auth(key) });
    expect(res.status).toBe(200);
    expect(await countVectors(ctx.server.runtime.deps.db, docId)).toBe(0);
  });
});
