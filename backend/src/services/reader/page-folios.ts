import type { Deps } from '../../context';
import { readPageFolios } from '../../db/units.repo';

/**
 * The printed folio of each physical page of a paginated document (index 0 is page 1), as stored in the
 * pages' anchors (the PDF's page labels, or the running heads read when it has none); null where a page
 * prints none. The reader shows it beside the physical page as the reader scrolls.
 */
export async function pageFolios(
  deps: Pick<Deps, 'db'>,
  documentId: string,
  pages: number,
): Promise<(string | null)[]> {
  const folios: (string | null)[] = Array.from({ length: pages }, () => null);
  for (const { posicion, impresa } of await readPageFolios(deps.db, documentId, pages)) {
    if (impresa) folios[posicion - 1] = impresa;
  }
  return folios;
}
