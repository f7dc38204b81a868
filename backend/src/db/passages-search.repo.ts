import type { Ancla } from '@folio/shared';
import { foldText } from '../text/fold';
import type { Db } from './db';
import type { StoredPart } from './units.repo';

/** Conditions on a candidate's document beyond its owner and its id. */
export interface DocumentFilter {
  biblioteca?: string;
  /** The document's kind (`tipo`: pdf, epub, video…), any of these. */
  tipos?: string[];
  /** The document's year, inclusive bounds; a document without a year passes neither. */
  anioDesde?: number;
  anioHasta?: number;
}

/** SQL conditions on the documents row `d` for a DocumentFilter, their parameters appended to `params`. */
export function documentConditions(f: DocumentFilter, params: unknown[]): string[] {
  const out: string[] = [];
  if (f.biblioteca) {
    params.push(f.biblioteca);
    out.push(`d.biblioteca = $${params.length}`);
  }
  if (f.tipos?.length) {
    params.push(JSON.stringify(f.tipos));
    out.push(`d.tipo IN (SELECT jsonb_array_elements_text($${params.length}::text::jsonb))`);
  }
  if (f.anioDesde !== undefined) {
    params.push(f.anioDesde);
    out.push(`d.anio >= $${params.length}::int`);
  }
  if (f.anioHasta !== undefined) {
    params.push(f.anioHasta);
    out.push(`d.anio <= $${params.length}::int`);
  }
  return out;
}

