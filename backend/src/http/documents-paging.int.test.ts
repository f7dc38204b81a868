import type { Estado } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteDocument } from '../db/documents.repo';
import { auth, useTestServer, type TestServer } from '../testing/harness';
import { insertDocuments, userIdOf, type DocumentSpec } from '../testing/insert-documents';
import { seededRandom } from '../testing/seeded-random';

/**
 * `GET /api/v1/documentos` pages newest first by the document's sequence number: following `siguiente`
 * reaches every matching document exactly once, in order, at any `limite` and past the sizes where a
 * text-ordered key went wrong ('9' sorts after '10', '99' after '100'). Documents are inserted through
 * the repository (a thousand uploads would only be slow); the pages are read through the real route.
 */
const ctx = useTestServer({}, { workers: false });

interface Library {
  server: TestServer;
  key: string;
  userId: string;
}

async function library(email: string, server = ctx.server): Promise<Library> {
  const key = await server.key(email);
  return { server, key, userId: await userIdOf(server.runtime.deps.db, email) };
}

/** Follows `siguiente` from the first page to the last; returns the ids in the order the pages gave them. */
async function pageThrough(lib: Library, limite: number, filter: Record<string, string> = {}): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  for (let pages = 0; ; pages++) {
    if (pages > 5000) throw new Error('siguiente never ended');
    const query = new URLSearchParams({ ...filter, limite: String(limite), ...(cursor && { cursor }) });
    const res = await lib.server.request(`/api/v1/documentos?${query}`, { headers: auth(lib.key) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.documentos.length).toBeLessThanOrEqual(limite);
    total ??= body.total;
    expect(body.total).toBe(total);
    seen.push(...body.documentos.map((d: { id: string }) => d.id));
    if (!body.siguiente) break;
    expect(body.documentos).toHaveLength(limite);
    cursor = body.siguiente;
  }
  expect(seen).toHaveLength(total!);
  return seen;
}

/** Newest first: the reverse of the order of insertion. */
const newestFirst = (ids: readonly string[]) => [...ids].reverse();

const ESTADOS: Estado[] = ['listo', 'error', 'en_cola', 'procesando'];

/** The i-th document of a test library, with estado, biblioteca and a findable title spread independently. */
function spec(i: number): DocumentSpec {
  return {
    titulo: `Documento ${i}${i % 3 === 0 ? ' sobre cenotes' : ''}`,
    estado: ESTADOS[i % 4],
    ...(i % 5 === 0 && { biblioteca: 'tesis' }),
  };
}

const specs = (n: number) => Array.from({ length: n }, (_, i) => spec(i));

/** The ids (in insertion order) whose spec passes `keep`. */
const where = (ids: string[], all: DocumentSpec[], keep: (s: DocumentSpec) => boolean) =>
  ids.filter((_, i) => keep(all[i]!));

