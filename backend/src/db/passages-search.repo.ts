import type { Ancla } from '@folio/shared';
import type { Db } from './db';

export interface LexicalFilter {
  userId: string;
  /** Accent-folded query words, OR-ed: BM25 ranking decides, not presence of all. */
  terms: string[];
  /** Phrases every result must contain literally (lower case, single spaces). */
  phrases: string[];
  documents?: string[];
  biblioteca?: string;
  limit: number;
}

export interface LexicalHit {
  document_id: string;
  posicion: number;
  unidad: number;
  texto: string;
  ancla: Ancla;
  /** Text read from an image (OCR). */
  visual: boolean;
  lexical: number;
  titulo: string;
  autores: string[];
  anio: number | null;
}

const SAFE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Postings read per query term on the unfiltered path: a term's passages beyond its best
 * `TERM_POSTINGS` by impact rarely reach a top hundred, and reading them would make a common word cost
 * as much as the library is large. Filtered searches read every posting of the filtered documents.
 */
export const TERM_POSTINGS = 1000;

/** Each query word's stems in both languages; a word scores by its better stem. */
const QUERY_TERMS = `
  lib AS MATERIALIZED (
    SELECT u.lib, coalesce(s.passages, 0)::float8 AS n
    FROM users u LEFT JOIN library_stats s ON s.lib = u.lib WHERE u.id = $1),
  variants AS MATERIALIZED (
    SELECT DISTINCT w.i, v.term
    FROM jsonb_array_elements_text($2::text::jsonb) WITH ORDINALITY AS w(word, i), LATERAL unnest(
      tsvector_to_array(to_tsvector('spanish', w.word)) ||
      tsvector_to_array(to_tsvector('english', w.word))) AS v(term)),
  terms AS MATERIALIZED (
    SELECT v.i, v.term, lib.lib, ln(1 + (lib.n - d.df + 0.5) / (d.df + 0.5)) AS idf
    FROM variants v CROSS JOIN lib CROSS JOIN LATERAL (
      -- LIMIT keeps this a keyed look-up per variant rather than a scan of the library's terms.
      SELECT df FROM term_df WHERE term_df.lib = lib.lib AND term_df.term = v.term AND df > 0 LIMIT 1
    ) d)`;

/**
 * Passages of the caller's ready documents that match the words (by their stems in the passage's
 * language), best BM25 first, and contain every phrase. `lexical` is the BM25 score.
 */
export async function searchLexical(db: Db, f: LexicalFilter): Promise<LexicalHit[]> {
  const words = f.terms.filter((t) => SAFE_WORD.test(t));
  if (!words.length && !f.phrases.length) return [];
  const params: unknown[] = [f.userId, JSON.stringify(words)];
  const filters: string[] = [];
  for (const phrase of f.phrases) {
    params.push(phrase);
    filters.push(`strpos(lower(regexp_replace(p.texto, '\\s+', ' ', 'g')), $${params.length}) > 0`);
  }
  if (f.documents?.length) {
    params.push(JSON.stringify(f.documents));
    filters.push(`p.document_id IN (SELECT jsonb_array_elements_text($${params.length}::text::jsonb))`);
  }
  if (f.biblioteca) {
    params.push(f.biblioteca);
    filters.push(`d.biblioteca = $${params.length}`);
  }
  const where = ['d.user_id = $1', "d.estado = 'listo'", ...filters].join(' AND ');
  const columns = `p.document_id, p.posicion, p.unidad, p.texto, p.ancla, p.visual, d.titulo, d.autores, d.anio`;
  params.push(f.limit);
  const limit = `$${params.length}`;

  if (!words.length) {
    // Only phrases made of stopwords: nothing to rank by, every passage holding them matches.
    return db.query<LexicalHit>(
      `SELECT ${columns}, 1::float8 AS lexical
       FROM passages p JOIN documents d ON d.id = p.document_id
       WHERE ${where} ORDER BY p.document_id, p.posicion LIMIT ${limit}`,
      params,
    );
  }
  if (!filters.length) {
    // Each term's best postings by impact; documents not ready drop out after ranking, so the
    // ranking keeps some spare candidates for them.
    params.push(TERM_POSTINGS);
    return db.query<LexicalHit>(
      `WITH ${QUERY_TERMS},
       hits AS (
         SELECT t.i, x.pid, max(t.idf * x.impact) AS s
         FROM terms t CROSS JOIN LATERAL (
           SELECT pt.pid, pt.impact FROM passage_terms pt
           WHERE pt.lib = t.lib AND pt.term = t.term ORDER BY pt.impact DESC LIMIT $${params.length}
         ) x
         GROUP BY t.i, x.pid),
       ranked AS (SELECT pid, sum(s) AS score FROM hits GROUP BY pid ORDER BY score DESC LIMIT ${limit} * 2)
       SELECT ${columns}, r.score::float8 AS lexical
       FROM ranked r JOIN passages p ON p.pid = r.pid JOIN documents d ON d.id = p.document_id
       WHERE ${where}
       ORDER BY lexical DESC, p.document_id, p.posicion LIMIT ${limit}`,
      params,
    );
  }
  return db.query<LexicalHit>(
    `WITH ${QUERY_TERMS},
     hits AS (
       SELECT t.i, pt.pid, max(t.idf * pt.impact) AS s
       FROM terms t
       JOIN passage_terms pt ON pt.lib = t.lib AND pt.term = t.term
       JOIN passages p ON p.pid = pt.pid JOIN documents d ON d.id = p.document_id
       WHERE ${where}
       GROUP BY t.i, pt.pid),
     ranked AS (SELECT pid, sum(s) AS score FROM hits GROUP BY pid ORDER BY score DESC LIMIT ${limit})
     SELECT ${columns}, r.score::float8 AS lexical
     FROM ranked r JOIN passages p ON p.pid = r.pid JOIN documents d ON d.id = p.document_id
     ORDER BY lexical DESC, p.document_id, p.posicion`,
    params,
  );
}
