import { beforeAll, describe, expect, it } from 'vitest';
import type { TipoDocumento } from '@folio/shared';
import { passageIndexing } from '../search/passage-indexing';
import { storedPassageFields } from '../services/documents/metadata-in-force';
import { foldText } from '../text/fold';
import { useTestServer } from '../testing/harness';
import { insertDocument, updateDocument } from './documents.repo';
import { indexPassageTerms } from './passage-terms.repo';
import { compactPassageTerms } from './term-blocks.repo';
import { searchLexical, TERM_POSTINGS, type LexicalFilter } from './passages-search.repo';
import { replaceContent } from './units.repo';
import { ensureUser } from './users.repo';

const ctx = useTestServer({}, { workers: false });
const db = () => ctx.server.runtime.deps.db;

const FILLER = ['basin', 'river', 'aquifer', 'rain', 'village', 'survey', 'season', 'field', 'harvest', 'soil'];
const DOCUMENTS = 12;
const PASSAGES = 100;

/** Passage j of document d: 'water' in every one, as often and in as long a text as (d, j) make it. */
function text(d: number, j: number): string {
  const filler = Array.from({ length: 3 + ((d * 7 + j * 3) % 23) }, (_, k) => FILLER[(d + j + k) % FILLER.length]);
  const water = Array.from({ length: 1 + ((d + j) % 4) }, () => 'water');
  const extra = j % 10 === 0 ? ' The slow sand filter of the village.' : d === 3 && j < 5 ? ' Zeolite.' : '';
  return `${water.join(' ')} ${filler.join(' ')} report ${d} ${j}.${extra}`;
}

const kindOf = (d: number): TipoDocumento => (d === 7 ? 'epub' : 'documento');
const titleOf = (d: number) => `Water report ${d}`;

async function seed(userId: string, prefix: string, d: number) {
  const id = `${prefix}${d}`;
  await insertDocument(db(), {
    id,
    userId,
    titulo: titleOf(d),
    autores: [],
    tipo: kindOf(d),
    userMeta: {},
    searchKey: '',
  });
  const units = Array.from({ length: PASSAGES }, (_, j) => ({
    texto: text(d, j),
    ancla: { tipo: 'seccion' as const, ruta: [titleOf(d)], parrafo: j + 1 },
  }));
  const passages = units.map((u, i) => ({ ...u, posicion: i + 1, unidad: i + 1 }));
  const fields = await replaceContent(db(), id, units, passages, (p) => passageIndexing(p, 'en', titleOf(d)));
  await indexPassageTerms(db(), id, foldText(titleOf(d)), fields);
  await updateDocument(db(), id, { estado: 'listo', unidades: units.length });
}

/** Document d's postings written again, under the same title: the same postings. */
const reindex = async (d: number) =>
  indexPassageTerms(db(), `a${d}`, foldText(titleOf(d)), await storedPassageFields(db(), `a${d}`, titleOf(d)));

/** Every path of the lexical search, for one library whose document ids start with `prefix`. */
function queries(userId: string, prefix: string): LexicalFilter[] {
  const base = { userId, phrases: [], limit: 10 };
  return [
    { ...base, terms: ['water'] },
    { ...base, terms: ['water', 'aquifer', 'harvest'] },
    { ...base, terms: ['village', 'water'], phrases: ['slow sand filter'] },
    { ...base, terms: ['water', 'soil'], documents: [`${prefix}2`, `${prefix}9`] },
    { ...base, terms: ['water', 'rain'], tipos: ['documento'] },
    // Only the weakest passages pass: all of the terms' postings are read.
    { ...base, terms: ['water'], tipos: ['epub'], limit: 150 },
    { ...base, terms: ['water', 'survey'], limit: 200 },
  ];
}

/** The results of every query, by document (without the library's prefix) and passage, with their scores. */
async function results(userId: string, prefix: string) {
  const out = [];
  for (const q of queries(userId, prefix)) {
    const hits = await searchLexical(db(), q);
    out.push(hits.map((h) => `${h.document_id.slice(prefix.length)}:${h.posicion}:${h.lexical.toFixed(5)}`));
  }
  return out;
}

const count = async (sql: string) => (await db().query<{ n: number }>(sql))[0]!.n;

/** Postings in the tail or a block with no twin in their passage's passage_postings row, or the reverse. */
const unpaired = () =>
  count(
    `SELECT count(*)::int AS n FROM (
       SELECT pid, lib, term, impact FROM passage_terms
       UNION ALL
       SELECT u.pid, b.lib, b.term, u.impact FROM term_blocks b, unnest(b.pids, b.impacts) AS u(pid, impact)) pt
     FULL JOIN (SELECT pp.pid, pp.lib, x.term, x.impact
                FROM passage_postings pp, unnest(pp.terms, pp.impacts) AS x(term, impact)) q
       ON q.pid = pt.pid AND q.lib = pt.lib AND q.term = pt.term AND q.impact = pt.impact
     WHERE q.pid IS NULL OR pt.pid IS NULL`,
  );

/** Every block, as text (library, term, bounds, size, passages, impacts), sorted. */
const blocks = async () =>
  (
    await db().query<{ b: string }>(
      `SELECT concat_ws(' ', lib, term, max_impact, min_impact, n, pids::text, impacts::text) AS b FROM term_blocks`,
    )
  )
    .map((r) => r.b)
    .sort();

