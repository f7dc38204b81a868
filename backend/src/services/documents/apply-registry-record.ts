import type { Deps } from '../../context';
import { findDocumentForJob, updateDocument } from '../../db/documents.repo';
import type { RegistryRecord } from '../../ingest/metadata/identifiers/registry-record';
import { metadataInForce, reindexTitle } from './metadata-in-force';
import { storedLayers } from './metadata-layers';

/**
 * Puts a registry's record of a document (doi.org, Open Library) in force through the one rule
 * (`resolveMetadata`): it wins over what the file gave, never over what the user set or cleared. It is kept
 * as the document's registry layer (`source_meta.ficha_registro`), so a later re-read or correction resolves
 * with it. Returns false when the document is gone or not ready.
 */
export async function applyRegistryRecord(
  deps: Pick<Deps, 'db'>,
  id: string,
  record: RegistryRecord,
): Promise<boolean> {
  const row = await findDocumentForJob(deps.db, id);
  if (!row || row.estado !== 'listo') return false;
  const { fuente: _fuente, ...registry } = record;
  const { values, patch } = metadataInForce(row, { ...storedLayers(row), registry });
  await updateDocument(deps.db, id, patch);
  await reindexTitle(deps, row, values.titulo);
  return true;
}
