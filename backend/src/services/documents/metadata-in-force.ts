import type { Deps } from '../../context';
import type { DocumentPatch, DocumentRow } from '../../db/documents.repo';
import { indexPassageTerms } from '../../db/passage-terms.repo';
import type { Db } from '../../db/db';
import { readPassagesToIndex, type PassageFields } from '../../db/units.repo';
import { passageIndexing } from '../../search/passage-indexing';
import type { MetadataValues } from '../../metadata/metadata-types';
import {
  originsOf,
  resolveMetadata,
  valuesOf,
  type MetadataLayers,
  type ResolvedMetadata,
} from '../../metadata/resolve-metadata';
import { foldText } from '../../text/fold';
import { searchKeyOf } from './document-metadata';
import { sourceMetaOf } from './metadata-layers';
import { apaReference } from '../../cite/reference';

export type { MetadataValues };

/** The columns that follow those values: the `search_key` of `q` and the APA `referencia`. */
export function derivedColumns(row: Pick<DocumentRow, 'tipo' | 'url' | 'created'>, v: MetadataValues) {
  return {
    searchKey: searchKeyOf(v.titulo, v.autores),
    referencia: apaReference({ ...v, tipo: row.tipo, url: row.url, created: row.created }),
  };
}

/**
 * The metadata in force from these layers (`resolveMetadata`, the one rule), as the columns to write: the
 * values, their origins, the layers kept for the next resolution, the search key and the reference.
 */
export function metadataInForce(
  row: Pick<DocumentRow, 'tipo' | 'url' | 'created'>,
  layers: MetadataLayers,
): { resolved: ResolvedMetadata; values: MetadataValues; patch: DocumentPatch } {
  const resolved = resolveMetadata(layers);
  const values = valuesOf(resolved);
  const patch: DocumentPatch = {
    ...values,
    origenMetadatos: originsOf(resolved),
    sourceMeta: sourceMetaOf(layers),
    ...derivedColumns({ ...row, tipo: layers.tipo }, values),
  };
  return { resolved, values, patch };
}

/**
 * The title is a field of every passage in lexical search: when a ready document's changes, its postings
 * follow, written again from its passages' stored text (a heading that repeats the new title is left out).
 */
export async function reindexTitle(deps: Pick<Deps, 'db'>, row: DocumentRow, titulo: string): Promise<void> {
  if (titulo === row.titulo || row.estado !== 'listo') return;
  await indexPassageTerms(deps.db, row.id, foldText(titulo), await storedPassageFields(deps.db, row.id, titulo));
}

/** What a document's postings are written from, from its stored passages, under `titulo`. */
export async function storedPassageFields(db: Db, documentId: string, titulo: string): Promise<PassageFields[]> {
  const passages = await readPassagesToIndex(db, documentId);
  return passages.map((p) => {
    const { folded, heading } = passageIndexing(p, null, titulo);
    return { posicion: p.posicion, folded, heading: heading ?? '' };
  });
}