describe('paging the library with siguiente', () => {
  it('reaches each of 12 documents once, newest first, at limite 1, 5 and 11', async () => {
    const lib = await library('doce@example.org');
    const ids = await insertDocuments(ctx.server.runtime.deps.db, lib.userId, specs(12));
    for (const limite of [1, 5, 11]) expect(await pageThrough(lib, limite)).toEqual(newestFirst(ids));
  });

  describe('with more than 100 documents', () => {
    let lib: Library;
    let all: DocumentSpec[];
    let ids: string[];
    beforeAll(async () => {
      lib = await library('ciento@example.org');
      all = specs(105);
      ids = await insertDocuments(ctx.server.runtime.deps.db, lib.userId, all);
    });

    it('reaches each once, newest first, at limite 10, 50 and 200', async () => {
      for (const limite of [10, 50, 200]) expect(await pageThrough(lib, limite)).toEqual(newestFirst(ids));
    });

    it('does the same within the q, estado and biblioteca filters, alone and together', async () => {
      const cases: [Record<string, string>, (s: DocumentSpec) => boolean][] = [
        [{ q: 'CENOTES' }, (s) => s.titulo.includes('cenotes')],
        [{ estado: 'listo' }, (s) => s.estado === 'listo'],
        [{ biblioteca: 'tesis' }, (s) => s.biblioteca === 'tesis'],
        [
          { q: 'cenotes', estado: 'error', biblioteca: 'tesis' },
          (s) => s.titulo.includes('cenotes') && s.estado === 'error' && s.biblioteca === 'tesis',
        ],
      ];
      for (const [filter, keep] of cases) {
        const expected = newestFirst(where(ids, all, keep));
        expect(expected.length).toBeGreaterThan(0);
        expect(await pageThrough(lib, 7, filter)).toEqual(expected);
      }
    });

    it('stays stable when documents are added between pages: the newer ones are not in the walk', async () => {
      const first = await (await ctx.server.request('/api/v1/documentos?limite=20', { headers: auth(lib.key) })).json();
      await insertDocuments(ctx.server.runtime.deps.db, lib.userId, specs(3));
      const rest: string[] = [];
      let cursor: string | undefined = first.siguiente;
      while (cursor) {
        const page = await (
          await ctx.server.request(`/api/v1/documentos?limite=20&cursor=${cursor}`, { headers: auth(lib.key) })
        ).json();
        rest.push(...page.documentos.map((d: { id: string }) => d.id));
        cursor = page.siguiente;
      }
      expect([...first.documentos.map((d: { id: string }) => d.id), ...rest]).toEqual(newestFirst(ids));
    });
  });

  it('reaches each of more than 1,000 documents once, newest first, also within each filter', async () => {
    const lib = await library('mil@example.org');
    const all = specs(1_005);
    const ids = await insertDocuments(ctx.server.runtime.deps.db, lib.userId, all);
    expect(await pageThrough(lib, 200)).toEqual(newestFirst(ids));
    expect(await pageThrough(lib, 50)).toEqual(newestFirst(ids));
    expect(await pageThrough(lib, 50, { q: 'cenotes' })).toEqual(
      newestFirst(where(ids, all, (s) => s.titulo.includes('cenotes'))),
    );
    expect(await pageThrough(lib, 50, { estado: 'error' })).toEqual(
      newestFirst(where(ids, all, (s) => s.estado === 'error')),
    );
    expect(await pageThrough(lib, 50, { biblioteca: 'tesis' })).toEqual(
      newestFirst(where(ids, all, (s) => s.biblioteca === 'tesis')),
    );
    // The export walks the same order in batches of 500: every document once, newest first.
    const exported = await lib.server.request('/api/v1/documentos?formato=csljson', { headers: auth(lib.key) });
    expect(exported.status).toBe(200);
    expect((JSON.parse(await exported.text()) as { id: string }[]).map((item) => item.id)).toEqual(newestFirst(ids));
  }, 120_000);
});

describe('paging a library after random inserts and deletes', () => {
  // A store of its own, so that the sequence starts at 1 and the walk crosses 9 → 10 and 99 → 100.
  const fresh = useTestServer({}, { workers: false });

  it('reaches every remaining document once at limite 1, 7, 50 and 200', async () => {
    const db = fresh.server.runtime.deps.db;
    const lib = await library('azar@example.org', fresh.server);
    const random = seededRandom(19);
    // Ids in insertion order; deletes punch holes anywhere in the sequence.
    const live: string[] = [];
    let made = 0;
    for (let round = 0; round < 8; round++) {
      const add = 5 + Math.floor(random() * 40);
      live.push(
        ...(await insertDocuments(
          db,
          lib.userId,
          specs(add).map((_, i) => spec(made + i)),
        )),
      );
      made += add;
      const remove = Math.floor(random() * Math.min(live.length, 25));
      for (let r = 0; r < remove; r++) {
        const [gone] = live.splice(Math.floor(random() * live.length), 1);
        expect(await deleteDocument(db, lib.userId, gone!)).toBeDefined();
      }
      for (const limite of [1, 7, 50, 200]) {
        const seen = await pageThrough(lib, limite);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(newestFirst(live));
      }
    }
    expect(live.length).toBeGreaterThan(10);
  }, 120_000);
});
