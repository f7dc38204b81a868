import { describe, expect, it } from 'vitest';
import { foldText } from '../text/fold';
import { passageIndexing } from '../search/passage-indexing';
import { useTestServer } from '../testing/harness';
import { insertDocument, updateDocument } from './documents.repo';
import { indexPassageTerms } from './passage-terms.repo';
import { refreshSearchStatistics, vacuumsItself } from './statistics.repo';
import { replaceContent } from './units.repo';
import { ensureUser } from './users.repo';

const ctx = useTestServer({}, { workers: false });
const db = () => ctx.server.runtime.deps.db;

/** A ready document of 60 passages with 30 distinct words each: 1,800 postings. */
async function seedLarge(userId: string) {
  const id = 'big';
  const titulo = 'Word lists';
  await insertDocument(db(), { id, userId, titulo, autores: [], tipo: 'documento', userMeta: {}, searchKey: '' });
  const units = Array.from({ length: 60 }, (_, i) => ({
    texto: Array.from({ length: 30 }, (_, j) => `word${i}x${j}`).join(' '),
    ancla: { tipo: 'seccion' as const, ruta: [titulo], parrafo: i + 1 },
  }));
  const passages = units.map((u, i) => ({ ...u, posicion: i + 1, unidad: i + 1 }));
  const fields = await replaceContent(db(), id, units, passages, (p) => passageIndexing(p, 'en', titulo));
  await indexPassageTerms(db(), id, foldText(titulo), fields);
  await updateDocument(db(), id, { estado: 'listo', unidades: units.length });
}

describe('refreshSearchStatistics', () => {
  it('vacuums and analyzes where no autovacuum does (the embedded store, a server with it off), then has nothing left to do', async () => {
    const { id } = await ensureUser(db(), 'stats@example.org');
    await seedLarge(id);
    if (await vacuumsItself(db())) {
      // A server's autovacuum vacuums; here only statistics are refreshed, and its activity counters
      // reach pg_stat_user_tables asynchronously, so only the call itself is checked.
      await expect(refreshSearchStatistics(db())).resolves.toBeInstanceOf(Array);
      return;
    }
    const refreshed = await refreshSearchStatistics(db());
    expect(refreshed).toContain('passage_terms');
    // Index-only scans of the postings no longer visit the table: the visibility map is set.
    const [vacuumed] = await db().query<{ all_visible: boolean }>(
      `SELECT relallvisible >= relpages AS all_visible FROM pg_class WHERE relname = 'passage_terms'`,
    );
    expect(vacuumed!.all_visible).toBe(true);
    // A server's counters reach pg_stat_user_tables asynchronously: the exact counts are the embedded store's.
    if (db().kind !== 'pglite') return;
    const counts = async (table: string) =>
      (
        await db().query<{ vacuums: number; analyzes: number; pending: number }>(
          `SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyzes, n_ins_since_vacuum::int AS pending
           FROM pg_stat_user_tables WHERE relname = $1`,
          [table],
        )
      )[0];
    // The postings' tail is vacuumed, but analyzed only after 200,000 changed rows: its one plan needs no
    // statistics, and it is emptied at each compaction. Its 60 passages' postings rows are analyzed.
    expect(await counts('passage_terms')).toEqual({ vacuums: 1, analyzes: 0, pending: 0 });
    expect((await counts('passage_postings'))!.analyzes).toBe(1);
    // Index-only scans of the postings no longer visit the table: the visibility map is set.
    const [visible] = await db().query<{ all_visible: boolean }>(
      `SELECT relallvisible >= relpages AS all_visible FROM pg_class WHERE relname = 'passage_terms'`,
    );
    expect(visible!.all_visible).toBe(true);
    expect(await refreshSearchStatistics(db())).toEqual([]);
  });

  it('analyzes the postings tail once 200,000 of its rows changed', async () => {
    if (db().kind !== 'pglite') return; // a server's autovacuum does it, on its own schedule
    await refreshSearchStatistics(db());
    await db().exec(
      `INSERT INTO passage_terms (lib, term, impact, pid)
       SELECT 999999, 'term' || (g % 5000), 0.5, g FROM generate_series(1, 200001) AS g`,
    );
    const refreshed = await refreshSearchStatistics(db());
    await db().exec('DELETE FROM passage_terms WHERE lib = 999999');
    expect(refreshed).toContain('passage_terms');
    const [terms] = await db().query<{ analyzes: number }>(
      "SELECT analyze_count::int AS analyzes FROM pg_stat_user_tables WHERE relname = 'passage_terms'",
    );
    expect(terms!.analyzes).toBe(1);
  });

  it("analyzes a small library's documents too, as a server's autovacuum would", async () => {
    if (db().kind !== 'pglite') return; // a server's autovacuum does it, on its own schedule
    await refreshSearchStatistics(db());
    // 120 documents: 240 changed rows, under the old 500-row floor, over autovacuum's 50 + 10 %.
    const { id: userId } = await ensureUser(db(), 'small@example.org');
    for (let i = 0; i < 120; i++) {
      const id = `small${i}`;
      await insertDocument(db(), {
        id,
        userId,
        titulo: `Note ${i}`,
        autores: [],
        tipo: 'documento',
        userMeta: {},
        searchKey: '',
      });
      await updateDocument(db(), id, { estado: 'listo', unidades: 0 });
    }
    expect(await refreshSearchStatistics(db())).toContain('documents');
    // The planner now expects the caller's documents, not one row.
    const [plan] = await db().query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
      `EXPLAIN (FORMAT JSON) SELECT * FROM documents WHERE user_id = $1 AND estado = 'listo'`,
      [userId],
    );
    expect(plan!['QUERY PLAN'][0]!.Plan['Plan Rows']).toBeGreaterThan(50);
  });
});
