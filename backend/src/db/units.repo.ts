import type { Ancla } from '@folio/shared';
import type { Db } from './db';

/** A piece of a unit with its own, finer anchor: a paragraph of a section, a cue, a sheet's row. */
export interface UnitBlock {
  texto: string;
  ancla: Ancla;
}

export interface UnitRow {
  posicion: number;
  texto: string;
  ancla: Ancla;
  impresa: string | null;
  t0: number | null;
  t1: number | null;
  /**
   * The unit's blocks in order, read only when asked for (`readUnits(…, { blocks: true })`); null when
   * none were stored (see `storedBlocks`), undefined when not read.
   */
  bloques?: readonly UnitBlock[] | null;
}

export interface NewUnit {
  texto: string;
  ancla: Ancla;
  bloques?: readonly UnitBlock[];
  t0?: number;
  t1?: number;
}

/** One of a passage's blocks with its finer anchor: `texto.slice(desde, hasta)`, as ingestion stores it. */
export interface StoredPart {
  desde: number;
  hasta: number;
  ancla: Ancla;
}

export interface NewPassage {
  posicion: number;
  unidad: number;
  texto: string;
  ancla: Ancla;
  /** Text read from an image (OCR). */
  visual?: boolean;
  /** Its blocks (`texto.slice(desde, hasta)`) with their finer anchors, when they are anchored differently. */
  partes?: readonly StoredPart[];
}

/** What lexical search indexes for a passage: its configuration and its accent-folded text. */
export interface PassageIndexing {
  lang: 'spanish' | 'english' | 'simple';
  folded: string;
  /** Accent-folded headings above the passage (not the document's title), weighted above the body. */
  heading?: string;
}

/** A passage's text as its postings are written from it (migration 031): by position, folded, headings. */
export interface PassageFields {
  posicion: number;
  folded: string;
  heading: string;
}

const BATCH = 200;

function printedOf(ancla: Ancla): string | null {
  if ((ancla.tipo === 'pagina' || ancla.tipo === 'seccion') && ancla.impresa) return ancla.impresa.toLowerCase();
  return null;
}

/**
 * The blocks worth storing for a unit, or null. A single block, or blocks all anchored where the unit is
 * (a slide's text boxes), say nothing the unit's text and anchor do not: storing them would only double
 * the unit's text.
 */
export function storedBlocks(unit: NewUnit): readonly UnitBlock[] | null {
  const blocks = unit.bloques;
  if (!blocks || blocks.length < 2) return null;
  const own = JSON.stringify(unit.ancla);
  return blocks.some((b) => JSON.stringify(b.ancla) !== own) ? blocks : null;
}

/**
 * Replaces the units and passages of a document in one transaction (a re-run starts clean). Returns what
 * its postings are written from (`indexPassageTerms`).
 */
export async function replaceContent(
  db: Db,
  documentId: string,
  units: NewUnit[],
  passages: NewPassage[],
  indexing?: (p: NewPassage) => PassageIndexing,
): Promise<PassageFields[]> {
  const fields: PassageFields[] = [];
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM passages WHERE document_id = $1', [documentId]);
    await tx.query('DELETE FROM units WHERE document_id = $1', [documentId]);
    for (let i = 0; i < units.length; i += BATCH) {
      const chunk = units.slice(i, i + BATCH);
      await tx.query(
        `INSERT INTO units (document_id, posicion, texto, ancla, impresa, t0, t1, bloques)
         SELECT $1, u.posicion, u.texto, u.ancla, u.impresa, u.t0, u.t1, u.bloques
         FROM jsonb_to_recordset($2::text::jsonb)
           AS u(posicion int, texto text, ancla jsonb, impresa text, t0 float8, t1 float8, bloques jsonb)`,
        [
          documentId,
          JSON.stringify(
            chunk.map((u, j) => ({
              posicion: i + j + 1,
              texto: u.texto,
              ancla: u.ancla,
              impresa: printedOf(u.ancla),
              t0: u.t0 ?? null,
              t1: u.t1 ?? null,
              bloques: storedBlocks(u)?.map((b) => ({ texto: b.texto, ancla: b.ancla })) ?? null,
            })),
          ),
        ],
      );
    }
    for (let i = 0; i < passages.length; i += BATCH) {
      const chunk = passages.slice(i, i + BATCH).map((p) => {
        const ix = indexing?.(p) ?? { lang: 'simple' as const, folded: p.texto };
        fields.push({ posicion: p.posicion, folded: ix.folded, heading: ix.heading ?? '' });
        return {
          ...p,
          visual: p.visual ?? false,
          lang: ix.lang,
          partes: p.partes ?? null,
        };
      });
      // Its language decides its stems (English and Spanish when it cannot be told), computed when its
      // postings are written.
      await tx.query(
        `INSERT INTO passages (document_id, posicion, unidad, texto, ancla, visual, lang, partes)
         SELECT $1, p.posicion, p.unidad, p.texto, p.ancla, p.visual, p.lang, p.partes
         FROM jsonb_to_recordset($2::text::jsonb)
           AS p(posicion int, unidad int, texto text, ancla jsonb, visual boolean, lang text, partes jsonb)`,
        [documentId, JSON.stringify(chunk)],
      );
    }
  });
  return fields;
}

