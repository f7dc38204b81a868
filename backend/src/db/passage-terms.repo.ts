import type { Db } from './db';
import type { PassageFields } from './units.repo';
import { vacuumsItself } from './statistics.repo';

/** BM25 parameters of a document's postings; the defaults live in the SQL function (migration 008). */
export interface TermIndexing {
  k1?: number;
  b?: number;
  avgLength?: number;
  titleWeight?: number;
  headingWeight?: number;
}

/**
 * Writes the BM25 postings of a document's passages from their folded text and headings (`fields`, as
 * `replaceContent` returns them) and the document's title (accent folded), replacing any the document had,
 * and updates its library's statistics. Run once the document's passages and title are final; returns the
 * number of passages indexed.
 */
export async function indexPassageTerms(
  db: Db,
  documentId: string,
  foldedTitle: string,
  fields: readonly PassageFields[],
  params: TermIndexing = {},
): Promise<number> {
  const named: string[] = [];
  const values: unknown[] = [documentId, foldedTitle, JSON.stringify(fields)];
  const add = (name: string, v: number | undefined) => {
    if (v === undefined) return;
    values.push(v);
    named.push(`${name} => $${values.length}::float8`);
  };
  add('k1', params.k1);
  add('b', params.b);
  add('avg_length', params.avgLength);
  add('title_weight', params.titleWeight);
  add('heading_weight', params.headingWeight);
  const [row] = await db.query<{ n: number }>(
    `SELECT index_passage_terms($1, $2, $3::text::jsonb${named.map((n) => `, ${n}`).join('')}) AS n`,
    values,
  );
  return row?.n ?? 0;
}

/** A library's BM25 statistics: indexed passages and the document frequency of the given terms. */
export async function libraryTermStats(
  db: Db,
  userId: string,
  terms: string[],
): Promise<{ passages: number; df: Map<string, number> }> {
  const rows = await db.query<{ term: string | null; df: number }>(
    `SELECT NULL AS term, coalesce(s.passages, 0) AS df
       FROM users u LEFT JOIN library_stats s ON s.lib = u.lib WHERE u.id = $1
     UNION ALL
     SELECT w.term, term_df_of(u.lib, w.term) FROM users u, jsonb_array_elements_text($2::text::jsonb) AS w(term)
      WHERE u.id = $1`,
    [userId, JSON.stringify(terms)],
  );
  const df = new Map<string, number>();
  let passages = 0;
  for (const r of rows) {
    if (r.term === null) passages = r.df;
    else df.set(r.term, r.df);
  }
  return { passages, df };
}

/** Pending document-frequency changes past which they are folded into term_df (a few dozen documents). */
export const FOLD_TERM_CHANGES = 50_000;

/**
 * Folds the pending document-frequency changes into term_df (migration 028) once there are at least
 * `minChanges` of them, so that a term's frequency stays two keyed look-ups. Returns the terms updated.
 */
export async function foldTermFrequencies(db: Db, minChanges = FOLD_TERM_CHANGES): Promise<number> {
  const [due] = await db.query<{ due: boolean }>(
    'SELECT count(*) >= $1::int AS due FROM (SELECT 1 FROM term_df_changes LIMIT $1::int) c',
    [minChanges],
  );
  if (!due?.due) return 0;
  if (db.kind === 'pglite') {
    // One connection, so nothing is written between the fold and the truncate. A vacuum left the
    // folded rows' space to be reused, but the index kept the size of its largest batch (45 MB from
    // 20,000 passages on, a small library's database twice over); a truncate gives both back.
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ n: number }>('SELECT fold_term_df() AS n');
      await tx.exec('TRUNCATE term_df_changes');
      return row?.n ?? 0;
    });
  }
  // On a server a truncate would lock out the searches reading them: its autovacuum reclaims the folded
  // rows, or, where it is off, a vacuum here (every frequency look-up walks them until then).
  const [row] = await db.query<{ n: number }>('SELECT fold_term_df() AS n');
  if (!(await vacuumsItself(db))) await db.exec('VACUUM term_df_changes');
  return row?.n ?? 0;
}
