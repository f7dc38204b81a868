import type { Estado, TipoDocumento } from '@folio/shared';
import { cleanStrings } from '../text/clean-text';
import type { Details, FieldOrigins, SourceMeta, UserMeta } from '../metadata/metadata-types';
import type { Db } from './db';

/** Channel that carries the id of a document whose state changed. */
export const DOCUMENT_CHANNEL = 'folio_documentos';

export type { Details, FieldOrigins, SourceMeta, UserMeta };

export interface DocumentRow {
  id: string;
  seq: string;
  user_id: string;
  titulo: string;
  autores: string[];
  anio: number | null;
  tipo: TipoDocumento;
  estado: Estado;
  progreso: number | null;
  fase: string | null;
  unidades: number;
  duracion: number | null;
  idioma: string | null;
  url: string | null;
  biblioteca: string | null;
  referencia: string | null;
  doi: string | null;
  error: string | null;
  /** What a ready document lacks, said to the reader (migration 022); absent from rows built elsewhere. */
  aviso?: string | null;
  /** The version of its kind's reader that read it (migration 023); null before versions were recorded. */
  reader_version?: number | null;
  /** A reference with no file (migration 026): listo from the start, no units, no passages, never read. */
  solo_referencia?: boolean;
  /** Its tags, in the order first given (migration 026); absent from rows built elsewhere. */
  etiquetas?: string[];
  user_meta: UserMeta;
  /** The bibliographic fields in force (the user's over what a reading found); migration 015. */
  detalles: Details;
  sha256: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: string | null;
  blob_key: string | null;
  transcript_key: string | null;
  transcript_format: string | null;
  /** The layers besides the user's that the values in force are resolved from (page, registry, file). */
  source_meta: SourceMeta;
  /** Where each of titulo, autores, anio, idioma, doi and tipo_obra in force came from; migration 016. */
  origen_metadatos: FieldOrigins;
  created: Date;
  updated: Date;
}

export interface NewDocument {
  id: string;
  userId: string;
  titulo: string;
  autores: string[];
  anio?: number;
  tipo: TipoDocumento;
  url?: string;
  biblioteca?: string;
  userMeta: UserMeta;
  /** Where the initial titulo, autores and anio came from (the user's, the file name's, the URL's). */
  origenMetadatos?: FieldOrigins;
  searchKey: string;
  sha256?: string;
  fileName?: string;
  contentType?: string;
  sizeBytes?: number;
  blobKey?: string;
  /** A reference with no file: inserted `listo` (nothing to read), never queued. */
  soloReferencia?: boolean;
  etiquetas?: string[];
}

const COLUMNS = `id, seq::text AS seq, user_id, titulo, autores, anio, tipo, estado, progreso, fase, unidades, duracion,
  idioma, url, biblioteca, referencia, doi, error, aviso, reader_version, solo_referencia, etiquetas, user_meta, detalles, sha256, file_name, content_type, size_bytes::text AS size_bytes,
  blob_key, transcript_key, transcript_format, source_meta, origen_metadatos, created, updated`;

/** Inserts a queued document; returns undefined when the user already has these bytes. */
export async function insertDocument(db: Db, given: NewDocument): Promise<DocumentRow | undefined> {
  const d = cleanStrings(given);
  const rows = await db.query<DocumentRow>(
    `INSERT INTO documents (id, user_id, titulo, autores, anio, tipo, estado, progreso, fase, url, biblioteca, user_meta,
       search_key, sha256, file_name, content_type, size_bytes, blob_key, origen_metadatos, solo_referencia, etiquetas)
     VALUES ($1, $2, $3, $4::text::jsonb, $5, $6, CASE WHEN $17::boolean THEN 'listo' ELSE 'en_cola' END,
       CASE WHEN $17::boolean THEN NULL ELSE 0 END, CASE WHEN $17::boolean THEN NULL ELSE 'en_cola' END, $7, $8, $9::text::jsonb, $10,
       $11, $12, $13, $14, $15, $16::text::jsonb, $17::boolean,
       $18::text::jsonb)
     ON CONFLICT (user_id, sha256) WHERE sha256 IS NOT NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      d.id,
      d.userId,
      d.titulo,
      JSON.stringify(d.autores),
      d.anio ?? null,
      d.tipo,
      d.url ?? null,
      d.biblioteca ?? null,
      JSON.stringify(d.userMeta),
      d.searchKey,
      d.sha256 ?? null,
      d.fileName ?? null,
      d.contentType ?? null,
      d.sizeBytes ?? null,
      d.blobKey ?? null,
      JSON.stringify(d.origenMetadatos ?? {}),
      d.soloReferencia ?? false,
      JSON.stringify(d.etiquetas ?? []),
    ],
  );
  return rows[0];
}

/** The caller's document, or undefined (also when it belongs to someone else). */
export async function findDocument(db: Db, userId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return row;
}

/** Any user's document by id: for workers only, never for request handlers. */
export async function findDocumentForJob(db: Db, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE id = $1`, [id]);
  return row;
}

