import type { Deps } from '../context';
import { findDocumentForJob, updateDocument, type Details } from '../db/documents.repo';
import type { RegistryRecord } from '../ingest/identifiers/registry-record';
import { DETAIL_KEYS, withUserDetails } from './document-metadata';
import { derivedColumns, reindexTitle } from './metadata-in-force';
import { fieldOrigins, originOf } from './metadata-origins';

/**
 * Puts a registry's record of a document (doi.org, Open Library) in force: it wins over what the reading
 * guessed from the file, never over what the user set or cleared. It is also kept as the document's
 * source metadata, so a later re-read does not fall back to the guesses. Returns false when the document
 * is gone or not ready.
 */
export async function applyRegistryRecord(
  deps: Pick<Deps, 'db'>,
  id: string,
  record: RegistryRecord,
): Promise<boolean> {
  const row = await findDocumentForJob(deps.db, id);
  if (!row || row.estado !== 'listo') return false;
  const user = row.user_meta;
  const titulo = user.titulo ?? record.titulo ?? row.titulo;
  const autores = user.autores ?? record.autores ?? row.autores;
  const anio = user.anio !== undefined ? user.anio : (record.anio ?? row.anio);
  const doi = user.doi !== undefined ? user.doi : (record.doi ?? row.doi);
  const found: Details = { ...row.detalles };
  for (const key of DETAIL_KEYS) {
    const value = record[key];
    if (value !== undefined) (found as Record<string, unknown>)[key] = value;
  }
  const detalles = withUserDetails(found, user.detalles);
  const previous = row.origen_metadatos ?? {};
  const given = (['titulo', 'autores', 'anio', 'doi'] as const).filter((field) => record[field]);
  await updateDocument(deps.db, id, {
    titulo,
    autores,
    anio,
    doi,
    detalles,
    sourceMeta: {
      ...row.source_meta,
      ...(record.titulo && { titulo: record.titulo }),
      ...(record.autores && { autores: record.autores }),
      ...(record.anio && { anio: record.anio }),
      ...(record.doi && { doi: record.doi }),
      registro: [...new Set([...(row.source_meta.registro ?? []), ...given])],
    },
    origenMetadatos: fieldOrigins({
      ...previous,
      titulo: originOf(user.titulo, [
        [record.titulo, 'registro'],
        [row.titulo, previous.titulo],
      ]),
      autores: originOf(user.autores, [
        [record.autores, 'registro'],
        [row.autores, previous.autores],
      ]),
      anio: originOf(user.anio, [
        [record.anio, 'registro'],
        [row.anio, previous.anio],
      ]),
      doi: originOf(user.doi, [
        [record.doi, 'registro'],
        [row.doi, previous.doi],
      ]),
    }),
    ...derivedColumns(row, { titulo, autores, anio, doi, idioma: row.idioma, detalles }),
  });
  await reindexTitle(deps, row, titulo);
  return true;
}
