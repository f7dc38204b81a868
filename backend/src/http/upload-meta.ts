import { parseAuthors, SubirQuery } from '@folio/shared';
import type { z } from 'zod';
import type { UploadMeta } from '../services/documents/upload-document';
import { validationError } from './zod-issues';

/** Upload metadata from the query and, for multipart, the form fields (fields win). */
export function uploadMeta(query: Partial<z.infer<typeof SubirQuery>>, fields: Record<string, string>): UploadMeta {
  const merged = SubirQuery.pick({ titulo: true, autores: true, anio: true, biblioteca: true, url: true }).safeParse({
    titulo: query.titulo,
    autores: query.autores,
    anio: query.anio,
    biblioteca: query.biblioteca,
    url: query.url,
    ...fields,
  });
  if (!merged.success) throw validationError(merged.error, 'formulario');
  const m = merged.data;
  const autores = m.autores !== undefined ? parseAuthors(m.autores) : undefined;
  return {
    titulo: m.titulo?.trim() || undefined,
    autores: autores?.length ? autores : undefined,
    anio: m.anio,
    biblioteca: m.biblioteca?.trim() || undefined,
    url: m.url,
  };
}
