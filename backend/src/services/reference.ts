import { Cite } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { TipoDocumento } from '@folio/shared';

const CSL_TYPE: Record<TipoDocumento, string> = {
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

export interface ReferenceInput {
  titulo: string;
  autores: string[];
  anio?: number | null;
  tipo: TipoDocumento;
  url?: string | null;
  doi?: string | null;
}

function cslName(author: string): { family: string; given?: string } | { literal: string } {
  const comma = author.indexOf(',');
  if (comma < 0) return { literal: author.trim() };
  return { family: author.slice(0, comma).trim(), given: author.slice(comma + 1).trim() || undefined };
}

/** The APA reference of a document (Spanish locale), built by citation-js from its metadata. */
export function apaReference(doc: ReferenceInput): string {
  const item = {
    id: 'doc',
    type: CSL_TYPE[doc.tipo],
    title: doc.titulo,
    author: doc.autores.map(cslName),
    ...(doc.anio != null ? { issued: { 'date-parts': [[doc.anio]] } } : {}),
    ...(doc.doi ? { DOI: doc.doi } : doc.url ? { URL: doc.url } : {}),
  };
  const text = new Cite([item]).format('bibliography', { format: 'text', template: 'apa', lang: 'es-ES' }) as string;
  return text.trim();
}
