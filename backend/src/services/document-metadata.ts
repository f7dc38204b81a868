import { surname } from '@folio/shared';
import type { Details, UserMeta } from '../db/documents.repo';
import { foldText } from '../text/fold';

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

/** The keys of the bibliographic details a user can set (the DOI and the language have their own columns). */
export const DETAIL_KEYS = [
  'tipo_obra',
  'contenedor',
  'editores',
  'genero',
  'volumen',
  'numero',
  'paginas',
  'editorial',
  'lugar',
  'edicion',
  'isbn',
  'url',
] as const satisfies readonly (keyof Details)[];

/** The details in force: the user's values over what a reading found; a user's null removes the field. */
export function withUserDetails(found: Details, user: UserMeta['detalles']): Details {
  const out: Record<string, unknown> = { ...found };
  for (const key of DETAIL_KEYS) {
    const value = user?.[key];
    if (value === null) delete out[key];
    else if (value !== undefined) out[key] = value;
  }
  return out as Details;
}
