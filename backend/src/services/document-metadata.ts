import { surname } from '@folio/shared';
import { foldText } from '../ids';

/** Title from a file name: the name without its extension, separators turned into spaces. */
export function titleFromFileName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const base = name.split(/[\\/]/).pop() ?? name;
  const stem = base
    .replace(/\.[a-z0-9]{1,8}$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return stem || undefined;
}

/** What `q` in the document list matches: title and authors, folded. */
export function searchKeyOf(titulo: string, autores: string[]): string {
  return foldText([titulo, ...autores, ...autores.map(surname)].join(' '));
}
