import type { Ancla } from '@folio/shared';
import type { Db } from './db';

export interface LexicalFilter {
  userId: string;
  /** Accent-folded query words, OR-ed: ranking decides, not presence of all. */
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
  lexical: number;
  titulo: string;
  autores: string[];
  anio: number | null;
}

const SAFE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Passages of the caller's ready documents that match the words (their stems in Spanish or English,
 * or their plain form) and contain every phrase, best lexical rank first.
 */
export async function searchLexical(db: Db, f: LexicalFilter): Promise<LexicalHit[]> {
  const words = f.terms.filter((t) => SAFE_WORD.test(t));
  if (!words.length && !f.phrases.length) return [];
  const params: unknown[] = [f.userId, words.join(' | ')];
  const where = ['d.user_id = $1', "d.estado = 'listo'"];
  if (words.length) where.push('p.fts @@ q.query');
  for (const phrase of f.phrases) {
    params.push(phrase);
    where.push(`strpos(lower(regexp_replace(p.texto, '\\s+', ' ', 'g')), $${params.length}) > 0`);
  }
  if (f.documents?.length) {
    params.push(JSON.stringify(f.documents));
    where.push(`p.document_id IN (SELECT jsonb_array_elements_text($${params.length}::text::jsonb))`);
  }
  if (f.biblioteca) {
    params.push(f.biblioteca);
    where.push(`d.biblioteca = $${params.length}`);
  }
  params.push(f.limit);
  const query = words.length
    ? "to_tsquery('spanish', $2) || to_tsquery('english', $2) || to_tsquery('simple', $2)"
    : "''::tsquery";
  return db.query<LexicalHit>(
    `WITH q AS (SELECT ${query} AS query)
     SELECT p.document_id, p.posicion, p.unidad, p.texto, p.ancla,
            ${words.length ? 'ts_rank(p.fts, q.query, 1)' : '1'}::float8 AS lexical,
            d.titulo, d.autores, d.anio
     FROM passages p JOIN documents d ON d.id = p.document_id, q
     WHERE ${where.join(' AND ')}
     ORDER BY lexical DESC, p.document_id, p.posicion
     LIMIT $${params.length}`,
    params,
  );
}
