import type { OpenAPIHono } from '@hono/zod-openapi';
import { Busqueda, BuscarBody, BuscarQuery, FormatoQuery, parseYearRange, searchMarkdown } from '@folio/shared';
import type { Context } from 'hono';
import { CROSS_ENCODER_WEIGHT, searchLibrary, type SearchRequest } from '../../services/search';
import type { AppEnv } from '../env';
import { jsonOrMarkdown, operation, type OperationContext } from '../operation';
import { documentIds } from '../document-ids';
import { respond } from '../respond';

const DESCRIPTION =
  'Lexical search by BM25 over Spanish and English stems of accent-folded text (the title and headings ' +
  'weighted), reranked by features: lexical score, share of query words present, their proximity, the query ' +
  'as typed, title hits. A phrase in ' +
  'double quotes must appear literally (case and spacing ignored). With an embedding model, semantic ' +
  'candidates are fused with the lexical ones by reciprocal rank. With a cross-encoder, the best candidates ' +
  `by features are rescored by it and ordered by ${CROSS_ENCODER_WEIGHT} × its relevance + ` +
  `${Math.round((1 - CROSS_ENCODER_WEIGHT) * 10) / 10} × the feature score. ` +
  '`puntuacion` is 0-1. The headers `X-Folio-Motores`, `X-Folio-Semantico` (the embedding model, or ' +
  '`no disponible`) and `X-Folio-Reranker` (the cross-encoder, or `rasgos` when the feature reranker alone ' +
  'ordered the results) say which engines answered.';

/** The document filters beyond the contract's: types, and a year or range of years (already checked). */
function documentFilters(tipos: SearchRequest['tipos'], anio: string | undefined) {
  const years = anio === undefined ? undefined : parseYearRange(anio);
  return { tipos, anioDesde: years?.desde, anioHasta: years?.hasta };
}

async function answer(c: Context<AppEnv>, req: SearchRequest, formato?: 'json' | 'markdown') {
  const {
    motores,
    contextos: _whole,
    narrowedTo: _narrow,
    ...busqueda
  } = await searchLibrary(c.var.deps, c.var.principal.userId, req);
  const engines = ['lexico', ...(motores.semantico ? ['semantico'] : []), 'reranker-rasgos'];
  if (motores.reranker) engines.push('reranker-cruzado');
  c.header('X-Folio-Motores', engines.join(', '));
  // Header values are Latin-1: model names are given as they are (model ids are ASCII).
  c.header('X-Folio-Semantico', motores.semantico ?? 'no disponible');
  c.header('X-Folio-Reranker', motores.reranker ?? 'rasgos');
  return respond(c, 200, busqueda, searchMarkdown, formato);
}

export function searchRoutes(app: OpenAPIHono<AppEnv>, ctx: OperationContext): void {
  const common = { tags: ['Búsqueda'], scope: 'lectura' as const, errors: [400], description: DESCRIPTION };
  operation(
    app,
    ctx,
    {
      ...common,
      method: 'get',
      path: '/buscar',
      operationId: 'buscar',
      summary: 'Search passages (hybrid, reranked)',
      query: BuscarQuery,
      responses: { 200: jsonOrMarkdown('Passages, best first.', Busqueda) },
    },
    (c, { query }) =>
      answer(
        c,
        {
          q: query.q,
          k: query.k,
          documentos: documentIds(query.documento),
          biblioteca: query.biblioteca,
          ...documentFilters(query.tipo === undefined ? undefined : [query.tipo].flat(), query.anio),
        },
        query.formato,
      ),
  );
  operation(
    app,
    ctx,
    {
      ...common,
      method: 'post',
      path: '/buscar',
      operationId: 'buscarPost',
      summary: 'Search passages (JSON body)',
      query: FormatoQuery,
      body: BuscarBody,
      responses: { 200: jsonOrMarkdown('Passages, best first.', Busqueda) },
    },
    (c, { query, body }) =>
      answer(
        c,
        {
          q: body.q,
          k: body.k,
          documentos: body.documentos,
          biblioteca: body.biblioteca,
          ...documentFilters(body.tipos, body.anio),
        },
        body.formato ?? query.formato,
      ),
  );
}
