import {
  buildLink,
  formatCitation,
  formatLocator,
  type Busqueda,
  type Pasaje,
  type TipoDocumento,
} from '@folio/shared';
import type { Deps } from '../context';
import { readPassageParts, searchLexical, type LexicalHit } from '../db/passages-search.repo';
import { searchVectors } from '../db/vectors.repo';
import { crossEncoderRerank } from '../index/cross-encoder-rerank';

/** How much the cross-encoder's relevance weighs against the feature score when it rescores (said in the docs). */
export { CROSS_ENCODER_WEIGHT } from '../index/cross-encoder-rerank';
import { featureScores } from '../index/feature-rerank';
import { reciprocalRankFusion } from '../index/fusion';
import { narrowPassage } from '../index/narrow-passage';
import { foldPhrase, parseQuery } from '../index/query';

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

/** What a search finds: the contract's Busqueda, and what the operations built on it need besides. */
export interface SearchResult extends Busqueda {
  motores: SearchEnginesUsed;
  /** The whole passages the results were narrowed from, in order: what support is judged on. */
  contextos: string[];
  /** Result `i` narrowed to the blocks holding `words` instead of the query's (an answer's sentence). */
  narrowedTo(i: number, words: string): Pasaje;
}

/**
 * Passages of the caller's library for a query: lexical candidates by BM25 over stems (literal phrases
 * enforced), semantic ones when an embedder answers, fused, reranked by features, then by the
 * cross-encoder when one answers; each narrowed to the stored blocks that hold the query's words
 * (index/narrow-passage.ts), and its citation, locator and link from that block's anchor.
 * `contextos` are the whole passages the results were narrowed from, for judging support (a claim's
 * backing may lean on a neighbouring paragraph); never part of an answer.
 */
export async function searchLibrary(
  deps: Pick<Deps, 'db' | 'config' | 'engines'> & Partial<Pick<Deps, 'log'>>,
  userId: string,
  req: SearchRequest,
): Promise<SearchResult> {
  const started = performance.now();
  const k = req.k ?? 10;
  const parsed = parseQuery(req.q);
  const pool = Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_RESULT);
  // Every filter is a condition of the candidates' query, so k results of the right kind and year come back.
  const filters = {
    userId,
    documents: req.documentos,
    biblioteca: req.biblioteca,
    tipos: req.tipos,
    anioDesde: req.anioDesde,
    anioHasta: req.anioHasta,
    limit: pool,
  };
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
  const parts = await readPassageParts(
    deps.db,
    userId,
    ranked.map(({ hit }) => hit),
  );
  const present = (i: number, words: string): Pasaje => {
    const { hit, score } = ranked[i]!;
    const doc = { titulo: hit.titulo, autores: hit.autores, anio: hit.anio };
    // The cues, paragraph or rows that hold the words, not every block the passage packs.
    const terms = words === req.q ? parsed.terms : parseQuery(words).terms;
    const { texto, ancla } = narrowPassage({ ...hit, partes: parts.get(key(hit)) }, terms, words);
    const localizador = formatLocator(ancla);
    return {
      id: `${hit.document_id}:${hit.posicion}`,
      documento: {
        id: hit.document_id,
        titulo: hit.titulo,
        autores: hit.autores,
        ...(hit.anio != null && { anio: hit.anio }),
      },
      texto,
      cita: formatCitation(doc, localizador),
      localizador,
      ancla,
      // A page holds many passages: its link also says which one the reader highlights.
      enlace: buildLink(deps.config.publicUrl, hit.document_id, ancla, hit.unidad, hit.posicion),
      puntuacion: score,
      ...(hit.visual && { visual: true as const }),
    };
  };
  return {
    consulta: req.q,
    pasajes: ranked.map((_, i) => present(i, req.q)),
    contextos: ranked.map(({ hit }) => hit.texto),
    narrowedTo: present,
    ms: Math.round(performance.now() - started),
    motores: { ...(embedder && { semantico: embedder.name }), ...(reranker && { reranker }) },
  };
}
