import { cslItem } from '../../cite/csl/csl-item';
import { formatCitations } from '../../cite/csl/registry';
import { richFromHtml, type RichText } from '../../cite/csl/rich-text';
import type { Deps } from '../../context';
import { findDocument } from '../../db/documents.repo';
import { notFound } from '../../errors';
import { resolveCiteLocale, resolveCiteStyle } from './cite-style';

/** A document's reference in one style and locale, as cite formats it. */
export interface StyledReference {
  /** The canonical style id. */
  estilo: string;
  idioma: string;
  clase: 'in-text' | 'note';
  /** The in-text citation or the note, without a locator. */
  cita: RichText;
  /** The bibliography entry; empty for a style without a bibliography. */
  referencia: RichText;
}

/**
 * The caller's document cited in `estilo` (bundled, an alias, or one of the caller's registered styles) and
 * `idioma`, through the same style and locale resolution and the same CSL item as cite and the exports. An
 * unknown style or locale is a 400 naming its field.
 */
export async function styledReference(
  deps: Pick<Deps, 'db'>,
  userId: string,
  id: string,
  estilo: string,
  idioma: string,
): Promise<StyledReference> {
  const row = await findDocument(deps.db, userId, id);
  if (!row) throw notFound();
  const style = await resolveCiteStyle(deps, userId, estilo);
  const locale = resolveCiteLocale(idioma);
  const formatted = formatCitations(style.name, locale, [cslItem(row.id, row)], [{ id: row.id }]);
  return {
    estilo: style.id,
    idioma: locale,
    clase: formatted.clase,
    cita: richFromHtml(formatted.citations[0] ?? ''),
    referencia: richFromHtml(formatted.bibliography[0] ?? ''),
  };
}
