import type { Documento } from '../contract/documento';
import { formatTime } from '../format/time';
import { blocks, heading, inline } from './inline';

/**
 * The Markdown card of a document (`GET /documentos/{id}` with `formato=markdown`): its title as a heading,
 * a list of the fields it has (Spanish labels, bibliographic details included), its APA reference as a paragraph when ready, and its links.
 */
export function documentMarkdown(doc: Documento): string {
  const fields: [string, string | undefined][] = [
    ['Id', `\`${doc.id}\``],
    ['Autores', doc.autores.length > 0 ? doc.autores.map(inline).join('; ') : undefined],
    ['Año', doc.anio === undefined ? undefined : String(doc.anio)],
    ['Tipo', doc.tipo],
    ['Estado', estado(doc)],
    ['Unidades', String(doc.unidades)],
    ['Duración', doc.duracion === undefined ? undefined : formatTime(doc.duracion)],
    ['Idioma', doc.idioma],
    ['URL', doc.url],
    ['Biblioteca', doc.biblioteca],
    ['Solo referencia', doc.solo_referencia ? 'sí: sin archivo ni texto' : undefined],
    ...details(doc),
    ['Duplicado', doc.duplicado === undefined ? undefined : doc.duplicado ? 'sí' : 'no'],
    ['Error', doc.error],
  ];
  const links: [string, string | undefined][] = [
    ['Leer', doc.enlace],
    ['Texto', doc.texto_url],
    ['Progreso', doc.progreso_url],
  ];
  return blocks([heading(doc.titulo), list(fields), inline(doc.referencia ?? ''), list(links)]);
}

/** The bibliographic details (the contract's extension), each under its Spanish label. */
function details(doc: Documento): [string, string | undefined][] {
  const d = doc.detalles_bibliograficos ?? {};
  return [
    ['Tipo de obra', d.tipo_obra],
    ['Publicado en', d.contenedor],
    ['Volumen', d.volumen],
    ['Número', d.numero],
    ['Páginas', d.paginas],
    ['Editorial', d.editorial],
    ['Lugar', d.lugar],
    ['Edición', d.edicion],
    ['DOI', d.doi],
    ['ISBN', d.isbn],
    ['URL de la obra', d.url],
  ];
}

/** 'procesando (45 %, fase: ocr)' while processing; the bare state otherwise. */
function estado(doc: Documento): string {
  if (doc.estado !== 'procesando') return doc.estado;
  const details: string[] = [];
  if (doc.progreso !== undefined) details.push(`${Math.round(doc.progreso * 100)} %`);
  if (doc.fase) details.push(`fase: ${inline(doc.fase)}`);
  return details.length > 0 ? `${doc.estado} (${details.join(', ')})` : doc.estado;
}

function list(items: [string, string | undefined][]): string {
  return items
    .filter((item): item is [string, string] => item[1] !== undefined && inline(item[1]) !== '')
    .map(([label, value]) => `- ${label}: ${inline(value)}`)
    .join('\n');
}
