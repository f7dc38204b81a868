import type { Lang } from '../i18n';
import { fillPlaceholders } from '../i18n';

const es = {
  library: 'Biblioteca',
  language: 'Idioma',
  original: 'Archivo original',
  reference: 'Referencia',
  place: 'Lugar',
  not_found_title: 'Documento no encontrado',
  not_found: 'Este documento no existe o no es tuyo.',
  pending_en_cola: 'El documento está en cola: aún no tiene texto.',
  pending_procesando: 'El documento se está procesando: aún no tiene texto.',
  pending_error: 'La lectura del documento terminó con error: {error}',
  pending_empty: 'El documento no contiene texto.',
  pdf_page: 'Página {n} de {total}',
  pdf_page_folio: 'p. {folio} · página {n} de {total}',
  nav_label: 'Folio',
  nav_document: 'Documento',
  nav_search: 'Buscar',
  go_to: 'Ir a',
  go_to_hint: 'Folio impreso (iii, p. 45), posición física ([12]) o tiempo (1:23:05)',
  go_to_submit: 'Ir',
  go_to_failed: 'No se puede ir a «{value}»: {reason}',
  pdf_loading: 'Cargando el PDF…',
  pdf_failed: 'No se pudo abrir el PDF.',
  passage: 'Pasaje',
  page_text: 'Texto de la página',
  previous: 'Anterior',
  next: 'Siguiente',
  transcript: 'Transcripción',
  no_player: 'El archivo original no se guarda o no se puede reproducir aquí.',
  open_origin: 'Abrir el original',
  play_from: 'Reproducir desde {time}',
  web_origin: 'Publicada en',
  consulted: 'consultada el {date}',
  earlier_parts: 'Partes anteriores',
  later_parts: 'Partes siguientes',
  slide: 'Diapositiva {n} de {total}',
  sheet: 'Hoja',
  sheets: 'Hojas',
  row: 'Fila',
  rows_part: 'Filas {from}–{to}',
  image_text: 'Texto leído de la imagen',
  no_text: 'Sin texto.',
} as const;

export type ReaderStringKey = keyof typeof es;

const en: Record<ReaderStringKey, string> = {
  library: 'Library',
  language: 'Language',
  original: 'Original file',
  reference: 'Reference',
  place: 'Place',
  not_found_title: 'Document not found',
  not_found: 'This document does not exist or is not yours.',
  pending_en_cola: 'The document is queued: it has no text yet.',
  pending_procesando: 'The document is being processed: it has no text yet.',
  pending_error: 'Reading the document failed: {error}',
  pending_empty: 'The document contains no text.',
  pdf_page: 'Page {n} of {total}',
  pdf_page_folio: 'p. {folio} · page {n} of {total}',
  nav_label: 'Folio',
  nav_document: 'Document',
  nav_search: 'Search',
  go_to: 'Go to',
  go_to_hint: 'Printed folio (iii, p. 45), physical position ([12]) or time (1:23:05)',
  go_to_submit: 'Go',
  go_to_failed: 'Cannot go to “{value}”: {reason}',
  pdf_loading: 'Loading the PDF…',
  pdf_failed: 'The PDF could not be opened.',
  passage: 'Passage',
  page_text: 'Text of the page',
  previous: 'Previous',
  next: 'Next',
  transcript: 'Transcript',
  no_player: 'The original file is not stored or cannot be played here.',
  open_origin: 'Open the original',
  play_from: 'Play from {time}',
  web_origin: 'Published at',
  consulted: 'read on {date}',
  earlier_parts: 'Earlier parts',
  later_parts: 'Later parts',
  slide: 'Slide {n} of {total}',
  sheet: 'Sheet',
  sheets: 'Sheets',
  row: 'Row',
  rows_part: 'Rows {from}–{to}',
  image_text: 'Text read from the image',
  no_text: 'No text.',
};

/** The reader's own strings (the rest of the web app keeps its table in strings/). */
export interface ReaderStrings {
  lang: Lang;
  t(key: ReaderStringKey, vars?: Record<string, string | number>): string;
}

export function readerStrings(lang: Lang): ReaderStrings {
  const table: Record<ReaderStringKey, string> = lang === 'en' ? en : es;
  return {
    lang,
    t: (key, vars) => fillPlaceholders(table[key], vars),
  };
}
