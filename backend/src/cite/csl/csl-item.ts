import type { CSL } from '@citation-js/core';
import type { Ancla, TipoDocumento } from '@folio/shared';

/** The CSL item type of each kind of document. */
export const CSL_TYPE: Record<TipoDocumento, CSL['type']> = {
  pdf: 'document',
  pdf_escaneado: 'document',
  epub: 'book',
  documento: 'document',
  presentacion: 'speech',
  hoja: 'dataset',
  audio: 'song',
  video: 'motion_picture',
  imagen: 'graphic',
  web: 'webpage',
};

/** What a reference is built from: a document's stored metadata. */
export interface ReferenceInput {
  titulo: string;
  autores: string[];
  anio?: number | null;
  tipo: TipoDocumento;
  url?: string | null;
  doi?: string | null;
}

/** 'Surname, Given' → a CSL name; a name without a comma (an organisation) is kept literal. */
export function cslName(author: string): { family: string; given?: string } | { literal: string } {
  const comma = author.indexOf(',');
  if (comma < 0) return { literal: author.trim() };
  return { family: author.slice(0, comma).trim(), given: author.slice(comma + 1).trim() || undefined };
}

/** The CSL-JSON item of a document, from its metadata alone (never from a model). */
export function cslItem(id: string, doc: ReferenceInput): CSL {
  return {
    id,
    type: CSL_TYPE[doc.tipo],
    title: doc.titulo,
    author: doc.autores.map(cslName),
    ...(doc.anio != null ? { issued: { 'date-parts': [[doc.anio]] } } : {}),
    ...(doc.doi ? { DOI: doc.doi } : doc.url ? { URL: doc.url } : {}),
  } as CSL;
}

/** How a passage's place is told to a CSL style: a locator with its label, or words after the cite. */
export type CslLocator = { locator: string; label: 'page' | 'paragraph' | 'timestamp' } | { suffix: string } | object;

/**
 * The locator of an anchor for citeproc. Pages (printed folio when there is one), paragraphs and times
 * have CSL labels, so each style writes them its own way ('p. 45', '45', 'párr. 3'); slides, sheet rows
 * and web sections have none, so Folio's own `localizador` follows the cite as a suffix (', diap. 4').
 */
export function cslLocator(ancla: Ancla, localizador: string): CslLocator {
  switch (ancla.tipo) {
    case 'pagina':
      return { locator: ancla.impresa?.trim() || String(ancla.fisica), label: 'page' };
    case 'seccion':
      if (ancla.impresa?.trim()) return { locator: ancla.impresa.trim(), label: 'page' };
      return { locator: String(ancla.parrafo), label: 'paragraph' };
    case 'tiempo':
      return { locator: localizador.split('-')[0]!, label: 'timestamp' };
    default:
      return localizador ? { suffix: `, ${localizador}` } : {};
  }
}
