import { documentLink, surname, type DetallesBibliograficos, type Documento, type DocumentoBreve } from '@folio/shared';
import type { DocumentRow } from '../../db/documents.repo';
import { presentOrigins } from '../documents/metadata-origins';

const finished = (row: DocumentRow) => row.estado === 'listo' || row.estado === 'error';

/** API links of a document, all under the public base URL. */
export function documentUrls(publicUrl: string, id: string) {
  const api = `${publicUrl}/api/v1/documentos/${encodeURIComponent(id)}`;
  return { enlace: documentLink(publicUrl, id), texto_url: `${api}/texto`, progreso_url: api };
}

/** The `Documento` resource for a stored row. In lists, `autores` holds surnames only. */
export function presentDocument(
  row: DocumentRow,
  publicUrl: string,
  opts: { list?: boolean; duplicado?: boolean } = {},
) {
  const urls = documentUrls(publicUrl, row.id);
  const details = bibliographicDetails(row);
  const origins = presentOrigins(row.origen_metadatos);
  const doc: Documento = {
    id: row.id,
    titulo: row.titulo,
    autores: opts.list ? row.autores.map(surname) : row.autores,
    ...(row.anio != null && { anio: row.anio }),
    tipo: row.tipo,
    estado: row.estado,
    ...(!finished(row) && { progreso: row.progreso ?? 0, fase: row.fase ?? row.estado }),
    unidades: row.unidades,
    ...(row.duracion != null && { duracion: row.duracion }),
    ...(row.idioma && { idioma: row.idioma }),
    ...(row.url && { url: row.url }),
    ...(row.biblioteca && { biblioteca: row.biblioteca }),
    ...(row.estado === 'listo' && row.referencia && { referencia: row.referencia }),
    ...(details && { detalles_bibliograficos: details }),
    ...(origins && { origen_metadatos: origins }),
    ...(opts.duplicado && { duplicado: true }),
    ...(row.estado === 'error' && { error: row.error ?? 'Error desconocido.' }),
    ...(row.estado === 'listo' && row.aviso && { aviso: row.aviso }),
    ...(row.etiquetas?.length && { etiquetas: row.etiquetas }),
    ...(row.solo_referencia && { solo_referencia: true }),
    creado: row.created.toISOString(),
    enlace: urls.enlace,
    texto_url: urls.texto_url,
    ...(!finished(row) && { progreso_url: urls.progreso_url }),
  };
  return doc;
}

/** The extension `detalles_bibliograficos`: the stored details and the DOI, or nothing when none is known. */
function bibliographicDetails(row: DocumentRow): DetallesBibliograficos | undefined {
  const details: DetallesBibliograficos = { ...row.detalles, ...(row.doi && { doi: row.doi }) };
  return Object.keys(details).length ? details : undefined;
}

export function briefDocument(row: Pick<DocumentRow, 'id' | 'titulo' | 'autores' | 'anio'>): DocumentoBreve {
  return { id: row.id, titulo: row.titulo, autores: row.autores, ...(row.anio != null && { anio: row.anio }) };
}
