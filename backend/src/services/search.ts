import { buildLink, formatCitation, formatLocator, type Busqueda, type Pasaje } from '@folio/shared';
import type { Deps } from '../context';
import { searchLexical, type LexicalHit } from '../db/passages-search.repo';
import { searchVectors } from '../db/vectors.repo';
import { crossEncoderRerank } from '../index/cross-encoder-rerank';
import { featureScores } from '../index/feature-rerank';
import { reciprocalRankFusion } from '../index/fusion';
import { foldPhrase, parseQuery } from '../index/query';

export interface SearchRequest {
  q: string;
  k?: number;
  documentos?: string[];
  biblioteca?: string;
}

/** Candidates the reranker looks at for every result asked. */
const CANDIDATES_PER_RESULT = 10;
const MIN_CANDIDATES = 100;

/**
 * The cosine a passage found only by meaning must reach to be a result, so that a query the library
 * knows nothing about still finds nothing. E5 models score unrelated text around 0.7-0.8; smaller
 * bag-of-words models far lower. Not calibrated yet: FOLIO_SEMANTIC_MIN overrides it.
 */
export function defaultSemanticFloor(model: string): number {
  return /e5/i.test(model) ? 0.82 : 0.3;
}

/** Which engines answered, for the response headers and /health. */
export const SEARCH_ENGINES = {
  lexico: 'BM25 sobre raíces de PostgreSQL full text (spanish, english; sin acentos; título y encabezados ponderados)',
} as const;

/** What a search used: the engines that answered, for the X-Folio-* headers. */
export interface SearchEnginesUsed {
  semantico?: string;
  /** The cross-encoder that ordered the results; absent when the feature reranker alone did. */
  reranker?: string;
}

/**
 * Passages of the caller's library for a query: lexical candidates by BM25 over stems (literal phrases
 * enforced), semantic ones when an embedder answers, fused, reranked by features, then by the
 * cross-encoder when one answers; every citation, locator and link from the stored anchor.
 */
export async function searchLibrary(
  deps: Pick<Deps, 'db' | 'config' | 'engines'> & Partial<Pick<Deps, 'log'>>,
  userId: string,
  req: SearchRequest,
): Promise<Busqueda & { motores: SearchEnginesUsed }> {
  const started = performance.now();
  const k = req.k ?? 10;
  const parsed = parseQuery(req.q);
  const pool = Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_RESULT);
  const filters = { userId, documents: req.documentos, biblioteca: req.biblioteca, limit: pool };
  const lexical = await searchLexical(deps.db, { ...filters, terms: parsed.terms, phrases: parsed.phrases });

  const key = (h: LexicalHit) => `${h.document_id}:${h.posicion}`;
  // Semantic candidates, when an embedding model answers; a quoted phrase still has to be there.
  const embedder = deps.engines.embedder;
  let semantic: LexicalHit[] = [];
  if (embedder) {
    const [vector] = await embedder.embedQueries([req.q]);
    const near = await searchVectors(deps.db, { ...filters, model: embedder.name, vector: vector! });
    const floor = deps.config.embeddings.minSimilarity ?? defaultSemanticFloor(embedder.name);
    const lexicalKeys = new Set(lexical.map(key));
    semantic = near.filter(
      (h) =>
        parsed.phrases.every((ph) => foldPhrase(h.texto).includes(ph)) &&
        (h.semantic >= floor || lexicalKeys.has(key(h))),
    );
  }
  const candidates = new Map<string, LexicalHit>();
  for (const h of [...lexical, ...semantic]) if (!candidates.has(key(h))) candidates.set(key(h), h);
  const hits = [...candidates.values()];
  // With two lists the reranker's rank feature is the fused rank; with one, the lexical rank itself.
  const fused = embedder ? reciprocalRankFusion([lexical.map(key), semantic.map(key)]) : undefined;
  const scores = featureScores(
    parsed,
    req.q,
    hits.map((h) => ({ ...h, lexical: fused ? fused.get(key(h))! : h.lexical })),
  );
  const byFeatures = hits.map((hit, i) => ({ hit, score: scores[i]! })).sort((a, b) => b.score - a.score);
  const { ranked, reranker } = await crossEncoderRerank(deps.engines.reranker, req.q, byFeatures, k, deps.log);
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
      // A page holds many passages: its link also says which one the reader highlights.
      enlace: buildLink(deps.config.publicUrl, hit.document_id, hit.ancla, hit.unidad, hit.posicion),
      puntuacion: score,
      ...(hit.visual && { visual: true as const }),
    };
  });
  return {
    consulta: req.q,
    pasajes,
    ms: Math.round(performance.now() - started),
    motores: { ...(embedder && { semantico: embedder.name }), ...(reranker && { reranker }) },
  };
}
