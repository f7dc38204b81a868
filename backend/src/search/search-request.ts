import type { TipoDocumento } from '@folio/shared';

/** A passage search: the query, how many results, and the filters every candidate must pass. */
export interface SearchRequest {
  q: string;
  k?: number;
  documentos?: string[];
  biblioteca?: string;
  /** Only documents of these kinds (`tipo`: pdf, epub, video…). */
  tipos?: TipoDocumento[];
  /** Only documents dated within these years (inclusive); a document without a year is left out. */
  anioDesde?: number;
  anioHasta?: number;
}
