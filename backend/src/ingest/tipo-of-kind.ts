import type { TipoDocumento } from '@folio/shared';
import type { FileKind } from './converter';

/** The document `tipo` a detected file kind becomes (a converter may refine it, e.g. pdf_escaneado). */
export const TIPO_OF_KIND: Record<FileKind, TipoDocumento> = {
  pdf: 'pdf',
  texto: 'documento',
  markdown: 'documento',
  html: 'documento',
  docx: 'documento',
  odt: 'documento',
  rtf: 'documento',
  epub: 'epub',
  pptx: 'presentacion',
  odp: 'presentacion',
  xlsx: 'hoja',
  ods: 'hoja',
  csv: 'hoja',
  subtitulos: 'video',
  audio: 'audio',
  video: 'video',
  imagen: 'imagen',
  zip: 'documento',
  desconocido: 'documento',
};

/**
 * The `tipo` an upload starts with, before it is read: the kind's, except that an HTML file captured from
 * a page (it carries its origin URL) is that web page.
 */
export function uploadTipo(kind: FileKind, url: string | undefined): TipoDocumento {
  return kind === 'html' && url ? 'web' : TIPO_OF_KIND[kind];
}