/**
 * The blocks the tail's postings make by definition: each term's postings numbered in impact order (equal
 * impacts in passage order) and cut every 128. The compactions must write exactly these.
 */
const tailAsBlocks = async () =>
  (
    await db().query<{ b: string }>(
      `SELECT concat_ws(' ', lib, term, max(impact), min(impact), count(*),
                        array_agg(pid ORDER BY impact DESC, pid)::text, array_agg(impact ORDER BY impact DESC, pid)::text) AS b
       FROM (SELECT lib, term, impact, pid,
                    (row_number() OVER (PARTITION BY lib, term ORDER BY impact DESC, pid) - 1) / 128 AS blk
             FROM passage_terms) x
       GROUP BY lib, term, blk`,
    )
  ).map((r) => r.b);

let ana: string;
let before: string[][];

beforeAll(async () => {
  ana = (await ensureUser(db(), 'ana@example.org')).id;
  for (let d = 1; d <= DOCUMENTS; d++) await seed(ana, 'a', d);
  before = await results(ana, 'a');
}, 120_000);

describe('posting blocks', () => {
  it('holds a term with more postings than a search reads', async () => {
    expect(await count("SELECT count(*)::int AS n FROM passage_terms WHERE term = 'water'")).toBeGreaterThan(
      TERM_POSTINGS,
    );
    expect(before[0]).toHaveLength(10);
    expect(before[5]!.length).toBe(PASSAGES);
  });

  it('finds the same passages with the same scores once the tail is moved into blocks, a few terms at a time', async () => {
    // Not yet due: nothing moves.
    expect(await compactPassageTerms(db())).toBe(0);
    const tail = await count('SELECT count(*)::int AS n FROM passage_terms');
    const expected = (await tailAsBlocks()).sort();
    // Batches smaller than one term's postings: each moves whole terms, and the next resumes after them.
    expect(await compactPassageTerms(db(), { minPostings: 1, batch: 500 })).toBe(tail);
    expect(await blocks()).toEqual(expected);
    expect(await count('SELECT count(*)::int AS n FROM passage_terms')).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM term_blocks WHERE term = 'water'")).toBe(
      Math.ceil((DOCUMENTS * PASSAGES) / 128),
    );
    expect(await count('SELECT max(n)::int AS n FROM term_blocks')).toBe(128);
    expect(await unpaired()).toBe(0);
    expect(await results(ana, 'a')).toEqual(before);
  });

  it('searches blocks of several compactions beside the tail: impact ranges that overlap', async () => {
    // Indexed again with the same title: the postings leave their blocks and come back, equal, in the tail.
    for (const d of [5, 6, 7, 8]) await reindex(d);
    expect(await count('SELECT count(*)::int AS n FROM passage_terms')).toBeGreaterThan(0);
    expect(await unpaired()).toBe(0);
    expect(await results(ana, 'a')).toEqual(before);
    const tail = await count('SELECT count(*)::int AS n FROM passage_terms');
    const expected = [...(await blocks()), ...(await tailAsBlocks())].sort();
    // In one pass: the blocks already there, and the tail's.
    expect(await compactPassageTerms(db(), { minPostings: 1, exact: true })).toBe(tail);
    expect(await blocks()).toEqual(expected);
    for (const d of [9, 10, 11, 12]) await reindex(d);
    expect(await unpaired()).toBe(0);
    expect(await results(ana, 'a')).toEqual(before);
  });

  it('forgets a deleted document from its blocks: ranks as a library that never held it', async () => {
    expect(await count("SELECT count(*)::int AS n FROM term_blocks WHERE term = 'zeolit'")).toBe(1);
    await db().query("DELETE FROM documents WHERE id = 'a3'");
    expect(await unpaired()).toBe(0);
    // A block all of whose postings were the document's is gone.
    expect(await count("SELECT count(*)::int AS n FROM term_blocks WHERE term = 'zeolit'")).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM term_blocks WHERE n = 0 OR cardinality(pids) <> n')).toBe(0);
    // The same documents but the third, in another library, all in the tail.
    const ben = (await ensureUser(db(), 'ben@example.org')).id;
    for (let d = 1; d <= DOCUMENTS; d++) if (d !== 3) await seed(ben, 'b', d);
    const fresh = await results(ben, 'b');
    expect(fresh[0]).toHaveLength(10);
    expect(await results(ana, 'a')).toEqual(fresh);
    // A library's blocks are its own. Due by the activity counters, as after each ready document.
    const tail = await count('SELECT count(*)::int AS n FROM passage_terms');
    expect(await compactPassageTerms(db(), { minPostings: tail })).toBe(tail);
    expect(await count('SELECT count(*)::int AS n FROM passage_terms')).toBe(0);
    // The tail's index gives its pages back (deleting the moved rows left it at its largest, on a server).
    expect(await count("SELECT pg_relation_size('passage_terms_impact')::int AS n")).toBeLessThanOrEqual(2 * 8192);
    expect(await results(ben, 'b')).toEqual(fresh);
    expect(await results(ana, 'a')).toEqual(fresh);
    expect(await count("SELECT count(DISTINCT lib)::int AS n FROM term_blocks WHERE term = 'water'")).toBe(2);
  });
});