/** A document's passages as their postings are written from them: position, text and anchor. */
export async function readPassagesToIndex(
  db: Db,
  documentId: string,
): Promise<{ posicion: number; texto: string; ancla: Ancla }[]> {
  return db.query('SELECT posicion, texto, ancla FROM passages WHERE document_id = $1 ORDER BY posicion', [documentId]);
}

const UNIT_COLUMNS = 'posicion, texto, ancla, impresa, t0, t1';

/**
 * Units from `from` to `to` (inclusive) in physical order, at most `limit`; with `blocks`, each with its
 * stored blocks (only the reader lays units out by them: text and search never pay for reading them).
 */
export async function readUnits(
  db: Db,
  documentId: string,
  from: number,
  to: number,
  limit: number,
  opts: { blocks?: boolean } = {},
): Promise<UnitRow[]> {
  return db.query<UnitRow>(
    `SELECT ${UNIT_COLUMNS}${opts.blocks ? ', bloques' : ''} FROM units
     WHERE document_id = $1 AND posicion BETWEEN $2 AND $3 ORDER BY posicion LIMIT $4`,
    [documentId, from, to, limit],
  );
}

/** The printed folio of each page-anchored unit that has one, by physical position (no text read). */
export async function readPageFolios(
  db: Db,
  documentId: string,
  pages: number,
): Promise<{ posicion: number; impresa: string }[]> {
  return db.query<{ posicion: number; impresa: string }>(
    `SELECT posicion, ancla->>'impresa' AS impresa FROM units
     WHERE document_id = $1 AND posicion BETWEEN 1 AND $2
       AND ancla->>'tipo' = 'pagina' AND ancla->>'impresa' IS NOT NULL
     ORDER BY posicion`,
    [documentId, pages],
  );
}

/**
 * Physical position of the first unit at or after `atLeast` whose printed folio is `impresa`
 * (lower-case); with `impresa` null, the first unit that has any printed folio.
 */
export async function positionOfFolio(
  db: Db,
  documentId: string,
  impresa: string | null,
  atLeast: number,
): Promise<number | undefined> {
  const [row] = await db.query<{ posicion: number }>(
    `SELECT posicion FROM units WHERE document_id = $1 AND posicion >= $3
       AND (impresa = $2::text OR ($2::text IS NULL AND impresa IS NOT NULL))
     ORDER BY posicion LIMIT 1`,
    [documentId, impresa, atLeast],
  );
  return row?.posicion;
}

/** Position of the unit playing at `seconds` (or the next one after it). */
export async function positionAtTime(db: Db, documentId: string, seconds: number): Promise<number | undefined> {
  const [row] = await db.query<{ posicion: number }>(
    `SELECT posicion FROM units WHERE document_id = $1 AND (t1 > $2 OR t0 >= $2) ORDER BY posicion LIMIT 1`,
    [documentId, seconds],
  );
  return row?.posicion;
}

/** Position of the last unit starting at or before `seconds`. */
export async function positionEndingAtTime(db: Db, documentId: string, seconds: number): Promise<number | undefined> {
  const [row] = await db.query<{ posicion: number }>(
    'SELECT posicion FROM units WHERE document_id = $1 AND t0 <= $2 ORDER BY posicion DESC LIMIT 1',
    [documentId, seconds],
  );
  return row?.posicion;
}