export async function findDocumentBySha(db: Db, userId: string, sha256: string): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(`SELECT ${COLUMNS} FROM documents WHERE user_id = $1 AND sha256 = $2`, [
    userId,
    sha256,
  ]);
  return row;
}

/** The user's first document stating this DOI (compared without case, as DOIs are). */
export async function findDocumentByDoi(db: Db, userId: string, doi: string): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE user_id = $1 AND lower(doi) = lower($2) ORDER BY documents.seq LIMIT 1`,
    [userId, doi],
  );
  return row;
}

/** The user's first reference-only document with this search key (title and authors, folded) and year. */
export async function findReferenceByKey(
  db: Db,
  userId: string,
  searchKey: string,
  anio: number | undefined,
): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents
     WHERE user_id = $1 AND solo_referencia AND search_key = $2 AND anio IS NOT DISTINCT FROM $3
     ORDER BY documents.seq LIMIT 1`,
    [userId, searchKey, anio ?? null],
  );
  return row;
}

/** A document the user submitted by this URL earlier (not a file upload that carries a URL). */
export async function findDocumentByUrl(db: Db, userId: string, url: string): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE user_id = $1 AND url = $2 AND sha256 IS NULL ORDER BY documents.seq LIMIT 1`,
    [userId, url],
  );
  return row;
}

/** Records the file a URL turned out to be, once downloaded, with what its page or feed said. */
export async function attachDownloadedFile(
  db: Db,
  id: string,
  file: {
    blobKey: string;
    fileName?: string;
    contentType?: string;
    sizeBytes: number;
    transcript?: { key: string; format: string };
    sourceMeta?: SourceMeta;
  },
): Promise<void> {
  file = cleanStrings(file);
  await db.query(
    `UPDATE documents SET blob_key = $2, file_name = $3, content_type = $4, size_bytes = $5, transcript_key = $6,
       transcript_format = $7, source_meta = $8::text::jsonb, updated = now() WHERE id = $1`,
    [
      id,
      file.blobKey,
      file.fileName ?? null,
      file.contentType ?? null,
      file.sizeBytes,
      file.transcript?.key ?? null,
      file.transcript?.format ?? null,
      JSON.stringify(file.sourceMeta ?? {}),
    ],
  );
}

/**
 * Gives a reference-only document the file it lacked (a later import found it): its bytes, its kind, and back
 * to `en_cola` for its reading, in `tx` (with the reading's job). False when it is no longer a reference only,
 * or when the user already has these bytes as another document (the same SHA-256 is one document).
 */
export async function attachFileToReference(
  tx: Db,
  id: string,
  file: {
    tipo: TipoDocumento;
    sha256: string;
    fileName?: string;
    contentType?: string;
    sizeBytes: number;
    blobKey: string;
  },
): Promise<boolean> {
  const f = cleanStrings(file);
  const rows = await tx.query(
    `UPDATE documents d SET solo_referencia = false, tipo = $2, sha256 = $3, file_name = $4, content_type = $5,
       size_bytes = $6, blob_key = $7, estado = 'en_cola', fase = 'en_cola', progreso = 0, error = NULL, updated = now()
     WHERE d.id = $1 AND d.solo_referencia
       AND NOT EXISTS (SELECT 1 FROM documents o WHERE o.user_id = d.user_id AND o.sha256 = $3)
     RETURNING d.id`,
    [id, f.tipo, f.sha256, f.fileName ?? null, f.contentType ?? null, f.sizeBytes, f.blobKey],
  );
  if (!rows.length) return false;
  await tx.query('SELECT pg_notify($1, $2)', [DOCUMENT_CHANNEL, id]);
  return true;
}

/** The orders a library can be listed in; each ends on `seq`, unique, so that equal keys keep one order. */
export type ListSort = 'anadido' | 'titulo' | 'autor' | 'anio';

/** The SQL type of each sort key before the `seq` tiebreak, for casting a cursor's values back. */
export type SortKeyType = 'text' | 'int' | 'boolean';

// Letters folded for sorting, so that 'Álvarez' sorts with 'alvarez' whatever the database's collation.
const FOLD_FROM = 'áàäâãåéèëêíìïîóòöôõúùüûñçý';
const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuncy';
const folded = (expr: string) => `translate(lower(${expr}), '${FOLD_FROM}', '${FOLD_TO}')`;

/**
 * Each order: its direction and the expressions compared before the tiebreak. None of them is ever null
 * (a row-value comparison with a null is unknown), so a missing author or year is a flag that sorts last.
 */
const SORTS: Record<ListSort, { dir: 'ASC' | 'DESC'; keys: { expr: string; type: SortKeyType }[] }> = {
  anadido: { dir: 'DESC', keys: [] },
  titulo: { dir: 'ASC', keys: [{ expr: folded('titulo'), type: 'text' }] },
  autor: {
    dir: 'ASC',
    keys: [
      { expr: `(autores->>0) IS NULL`, type: 'boolean' },
      { expr: folded(`coalesce(autores->>0, '')`), type: 'text' },
    ],
  },
  anio: {
    dir: 'DESC',
    keys: [
      { expr: 'anio IS NOT NULL', type: 'boolean' },
      { expr: 'coalesce(anio, 0)', type: 'int' },
    ],
  },
};

/** The types of an order's keys, in order: what a cursor of that order must carry besides `seq`. */
export const sortKeyTypes = (sort: ListSort): SortKeyType[] => SORTS[sort].keys.map((k) => k.type);

/** Where a page ended: the last row's sort keys and its `seq`. */
export interface SortPosition {
  keys: (string | number | boolean)[];
  seq: string;
}

export interface ListFilter {
  /** Folded (lower-case, accent-free) text to find in titulo or autores. */
  q?: string;
  estado?: Estado;
  tipo?: TipoDocumento;
  biblioteca?: string;
  /** Only documents with this tag (exactly as written). */
  etiqueta?: string;
  /** Default: the newest first. */
  sort?: ListSort;
  limit: number;
  /** Only documents older than this sequence number (newest first only). */
  beforeSeq?: string;
  /** Only documents after this position in `sort`'s order (the cursor). */
  after?: SortPosition;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * The caller's documents in the order asked (newest first by default), with the total that match the
 * filter and each row's position, from which the next page's cursor is made.
 */
export async function listDocuments(
  db: Db,
  userId: string,
  f: ListFilter,
): Promise<{ rows: DocumentRow[]; total: number; positions: SortPosition[] }> {
  const where = ['user_id = $1'];
  const params: unknown[] = [userId];
  if (f.q) {
    params.push(`%${escapeLike(f.q)}%`);
    where.push(`search_key LIKE $${params.length}`);
  }
  if (f.estado) {
    params.push(f.estado);
    where.push(`estado = $${params.length}`);
  }
  if (f.tipo) {
    params.push(f.tipo);
    where.push(`tipo = $${params.length}`);
  }
  if (f.biblioteca) {
    params.push(f.biblioteca);
    where.push(`biblioteca = $${params.length}`);
  }
  if (f.etiqueta) {
    params.push(JSON.stringify([f.etiqueta]));
    where.push(`etiquetas @> $${params.length}::text::jsonb`);
  }
  const filter = where.join(' AND ');
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE ${filter}`, params);
  const sort = SORTS[f.sort ?? 'anadido'];
  // `documents.seq`, the bigint: a bare `seq` would be the output column, text, and sort '9' after '10'
  // (why a new upload showed first, then ninth after a reload).
  const exprs = [...sort.keys.map((k) => k.expr), 'documents.seq'];
  const pageParams = [...params];
  let page = filter;
  if (f.beforeSeq) {
    pageParams.push(f.beforeSeq);
    page += ` AND documents.seq < $${pageParams.length}::bigint`;
  }
  if (f.after) {
    const values = [...f.after.keys, f.after.seq];
    const types = [...sort.keys.map((k) => k.type), 'bigint'];
    const placeholders = values.map((v, i) => {
      pageParams.push(v);
      return `$${pageParams.length}::${types[i]}`;
    });
    page += ` AND (${exprs.join(', ')}) ${sort.dir === 'ASC' ? '>' : '<'} (${placeholders.join(', ')})`;
  }
  pageParams.push(f.limit);
  const keyColumns = sort.keys.map((k, i) => `, ${k.expr} AS sort_k${i}`).join('');
  const rows = await db.query<DocumentRow & Record<string, unknown>>(
    `SELECT ${COLUMNS}${keyColumns} FROM documents WHERE ${page}
     ORDER BY ${exprs.map((e) => `${e} ${sort.dir}`).join(', ')} LIMIT $${pageParams.length}`,
    pageParams,
  );
  const positions = rows.map((r) => {
    const keys = sort.keys.map((_, i) => r[`sort_k${i}`] as string | number | boolean);
    for (let i = 0; i < sort.keys.length; i++) delete r[`sort_k${i}`];
    return { keys, seq: r.seq };
  });
  return { rows, total: count?.n ?? 0, positions };
}

