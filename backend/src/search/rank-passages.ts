import type { Embedder } from '../ai/embedder';
import type { Reranker } from '../ai/reranker';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Logger } from '../log';
import { searchLexical, type LexicalHit } from '../db/passages-search.repo';
import { searchVectors } from '../db/vectors.repo';
import { crossEncoderRerank } from './cross-encoder-rerank';
import { featureScores } from './feature-rerank';
import { reciprocalRankFusion } from './fusion';
import { foldPhrase, parseQuery, type ParsedQuery } from './query';
import type { SearchRequest } from './search-request';

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

/** What a search used: the engines that answered, for the X-Folio-* headers. */
export interface SearchEnginesUsed {
  semantico?: string;
  /** The cross-encoder that ordered the results; absent when the feature reranker alone did. */
  reranker?: string;
}

/** The best passages for a query, best first, with the query as parsed and the engines that ranked them. */
export interface RankedPassages {
  parsed: ParsedQuery;
  ranked: { hit: LexicalHit; score: number }[];
  motores: SearchEnginesUsed;
}

/** `document:posicion`, a passage's key across the candidate lists. */
export const passageKey = (h: LexicalHit) => `${h.document_id}:${h.posicion}`;

/** What ranking reads: the store, the semantic floor's setting, the engines it may use, the log. */
export interface RankingDeps {
  db: Db;
  config: Pick<Config, 'embeddings'>;
  engines: { embedder?: Embedder; reranker?: Reranker };
  log?: Logger;
}

/**
 * Passages of the caller's library for a query: lexical candidates by BM25 over stems (literal phrases
 * enforced), semantic ones when an embedder answers, fused, reranked by features, then by the
 * cross-encoder when one answers. Every filter is a condition of the candidates' query, so k results of
 * the right kind and year come back.
 */
export async function rankPassages(deps: RankingDeps, userId: string, req: SearchRequest): Promise<RankedPassages> {
  const k = req.k ?? 10;
  const parsed = parseQuery(req.q);
  const pool = Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_RESULT);
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

  // Semantic candidates, when an embedding model answers; a quoted phrase still has to be there.
  const embedder = deps.engines.embedder;
  let semantic: LexicalHit[] = [];
  if (embedder) {
    const [vector] = await embedder.embedQueries([req.q]);
    const near = await searchVectors(deps.db, { ...filters, model: embedder.name, vector: vector! });
    const floor = deps.config.embeddings.minSimilarity ?? defaultSemanticFloor(embedder.name);
    const lexicalKeys = new Set(lexical.map(passageKey));
    semantic = near.filter(
      (h) =>
        parsed.phrases.every((ph) => foldPhrase(h.texto).includes(ph)) &&
        (h.semantic >= floor || lexicalKeys.has(passageKey(h))),
    );
  }
  const candidates = new Map<string, LexicalHit>();
  for (const h of [...lexical, ...semantic]) if (!candidates.has(passageKey(h))) candidates.set(passageKey(h), h);
  const hits = [...candidates.values()];
  // With two lists the reranker's rank feature is the fused rank; with one, the lexical rank itself.
  const fused = embedder ? reciprocalRankFusion([lexical.map(passageKey), semantic.map(passageKey)]) : undefined;
  const scores = featureScores(
    parsed,
    req.q,
    hits.map((h) => ({ ...h, lexical: fused ? fused.get(passageKey(h))! : h.lexical })),
  );
  const byFeatures = hits.map((hit, i) => ({ hit, score: scores[i]! })).sort((a, b) => b.score - a.score);
  const { ranked, reranker } = await crossEncoderRerank(deps.engines.reranker, req.q, byFeatures, k, deps.log);
  return { parsed, ranked, motores: { ...(embedder && { semantico: embedder.name }), ...(reranker && { reranker }) } };
}
