import type { Deps } from '../context';
import type { DocumentRow, Details } from '../db/documents.repo';
import { indexPassageTerms } from '../db/passage-terms.repo';
import { foldText } from '../text/fold';
import { searchKeyOf } from './document-metadata';
import { apaReference } from '../cite/reference';

/** A document's bibliographic values as they stand after a change (a correction, a registry's record). */
export interface MetadataValues {
  titulo: string;
  autores: string[];
  anio: number | null;
  doi: string | null;
  idioma: string | null;
  detalles: Details;
}

/** The columns that follow those values: the `search_key` of `q` and the APA `referencia`. */
export function derivedColumns(row: DocumentRow, v: MetadataValues) {
  return {
    searchKey: searchKeyOf(v.titulo, v.autores),
    referencia: apaReference({ ...v, tipo: row.tipo, url: row.url, created: row.created }),
  };
}

/** The title is a field of every passage in lexical search: when a ready document's changes, its postings follow. */
export async function reindexTitle(deps: Pick<Deps, 'db'>, row: DocumentRow, titulo: string): Promise<void> {
  if (titulo !== row.titulo && row.estado === 'listo') await indexPassageTerms(deps.db, row.id, foldText(titulo));
}