export interface DocumentPatch {
  titulo?: string;
  autores?: string[];
  anio?: number | null;
  tipo?: TipoDocumento;
  estado?: Estado;
  progreso?: number | null;
  fase?: string | null;
  unidades?: number;
  duracion?: number | null;
  idioma?: string | null;
  referencia?: string | null;
  doi?: string | null;
  error?: string | null;
  aviso?: string | null;
  /** The version of its kind's reader that made the reading being written (ingest/reader-versions.ts). */
  readerVersion?: number | null;
  searchKey?: string;
  userMeta?: UserMeta;
  detalles?: Details;
  /** The layers besides the user's (page, registry record, the file's last reading): `resolveMetadata`'s input. */
  sourceMeta?: SourceMeta;
  /** Where each field in force came from (the whole map: fields left out have no recorded origin). */
  origenMetadatos?: FieldOrigins;
  /** The whole list of tags. */
  etiquetas?: string[];
}

const PATCH_COLUMNS: Record<keyof DocumentPatch, string> = {
  titulo: 'titulo',
  autores: 'autores',
  anio: 'anio',
  tipo: 'tipo',
  estado: 'estado',
  progreso: 'progreso',
  fase: 'fase',
  unidades: 'unidades',
  duracion: 'duracion',
  idioma: 'idioma',
  referencia: 'referencia',
  doi: 'doi',
  error: 'error',
  aviso: 'aviso',
  readerVersion: 'reader_version',
  searchKey: 'search_key',
  userMeta: 'user_meta',
  detalles: 'detalles',
  sourceMeta: 'source_meta',
  origenMetadatos: 'origen_metadatos',
  etiquetas: 'etiquetas',
};

