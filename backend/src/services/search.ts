import { buildLink, formatCitation, formatLocator, type Busqueda, type Pasaje } from '@folio/shared';
import type { Deps } from '../context';
import { readPassageParts } from '../db/passages-search.repo';
import { narrowPassage } from '../search/narrow-passage';
import { parseQuery } from '../search/query';
import { passageKey, rankPassages, type SearchEnginesUsed } from '../search/rank-passages';
import type { SearchRequest } from '../search/search-request';

export type { SearchRequest } from '../search/search-request';
export type { SearchEnginesUsed } from '../search/rank-passages';
export { defaultSemanticFloor } from '../search/rank-passages';
/** How much the cross-encoder's relevance weighs against the feature score when it rescores (said in the docs). */
export { CROSS_ENCODER_WEIGHT } from '../search/cross-encoder-rerank';

/** Which engines answered, for the response headers and /health. */
export const SEARCH_ENGINES = {
  lexico: 'BM25 sobre raíces de PostgreSQL full text (spanish, english; sin acentos; título y encabezados ponderados)',
} as const;

/** What a search finds: the contract's Busqueda, and what the operations built on it need besides. */
export interface SearchResult extends Busqueda {
  motores: SearchEnginesUsed;
  /** The whole passages the results were narrowed from, in order: what support is judged on. */
  contextos: string[];
  /** Result `i` narrowed to the blocks holding `words` instead of the query's (an answer's sentence). */
  narrowedTo(i: number, words: string): Pasaje;
}

/**
 * Passages of the caller's library for a query, ranked by `search/rank-passages.ts`, each narrowed to the
 * stored blocks that hold the query's words (`search/narrow-passage.ts`), and its citation, locator and
 * link from that block's anchor.
 * `contextos` are the whole passages the results were narrowed from, for judging support (a claim's
 * backing may lean on a neighbouring paragraph); never part of an answer.
 */
export async function searchLibrary(
  deps: Pick<Deps, 'db' | 'config' | 'engines'> & Partial<Pick<Deps, 'log'>>,
  userId: string,
  req: SearchRequest,
): Promise<SearchResult> {
  const started = performance.now();
  const { parsed, ranked, motores } = await rankPassages(deps, userId, req);
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
    const { texto, ancla } = narrowPassage({ ...hit, partes: parts.get(passageKey(hit)) }, terms, words);
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
    motores,
  };
}
