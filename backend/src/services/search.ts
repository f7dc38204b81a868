import { buildLink, formatCitation, formatLocator, type Busqueda, type Pasaje } from '@folio/shared';
import type { Deps } from '../context';
import { searchLexical } from '../db/passages-search.repo';
import { featureScores } from '../index/feature-rerank';
import { parseQuery } from '../index/query';

export interface SearchRequest {
  q: string;
  k?: number;
  documentos?: string[];
  biblioteca?: string;
}

/** Candidates the reranker looks at for every result asked. */
const CANDIDATES_PER_RESULT = 10;
const MIN_CANDIDATES = 100;

/** Which engines answered, for the response headers and /health. */
export const SEARCH_ENGINES = {
  lexico: 'PostgreSQL full text (spanish, english, simple; sin acentos)',
  semantico: 'no disponible: no hay modelo de embeddings configurado',
  reranker: 'rasgos (léxico, cobertura, proximidad, frase, título)',
} as const;

/**
 * Passages of the caller's library for a query: lexical candidates (stems and plain forms, literal
 * phrases enforced), reranked by features; every citation, locator and link from the stored anchor.
 */
export async function searchLibrary(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  req: SearchRequest,
): Promise<Busqueda> {
  const started = performance.now();
  const k = req.k ?? 10;
  const parsed = parseQuery(req.q);
  const hits = await searchLexical(deps.db, {
    userId,
    terms: parsed.terms,
    phrases: parsed.phrases,
    documents: req.documentos,
    biblioteca: req.biblioteca,
    limit: Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_RESULT),
  });
  const scores = featureScores(parsed, req.q, hits);
  const ranked = hits
    .map((hit, i) => ({ hit, score: scores[i]! }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
  const pasajes: Pasaje[] = ranked.map(({ hit, score }) => {
    const doc = { titulo: hit.titulo, autores: hit.autores, anio: hit.anio };
    const localizador = formatLocator(hit.ancla);
    return {
      id: `${hit.document_id}:${hit.posicion}`,
      documento: {
        id: hit.document_id,
        titulo: hit.titulo,
        autores: hit.autores,
        ...(hit.anio != null && { anio: hit.anio }),
      },
      texto: hit.texto,
      cita: formatCitation(doc, localizador),
      localizador,
      ancla: hit.ancla,
      enlace: buildLink(deps.config.publicUrl, hit.document_id, hit.ancla, hit.unidad),
      puntuacion: score,
    };
  });
  return { consulta: req.q, pasajes, ms: Math.round(performance.now() - started) };
}
