import { dudasDeMetadatos, type DudaMetadato, type OrigenMetadato } from '@folio/shared';
import type { CaptureView } from '../messaging/protocol';
import { el } from './dom';

/** The fields the correction form holds; a doubted DOI is the web app's to show. */
export type ReviewField = 'titulo' | 'autores' | 'anio';

/** Where a doubted value came from, in plain words (the web app's document page says the same). */
const FROM: Partial<Record<OrigenMetadato, string>> = {
  primera_pagina: 'Leído de la portada por su maquetación: compruébalo.',
  pagina: 'Encontrado en el texto de una página: puede ser el de una obra citada.',
  texto: 'Deducido del texto del documento: compruébalo.',
  propiedades: 'Tomado de las propiedades del archivo, que a menudo son las de la plantilla.',
  info: 'Tomado de las propiedades del PDF, que a menudo pone el programa que lo creó.',
  fecha_creacion: 'Tomado de la fecha de creación del archivo, no de la obra: compruébalo.',
  nombre_archivo: 'Del nombre del archivo: escribe el de la obra.',
  url: 'De la dirección web: compruébalo.',
};

const MISSING: Record<ReviewField, string> = {
  titulo: 'No encontramos el título en el documento; escríbelo.',
  autores: 'No encontramos autores en el documento; añádelos si la obra los tiene.',
  anio: 'No encontramos el año en el documento; añádelo si la obra lo tiene.',
};

/** The field names as a list of them reads ('Por revisar: autores, año'). */
export const FIELD_NAMES: Record<ReviewField, string> = { titulo: 'título', autores: 'autores', anio: 'año' };

/** A doubt about one of the form's fields. */
export type ReviewDoubt = DudaMetadato & { campo: ReviewField };

const isReviewField = (d: DudaMetadato): d is ReviewDoubt => d.campo !== 'doi';

/** The form's fields a reader should check, by the shared rule, for a ready capture (none before). */
export function reviewDoubts(c: CaptureView): ReviewDoubt[] {
  if (c.state !== 'ready') return [];
  return dudasDeMetadatos({
    titulo: c.titulo,
    autores: c.autores,
    anio: c.anio,
    origen_metadatos: c.origen_metadatos,
  }).filter(isReviewField);
}

/** What the note says of a doubt. */
export function doubtText(d: ReviewDoubt): string {
  if (d.motivo === 'falta') return MISSING[d.campo];
  return FROM[d.origen] ?? 'Leído con poca seguridad: compruébalo.';
}

/** The note beside a field: a worded mark (never colour alone) and where the value came from. */
export function doubtNote(d: ReviewDoubt, id: string): HTMLParagraphElement {
  return el(
    'p',
    { id, class: 'duda', 'data-motivo': d.motivo },
    el('span', { class: 'duda-marca' }, d.motivo === 'falta' ? 'Falta' : 'Por revisar'),
    ' ',
    el('span', { class: 'duda-texto' }, doubtText(d)),
  );
}