const JSON_COLUMNS = new Set<keyof DocumentPatch>([
  'autores',
  'userMeta',
  'detalles',
  'sourceMeta',
  'origenMetadatos',
  'etiquetas',
]);

/** Updates a document and wakes whoever long-polls it (NOTIFY is delivered on commit). */
export async function updateDocument(db: Db, id: string, given: DocumentPatch): Promise<void> {
  // What a file says (titles, authors, details, page tags) may hold characters no text column takes.
  const patch = cleanStrings(given);
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof DocumentPatch, string][]) {
    if (!(key in patch)) continue;
    const value = patch[key];
    const json = JSON_COLUMNS.has(key);
    params.push(json ? JSON.stringify(value ?? (key === 'autores' || key === 'etiquetas' ? [] : {})) : (value ?? null));
    sets.push(`${column} = $${params.length}${json ? '::text::jsonb' : ''}`);
  }
  if (!sets.length) return;
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE documents SET ${sets.join(', ')}, updated = now() WHERE id = $1`, params);
    await tx.query('SELECT pg_notify($1, $2)', [DOCUMENT_CHANNEL, id]);
  });
}

/** Deletes the caller's document and, by cascade, its units and passages. Returns the deleted row. */
export async function deleteDocument(db: Db, userId: string, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(
    `DELETE FROM documents WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId],
  );
  if (row) await db.query('SELECT pg_notify($1, $2)', [DOCUMENT_CHANNEL, id]);
  return row;
}

/** Documents still `en_cola` or `procesando` whose row has not changed for `idleSeconds`, oldest first. */
export async function unfinishedDocumentIds(db: Db, idleSeconds: number, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM documents
     WHERE estado IN ('en_cola', 'procesando') AND updated <= now() - make_interval(secs => $1)
     ORDER BY updated LIMIT $2`,
    [idleSeconds, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * Locks the document for the rest of the transaction `tx` if it is still `en_cola` or `procesando`; false
 * when it is not (finished meanwhile, or gone). Two processes rescuing it at once thus take turns.
 */
export async function lockUnfinishedDocument(tx: Db, id: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT id FROM documents WHERE id = $1 AND estado IN ('en_cola', 'procesando') FOR UPDATE`,
    [id],
  );
  return rows.length > 0;
}
