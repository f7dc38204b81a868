import type { OpenAPIHono } from '@hono/zod-openapi';
import { Busqueda, BuscarBody, BuscarQuery, FormatoQuery, searchMarkdown } from '@folio/shared';
import type { Context } from 'hono';
import { searchLibrary, type SearchRequest } from '../../services/search';
import type { AppEnv } from '../env';
import { jsonOrMarkdown, operation, type OperationContext } from '../operation';
import { respond } from '../respond';

const DESCRIPTION =
  'Lexical search (Spanish and English stems plus plain, accent-insensitive forms) reranked by features: ' +
  'lexical rank, share of query words present, their proximity, the query as typed, title hits. A phrase in ' +
  'double quotes must appear literally (case and spacing ignored). `puntuacion` is 0-1. The headers ' +
  '`X-Folio-Motores` and `X-Folio-Semantico` say which engines answered; with an embedding model, semantic ' +
  'candidates are fused with the lexical ones by reciprocal rank; without one, semantic search is reported as ' +
  'not available.';

/** `documento` may repeat and each value may hold several ids separated by commas. */
function documentIds(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return ids.length ? ids : undefined;
}

async function answer(c: Context<AppEnv>, req: SearchRequest, formato?: 'json' | 'markdown') {
  const { motores, ...busqueda } = await searchLibrary(c.var.deps, c.var.principal.userId, req);
  c.header('X-Folio-Motores', motores.semantico ? 'lexico, semantico, reranker-rasgos' : 'lexico, reranker-rasgos');
  // Header values are Latin-1: the model name is given as is (model ids are ASCII).
  c.header('X-Folio-Semantico', motores.semantico ?? 'no disponible');
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
        { q: query.q, k: query.k, documentos: documentIds(query.documento), biblioteca: query.biblioteca },
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
        { q: body.q, k: body.k, documentos: body.documentos, biblioteca: body.biblioteca },
        body.formato ?? query.formato,
      ),
  );
}
