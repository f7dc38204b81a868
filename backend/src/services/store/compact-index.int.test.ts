import { describe, expect, it } from 'vitest';
import { insertDocument, updateDocument } from '../../db/documents.repo';
import { indexPassageTerms } from '../../db/passage-terms.repo';
import { searchLexical } from '../../db/passages-search.repo';
import { replaceContent } from '../../db/units.repo';
import { ensureUser } from '../../db/users.repo';
import { passageIndexing } from '../../search/passage-indexing';
import { useTestStore } from '../../testing/harness';
import { foldText } from '../../text/fold';
import { startIndexCompaction } from './compact-index-at-start';
import { compactStore } from './compact-store';

describe("moving the lexical index's tail into blocks", () => {
  const fx = useTestStore({ per: 'test', server: true, workers: false });
  const db = () => fx.server.runtime.deps.db;
  const count = async (table: string) =>
    (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  /** A library of 20 documents of 30 passages, indexed as the ingest job does; its user's id. */
  async function library(): Promise<string> {
    const userId = (await ensureUser(db(), 'ana@example.org')).id;
    for (let d = 0; d < 20; d++) {
      const id = `doc${d}`;
      const title = `Karst notes ${d}`;
      await insertDocument(db(), {
        id,
        userId,
        titulo: title,
        autores: [],
        tipo: 'documento',
        userMeta: {},
        searchKey: '',
      });
      const units = Array.from({ length: 30 }, (_, j) => ({
        texto: `Cenote ${d}.${j}: the aquifer ${'drains '.repeat(1 + ((d + j) % 5))}toward the coast of region ${j}.`,
        ancla: { tipo: 'seccion' as const, ruta: [title], parrafo: j + 1 },
      }));
      const passages = units.map((u, i) => ({ ...u, posicion: i + 1, unidad: i + 1 }));
      const fields = await replaceContent(db(), id, units, passages, (p) => passageIndexing(p, 'en', title));
      await indexPassageTerms(db(), id, foldText(title), fields);
      await updateDocument(db(), id, { estado: 'listo', unidades: units.length });
    }
    return userId;
  }
  const search = (userId: string) =>
    searchLexical(db(), { userId, terms: ['aquifer', 'drains', 'coast'], phrases: [], limit: 20 });

  it('runs in the background after a start, in batches, stops between two, and the next start resumes', async () => {
    const userId = await library();
    const ranked = await search(userId);
    const tail = await count('passage_terms');
    const deps = { db: db(), log: fx.server.runtime.deps.log };
    // Stopped at once: at most the batch under way has moved, and searches rank the same.
    const first = startIndexCompaction(deps, { minPostings: 1, batch: 200 });
    await first.stop();
    const moved = await first.done;
    expect(moved).toBeLessThan(tail);
    expect(await search(userId)).toEqual(ranked);
    // A tail below the threshold stays where it is.
    expect(await startIndexCompaction(deps, { minPostings: tail + 1 }).done).toBe(0);
    const second = startIndexCompaction(deps, { minPostings: 1, batch: 200 });
    expect(moved + (await second.done)).toBe(tail);
    expect(await count('passage_terms')).toBe(0);
    expect(await count('term_blocks')).toBeGreaterThan(0);
    expect(await search(userId)).toEqual(ranked);
  }, 60_000);

  it('is part of compacting the store, which says how many postings it moved', async () => {
    const userId = await library();
    const ranked = await search(userId);
    const tail = await count('passage_terms');
    const { postingsMoved, before, after } = await compactStore(db(), fx.server.runtime.deps.blobs, { full: true });
    expect(postingsMoved).toBe(tail);
    expect(after.database).toBeLessThan(before.database);
    expect(await count('passage_terms')).toBe(0);
    expect(await search(userId)).toEqual(ranked);
  }, 60_000);
});