export interface LexicalFilter extends DocumentFilter {
  userId: string;
  /** Accent-folded query words, OR-ed: BM25 ranking decides, not presence of all. */
  terms: string[];
  /** Phrases every result must contain literally (lower case, single spaces). */
  phrases: string[];
  documents?: string[];
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
const WORDS = /[\p{L}\p{N}]+/gu;

/**
 * Postings read per query term on the unfiltered path: a term's passages beyond its best
 * `TERM_POSTINGS` by impact rarely reach a top hundred, and reading them would make a common word cost
 * as much as the library is large. Searches with a phrase or a documents filter score their (few)
 * candidates one by one; one filtered by biblioteca, kind or year keeps the best postings that pass, and
 * reads all of the query terms' postings there only when too few do.
 */
export const TERM_POSTINGS = 1000;

/**
 * Passages holding a quoted phrase weighed per result asked, taken in the order of the key word's
 * impact: a phrase of common words can be in thousands of passages, and checking them all cost
 * seconds at 100,000 passages. Ranking, not matching, is what the bound approximates: the first
 * passages holding the phrase are always found.
 */
export const PHRASE_MATCHES = 3;

/** A literal phrase as a case-insensitive regex: its words in order, any whitespace between them. */
export function phraseRegex(phrase: string): string {
  return phrase
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'))
    .join('\\s+');
}

/**
 * The words of a phrase that PostgreSQL's parser reads as words wherever the phrase appears, so that a
 * passage holding the phrase surely holds their stems: letters only (hyphen and apostrophe parts
 * included), not pieces of a number ('1.2-3.4'), a URL, an address or a path, which the parser keeps
 * whole in context.
 */
export function phraseKeys(phrase: string): string[] {
  return phrase.split(' ').flatMap((chunk) => {
    const bare = chunk.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    return /^[\p{L}]+(?:[-'’][\p{L}]+)*$/u.test(bare) ? (foldText(bare).match(WORDS) ?? []) : [];
  });
}

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
      -- Keyed look-ups per variant (folded and pending, migration 028), not a scan of the library's terms.
      SELECT term_df_of(lib.lib, v.term) AS df
    ) d
    WHERE d.df > 0)`;

/** All postings of a library's term (pid, impact): the index's tail, then its blocks (migration 030). Unordered. */
const POSTINGS_OF = (lib: string, term: string) => `(
  SELECT pt.pid, pt.impact FROM passage_terms pt WHERE pt.lib = ${lib} AND pt.term = ${term}
  UNION ALL
  SELECT u.pid, u.impact FROM term_blocks b, unnest(b.pids, b.impacts) AS u(pid, impact)
  WHERE b.lib = ${lib} AND b.term = ${term})`;

/**
 * Each query term's best `$n` postings by impact, as `hits` (word, pid, score): the tail's by its impact
 * index, and those of the blocks that can hold any of them. Blocks taken by their lowest impact, highest
 * first, hold `$n` postings once their lowest impact falls to some θ: every best posting is at least θ,
 * so a block whose highest impact is below θ holds none of them (a few header rows read per term). Equal
 * impacts are taken in passage order, so that where the postings happen to lie never changes the result.
 */
const BEST_POSTINGS = (n: number) => `
  hits AS (
    SELECT t.i, x.pid, max(t.idf * x.impact) AS s
    FROM terms t CROSS JOIN LATERAL (
      SELECT y.pid, y.impact FROM (
        (SELECT pt.pid, pt.impact FROM passage_terms pt
         WHERE pt.lib = t.lib AND pt.term = t.term ORDER BY pt.impact DESC, pt.pid LIMIT $${n})
        UNION ALL
        SELECT u.pid, u.impact FROM term_blocks b, unnest(b.pids, b.impacts) AS u(pid, impact)
        WHERE b.lib = t.lib AND b.term = t.term AND b.max_impact >= (
          SELECT coalesce(max(w.min_impact) FILTER (WHERE w.held >= $${n}), '-Infinity')
          FROM (SELECT h.min_impact, sum(h.n) OVER (ORDER BY h.min_impact DESC) AS held
                FROM term_blocks h WHERE h.lib = t.lib AND h.term = t.term) w)
      ) y ORDER BY y.impact DESC, y.pid LIMIT $${n}
    ) x
    GROUP BY t.i, x.pid)`;

/**
 * The conditions every lexical hit meets, with their parameters pushed onto `params` (after the caller's
 * user, `$1`): each phrase literally, the documents asked for, the document filters.
 */
function passageConditions(f: LexicalFilter, params: unknown[]) {
  const filters: string[] = [];
  for (const phrase of f.phrases) {
    params.push(phraseRegex(phrase));
    // A case-insensitive regex folds case and whitespace without copying the text (lower() and
    // replace() made four copies of it: six times slower on 100,000 passages).
    filters.push(`p.texto ~* $${params.length}`);
  }
  let documentsParam = '';
  if (f.documents?.length) {
    params.push(JSON.stringify(f.documents));
    documentsParam = `$${params.length}::text::jsonb`;
    filters.push(`p.document_id IN (SELECT jsonb_array_elements_text(${documentsParam}))`);
  }
  filters.push(...documentConditions(f, params));
  const where = ['d.user_id = $1', "d.estado = 'listo'", ...filters].join(' AND ');
  return { where, filters, documentsParam };
}

/**
 * Passages of the caller's ready documents that match the words (by their stems in the passage's
 * language), best BM25 first, and contain every phrase. `lexical` is the BM25 score.
 */
export async function searchLexical(db: Db, f: LexicalFilter): Promise<LexicalHit[]> {
  const words = f.terms.filter((t) => SAFE_WORD.test(t));
  if (!words.length && !f.phrases.length) return [];
  const columns = `p.document_id, p.posicion, p.unidad, p.texto, p.ancla, p.visual, d.titulo, d.autores, d.anio`;
  if (!words.length) {
    // Only phrases made of stopwords: nothing to rank by, every passage holding them matches. Its own
    // parameters: the query words' list would be a parameter no statement reads, whose type PostgreSQL
    // cannot determine.
    const params: unknown[] = [f.userId];
    const { where } = passageConditions(f, params);
    params.push(f.limit);
    return db.query<LexicalHit>(
      `SELECT ${columns}, 1::float8 AS lexical
       FROM passages p JOIN documents d ON d.id = p.document_id
       WHERE ${where} ORDER BY p.document_id, p.posicion LIMIT $${params.length}`,
      params,
    );
  }
  const params: unknown[] = [f.userId, JSON.stringify(words)];
  const { where, filters, documentsParam } = passageConditions(f, params);
  params.push(f.limit);
  const limit = `$${params.length}`;

  if (!filters.length) {
    // Each term's best postings by impact; documents not ready drop out after ranking, so the
    // ranking keeps some spare candidates for them.
    params.push(TERM_POSTINGS);
    return db.query<LexicalHit>(
      `WITH ${QUERY_TERMS}, ${BEST_POSTINGS(params.length)},
       ranked AS (SELECT pid, sum(s) AS score FROM hits GROUP BY pid ORDER BY score DESC LIMIT ${limit} * 2)
       SELECT ${columns}, r.score::float8 AS lexical
       FROM ranked r JOIN passages p ON p.pid = r.pid JOIN documents d ON d.id = p.document_id
       WHERE ${where}
       ORDER BY lexical DESC, p.document_id, p.posicion LIMIT ${limit}`,
      params,
    );
  }
  if (!f.phrases.length && !f.documents?.length) {
    // Conditions on documents only (biblioteca, kinds, years): the same best postings, filtered in the
    // order of their score until `limit` pass. Reading every posting of every term and joining each to
    // its document first cost seconds at 100,000 passages for a filter most documents pass. Only when
    // too few of the best pass (a narrow filter) are all of the terms' postings read.
    const firstParams = [...params, TERM_POSTINGS];
    const best = await db.query<LexicalHit>(
      `WITH ${QUERY_TERMS}, ${BEST_POSTINGS(firstParams.length)},
       ranked AS (SELECT pid, sum(s) AS score FROM hits GROUP BY pid ORDER BY score DESC),
       kept AS MATERIALIZED (
         SELECT r.pid, r.score FROM ranked r
         CROSS JOIN LATERAL (
           SELECT p.document_id, p.posicion FROM passages p JOIN documents d ON d.id = p.document_id
           WHERE p.pid = r.pid AND ${where} LIMIT 1) ok
         ORDER BY r.score DESC, ok.document_id, ok.posicion LIMIT ${limit})
       SELECT ${columns}, k.score::float8 AS lexical
       FROM kept k JOIN passages p ON p.pid = k.pid JOIN documents d ON d.id = p.document_id
       ORDER BY lexical DESC, p.document_id, p.posicion`,
      firstParams,
    );
    if (best.length >= f.limit) return best;
  }
  // Candidates: for a quoted phrase, the postings of its rarest word (in either language's stem: a
  // passage holding the phrase holds the word), best impact first, kept while they also hold the
  // phrase's other words and the literal phrase, up to `PHRASE_MATCHES` × limit of them; for a
  // documents filter, those documents' passages.
  const phraseWords = [...new Set(f.phrases.flatMap(phraseKeys))];
  let candidates: string | undefined;
  let matchLimit = '';
  if (f.phrases.length && !f.documents?.length) {
    params.push(JSON.stringify(phraseWords));
    candidates = `
      pw AS MATERIALIZED (
        SELECT es.v || en.v AS variants
        FROM jsonb_array_elements_text($${params.length}::text::jsonb) AS w(word),
        LATERAL (SELECT tsvector_to_array(to_tsvector('spanish', w.word)) AS v) es,
        LATERAL (SELECT tsvector_to_array(to_tsvector('english', w.word)) AS v) en
        -- A stopword of either language is missing from that language's passages: no use as a key.
        WHERE cardinality(es.v) > 0 AND cardinality(en.v) > 0),
      pick AS MATERIALIZED (
        SELECT pw.variants FROM pw CROSS JOIN lib
        ORDER BY (SELECT coalesce(sum(term_df_of(lib.lib, v)), 0) FROM unnest(pw.variants) AS v)
        LIMIT 1),
      others AS MATERIALIZED (
        SELECT row_number() OVER () AS o, pw.variants FROM pw WHERE pw.variants <> (SELECT variants FROM pick)),
      -- The key word's postings (each language's stem: a passage of unknown language is under both).
      keyed AS MATERIALIZED (
        SELECT x.pid, max(x.impact) AS impact
        FROM lib CROSS JOIN (SELECT DISTINCT v.term FROM pick, unnest(pick.variants) AS v(term)) v
        CROSS JOIN LATERAL ${POSTINGS_OF('lib.lib', 'v.term')} x
        GROUP BY x.pid),
      -- Those holding every other word of the phrases too (any of its stems): the words' postings lists
      -- intersected, so that only passages holding all the words have their text read. Probing each of the
      -- key word's passages for the others, one row each, cost most of a phrase query whose words are
      -- common but seldom side by side (thousands of probes).
      holding AS MATERIALIZED (
        SELECT k.pid, k.impact FROM keyed k WHERE NOT EXISTS (SELECT 1 FROM others)
        UNION ALL
        SELECT k.pid, k.impact FROM keyed k JOIN (
          SELECT x.pid FROM others o CROSS JOIN lib
          CROSS JOIN LATERAL (SELECT DISTINCT v.term FROM unnest(o.variants) AS v(term)) v
          CROSS JOIN LATERAL ${POSTINGS_OF('lib.lib', 'v.term')} x
          WHERE x.pid IN (SELECT pid FROM keyed)
          GROUP BY x.pid HAVING count(DISTINCT o.o) = (SELECT count(*) FROM others)
        ) h ON h.pid = k.pid),
      -- In the key word's impact order.
      cands AS (
        SELECT h.pid, h.impact FROM holding h
        UNION ALL
        -- Every word of every phrase a stopword somewhere: nothing to key on, all the caller's passages.
        SELECT p.pid, 0 FROM passages p JOIN documents d ON d.id = p.document_id
        WHERE d.user_id = $1 AND NOT EXISTS (SELECT 1 FROM pick)
        ORDER BY impact DESC, pid)`;
    // ... then the literal text.
    params.push(PHRASE_MATCHES);
    matchLimit = `LIMIT ${limit}::int * $${params.length}::int`;
  } else if (f.documents?.length) {
    candidates = `
      -- An array, not a set: the planner then reads the documents' passages by their key; a set of
      -- unknown size was planned as a scan of every passage (20 ms at 20,000 passages).
      cands AS MATERIALIZED (
        SELECT p.pid FROM passages p
        WHERE p.document_id = ANY (ARRAY(SELECT jsonb_array_elements_text(${documentsParam}))))`;
  }
  if (candidates) {
    return db.query<LexicalHit>(
      `WITH ${QUERY_TERMS},${candidates},
       -- The filters (a phrase's literal text above all) run on the candidates only, one by one.
       -- The passage and its document are looked up inside the LIMIT 1 so that they stay a per-candidate
       -- check: joined outside, the planner could loop over the caller's documents and read every
       -- candidate again for each (a phrase of common words: 146 × 1,975 regex checks, 5.8 s).
       matched AS MATERIALIZED (
         SELECT c.pid FROM cands c
         CROSS JOIN LATERAL (
           SELECT 1 FROM passages p JOIN documents d ON d.id = p.document_id
           WHERE p.pid = c.pid AND ${where} LIMIT 1) kept
         ${matchLimit}),
       -- Each candidate's own postings read once (one row per passage), each query term looked up there.
       -- Materialized: inlined, the score was computed twice per candidate (for the filter, for the order).
       scored AS MATERIALIZED (
         SELECT m.pid, (
           SELECT sum(b.best) FROM (
             SELECT max(t.idf * pp.impacts[array_position(pp.terms, t.term)]) AS best
             FROM terms t GROUP BY t.i) b
         ) AS score
         -- A passage whose language is unknown is listed under both stems of the key word.
         -- Looked up per candidate (LIMIT 1 keeps it a lateral): as a join, the planner hashed every
         -- passage's row (a scan of the whole table) for a hundred candidates.
         FROM (SELECT DISTINCT pid FROM matched) m
         LEFT JOIN LATERAL (SELECT x.terms, x.impacts FROM passage_postings x WHERE x.pid = m.pid LIMIT 1) pp ON true),
       top AS MATERIALIZED (
         SELECT pid, coalesce(score, 0) AS score FROM scored ${f.phrases.length ? '' : 'WHERE score IS NOT NULL'}
         ORDER BY score DESC LIMIT ${limit})
       SELECT ${columns}, s.score::float8 AS lexical
       FROM top s CROSS JOIN LATERAL (SELECT * FROM passages p WHERE p.pid = s.pid LIMIT 1) p
       JOIN documents d ON d.id = p.document_id
       ORDER BY lexical DESC, p.document_id, p.posicion`,
      params,
    );
  }
  return db.query<LexicalHit>(
    `WITH ${QUERY_TERMS},
     hits AS (
       SELECT t.i, pt.pid, max(t.idf * pt.impact) AS s
       FROM terms t
       CROSS JOIN LATERAL ${POSTINGS_OF('t.lib', 't.term')} pt
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

/**
 * The stored blocks of the passages a search returns, by 'document:posicion' (none for a passage that has
 * none). Read for the few results only: candidates never need them.
 */
export async function readPassageParts(
  db: Db,
  userId: string,
  passages: readonly { document_id: string; posicion: number }[],
): Promise<Map<string, StoredPart[]>> {
  if (passages.length === 0) return new Map();
  const rows = await db.query<{ document_id: string; posicion: number; partes: StoredPart[] }>(
    `SELECT p.document_id, p.posicion, p.partes
     FROM jsonb_to_recordset($2::text::jsonb) AS k(document_id text, posicion int)
     JOIN passages p ON p.document_id = k.document_id AND p.posicion = k.posicion
     JOIN documents d ON d.id = p.document_id
     WHERE d.user_id = $1 AND p.partes IS NOT NULL`,
    [userId, JSON.stringify(passages.map((p) => ({ document_id: p.document_id, posicion: p.posicion })))],
  );
  return new Map(rows.map((r) => [`${r.document_id}:${r.posicion}`, r.partes]));
}
