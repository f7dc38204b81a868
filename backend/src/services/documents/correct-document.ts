import type { CorregirDocumento } from '@folio/shared';
import type { Deps } from '../../context';
import { findDocument, updateDocument, type DocumentRow, type UserMeta } from '../../db/documents.repo';
import { notFound } from '../../errors';
import { DETAIL_KEYS } from '../../metadata/metadata-types';
import { cleanTags } from '../../metadata/tags';
import { metadataInForce, reindexTitle } from './metadata-in-force';
import { storedLayers } from './metadata-layers';

/**
 * Applies a user's corrections to their document (`PATCH /documentos/{id}`). The values are recorded in
 * `user_meta`, the layer every resolution puts first, and put in force at once through the one rule
 * (`resolveMetadata`): the columns that search, ask, cite and the MCP tools read at request time, the
 * `search_key` of `q`, the APA `referencia` and the kind of work a changed DOI or journal implies, and, when
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
  // A corrected field is the user's own from now on, no longer the imported library's.
  if (user.importado) {
    const corrected = (key: string) => (body as Record<string, unknown>)[key] !== undefined;
    user.importado = { ...user.importado, campos: user.importado.campos.filter((key) => !corrected(key)) };
  }

  const { values, patch } = metadataInForce(row, { ...storedLayers(row), user });
  await updateDocument(deps.db, id, {
    ...patch,
    userMeta: user,
    ...(body.etiquetas !== undefined && { etiquetas: cleanTags(body.etiquetas) }),
  });
  await reindexTitle(deps, row, values.titulo);
  return (await findDocument(deps.db, userId, id)) ?? row;
}
