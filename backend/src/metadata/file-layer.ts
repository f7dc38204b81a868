import { CAMPOS_CON_ORIGEN, type OrigenMetadato, type TipoDocumento } from '@folio/shared';
import type { FoundMetadata } from '../ingest/converter';
import type { FileMetadata } from './metadata-types';

/**
 * What a conversion found, as the file's layer: each field with its origin settled. The converter's own
 * `origen` when it tells one; else the page's tags for a web page (read from its URL, or a captured HTML
 * file), else the file's properties. Details (an ISBN, a container, a thesis cover's kind) come from the
 * page's tags, a PDF's first pages, or other files' properties.
 */
export function fileLayer(found: FoundMetadata, tipo: TipoDocumento, fromPage: boolean): FileMetadata {
  const { duracion: _duracion, origen: told = {}, ...values } = found;
  const fallback: OrigenMetadato = fromPage ? 'pagina_web' : 'propiedades';
  const origen: FileMetadata['origen'] = {};
  for (const key of CAMPOS_CON_ORIGEN) {
    if (values[key] !== undefined) origen[key] = told[key] ?? fallback;
  }
  const printed = tipo === 'pdf' || tipo === 'pdf_escaneado';
  return { ...values, origen, origenDetalles: fromPage ? 'pagina_web' : printed ? 'primera_pagina' : 'propiedades' };
}
