import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../test/fixtures/sample-pdf';
import { findUserByEmail } from '../db/users.repo';
import { ensureVectorIndex, searchVectorsBy, type VectorFilter } from '../db/vectors.repo';
import { auth, REPO_ROOT, useTestServer } from '../testing/harness';
import { searchLibrary, type SearchRequest } from './search';

// The filters of the web search page (type and year), on the lexical and on the semantic candidates: the
// real transformers.js path on the project's tiny embedding model.
const ctx = useTestServer({
  modelsDir: path.join(REPO_ROOT, 'test/fixtures/models'),
  embeddings: { localModel: 'folio/tiny-embed' },
});
const ids: Record<string, string> = {};
let userId: string;

async function add(key: string, nombre: string, body: string | Uint8Array, query: string, type: string) {
  const res = await ctx.server.request(`/api/v1/documentos?nombre=${nombre}&${query}`, {
    method: 'POST',
    body,
    headers: auth(key, { 'Content-Type': type }),
  });
  expect(res.status).toBe(201);
  const doc = await res.json();
  expect(doc.estado).toBe('listo');
  return doc.id as string;
}

beforeAll(async () => {
  const key = await ctx.server.key('filtros@example.org');
  userId = (await findUserByEmail(ctx.server.runtime.deps.db, 'filtros@example.org'))!.id;
  const wells = Array.from(
    { length: 12 },
    (_, i) => `## Pozo ${i + 1}\n\nLos nitratos del pozo ${i + 1} subieron tras las lluvias de la temporada.`,
  );
  ids.md = await add(key, 'pozos.md', `# Pozos\n\n${wells.join('\n\n')}`, 'titulo=Pozos&anio=2018', 'text/markdown');
  ids.pdf = await add(
    key,
    'cuaderno.pdf',
    new Uint8Array(
      buildSamplePdf({
        title: 'Cuaderno',
        year: 2021,
        pages: [['Cuaderno'], ['En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.']],
      }),
    ),
    'titulo=Cuaderno&anio=2021',
    'application/pdf',
  );
});

const search = (q: string, extra: Partial<SearchRequest>) =>
  searchLibrary(ctx.server.runtime.deps, userId, { q, k: 5, ...extra });

describe('search filters by document type and year', () => {
  it('gives k passages of the asked type, not k filtered down', async () => {
    const md = await search('nitratos', { tipos: ['documento'] });
    expect(md.pasajes).toHaveLength(5);
    expect(new Set(md.pasajes.map((p) => p.documento.id))).toEqual(new Set([ids.md]));
    const pdf = await search('nitratos', { tipos: ['pdf'] });
    expect(pdf.pasajes.length).toBeGreaterThan(0);
    expect(new Set(pdf.pasajes.map((p) => p.documento.id))).toEqual(new Set([ids.pdf]));
    expect(pdf.motores.semantico).toBe('folio/tiny-embed (local, q8)');
  });

  it('keeps to a year or a range, and a quoted phrase still holds', async () => {
    const y2021 = await search('nitratos', { anioDesde: 2021, anioHasta: 2021 });
    expect(new Set(y2021.pasajes.map((p) => p.documento.id))).toEqual(new Set([ids.pdf]));
    const range = await search('nitratos', { anioDesde: 2010, anioHasta: 2019 });
    expect(range.pasajes).toHaveLength(5);
    expect(new Set(range.pasajes.map((p) => p.documento.id))).toEqual(new Set([ids.md]));
    expect((await search('nitratos', { anioDesde: 1990, anioHasta: 2000 })).pasajes).toEqual([]);
    const phrase = await search('"nitratos del pozo 3"', { tipos: ['documento'], anioDesde: 2018 });
    expect(phrase.pasajes.map((p) => p.texto)).toEqual([expect.stringContaining('nitratos del pozo 3')]);
    expect((await search('"nitratos del pozo 3"', { tipos: ['pdf'] })).pasajes).toEqual([]);
  });

  it('applies the same filters on both vector paths (exact and HNSW)', async () => {
    const { db, engines } = ctx.server.runtime.deps;
    const [vector] = await engines.embedder!.embedQueries(['nitratos en los pozos']);
    const base: VectorFilter = { userId, model: engines.embedder!.name, vector: vector!, limit: 20 };
    const paths: ('exact' | 'hnsw')[] = ['exact'];
    if (await ensureVectorIndex(db, base.model, vector!.length, 0)) paths.push('hnsw');
    if (db.features.pgvector) expect(paths).toContain('hnsw');
    for (const way of paths) {
      const all = await searchVectorsBy(db, base, way);
      expect(new Set(all.map((h) => h.document_id)), way).toEqual(new Set([ids.md, ids.pdf]));
      const pdf = await searchVectorsBy(db, { ...base, tipos: ['pdf'] }, way);
      expect(pdf.length, way).toBeGreaterThan(0);
      expect(new Set(pdf.map((h) => h.document_id)), way).toEqual(new Set([ids.pdf]));
      const older = await searchVectorsBy(db, { ...base, anioHasta: 2019 }, way);
      expect(new Set(older.map((h) => h.document_id)), way).toEqual(new Set([ids.md]));
      expect(await searchVectorsBy(db, { ...base, tipos: ['video'] }, way), way).toEqual([]);
    }
  });
});
