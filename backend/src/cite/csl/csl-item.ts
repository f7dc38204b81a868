import type { CSL } from '@citation-js/core';
import type { Ancla, DetallesBibliograficos, TipoDocumento, TipoObra } from '@folio/shared';
import { authorParts } from '@folio/shared';

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

/** The CSL item type of each kind of work a user can name; the rest are CSL's own names. */
const CSL_WORK_TYPE: Partial<Record<TipoObra, CSL['type']>> = {
  video: 'motion_picture',
  podcast: 'song',
};

export const cslWorkType = (tipo: TipoObra): CSL['type'] => CSL_WORK_TYPE[tipo] ?? (tipo as CSL['type']);

/** What a reference is built from: a document's stored metadata (a documents row fits as it is). */
export interface ReferenceInput {
  titulo: string;
  autores: string[];
  anio?: number | null;
  tipo: TipoDocumento;
  /** Where the document was read from. */
  url?: string | null;
  doi?: string | null;
  idioma?: string | null;
  /** The bibliographic fields beyond these (migration 015); `detalles.url` wins over `url`. */
  detalles?: Omit<DetallesBibliograficos, 'doi'> | null;
}

/** 'Surname, Given[, Suffix]' → a CSL name; a name without a comma (an organisation) is kept literal. */
export function cslName(author: string): ReturnType<typeof authorParts> {
  return authorParts(author);
}

/**
 * The CSL-JSON item of a document, from its metadata alone (never from a model). The one mapping of
 * Folio's fields to CSL: the APA `referencia`, the bibliographies of cited texts and the exports
 * (BibTeX, RIS, CSL-JSON) all start here.
 */
export function cslItem(id: string, doc: ReferenceInput): CSL {
  const d = doc.detalles ?? {};
  const url = d.url ?? doc.url;
  const fields: [string, string | undefined | null][] = [
    ['container-title', d.contenedor],
    ['volume', d.volumen],
    ['issue', d.numero],
    ['page', d.paginas],
    ['publisher', d.editorial],
    ['publisher-place', d.lugar],
    ['edition', d.edicion],
    ['ISBN', d.isbn],
    ['DOI', doc.doi],
    // Styles print the DOI when there is one; the URL is kept for exports only when the user gave it.
    ['URL', doc.doi && !d.url ? undefined : url],
    ['language', doc.idioma],
  ];
  return {
    id,
    type: d.tipo_obra ? cslWorkType(d.tipo_obra) : CSL_TYPE[doc.tipo],
    title: doc.titulo,
    author: doc.autores.map(cslName),
    ...(doc.anio != null ? { issued: { 'date-parts': [[doc.anio]] } } : {}),
    ...Object.fromEntries(fields.filter((f): f is [string, string] => !!f[1])),
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
