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
  audio: 'audio',
  video: 'video',
  imagen: 'imagen',
  zip: 'documento',
  desconocido: 'documento',
};
