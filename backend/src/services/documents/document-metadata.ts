import { surname } from '@folio/shared';
import { foldText } from '../../text/fold';

/** What `q` in the document list matches: title and authors, folded. */
export function searchKeyOf(titulo: string, autores: string[]): string {
  return foldText([titulo, ...autores, ...autores.map(surname)].join(' '));
}
