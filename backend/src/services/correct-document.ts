import { CAMPOS_CON_ORIGEN, type CampoConOrigen, type CorregirDocumento, type OrigenMetadato } from '@folio/shared';
import type { Deps } from '../context';
import { findDocument, updateDocument, type DocumentRow, type UserMeta } from '../db/documents.repo';
import { notFound } from '../errors';
import { DETAIL_KEYS, withUserDetails } from './document-metadata';
import { derivedColumns, reindexTitle } from './metadata-in-force';
import { fieldOrigins, originOf } from './metadata-origins';

/** `b[key]` when the body gives it (null included), else the stored value. */
const given = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);

/**
 * Applies a user's corrections to their document (`PATCH /documentos/{id}`). The values are recorded in
 * `user_meta`, which every re-read merges first, and put in force at once: the columns that search, ask,
 * cite and the MCP tools read at request time, the `search_key` of `q`, the APA `referencia`, and, when
 * the title changes on a read document, the title's postings in BM25 search.
 */
export async function correctDocument(
  deps: Pick<Deps, 'db'>,
  userId: string,
  id: string,
  body: CorregirDocumento,
): Promise<DocumentRow> {
  const row = await findDocument(deps.db, userId, id);
  if (!row) throw notFound();

  const user: UserMeta = { ...row.user_meta, detalles: { ...row.user_meta.detalles } };
  if (body.titulo !== undefined) user.titulo = body.titulo;
  if (body.autores !== undefined) user.autores = body.autores;
  if (body.anio !== undefined) user.anio = body.anio;
  if (body.doi !== undefined) user.doi = body.doi;
  if (body.idioma !== undefined) user.idioma = body.idioma;
  for (const key of DETAIL_KEYS) {
    if (body[key] !== undefined) (user.detalles as Record<string, unknown>)[key] = body[key];
  }

  const titulo = given(body.titulo, row.titulo);
  const autores = given(body.autores, row.autores);
  const anio = given(body.anio, row.anio);
  const doi = given(body.doi, row.doi);
  const idioma = given(body.idioma, row.idioma);
  const detalles = withUserDetails(row.detalles, user.detalles);
  // A field the body gives is the user's from now on; one they cleared has no value, so no origin.
  const origins: Partial<Record<CampoConOrigen, OrigenMetadato | undefined>> = { ...row.origen_metadatos };
  for (const field of CAMPOS_CON_ORIGEN) {
    if (body[field] !== undefined) origins[field] = originOf(body[field], []);
  }
  await updateDocument(deps.db, id, {
    titulo,
    autores,
    anio,
    doi,
    idioma,
    detalles,
    userMeta: user,
    origenMetadatos: fieldOrigins(origins),
    ...derivedColumns(row, { titulo, autores, anio, doi, idioma, detalles }),
  });
  await reindexTitle(deps, row, titulo);
  return (await findDocument(deps.db, userId, id)) ?? row;
}
