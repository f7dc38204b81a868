import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Deps } from './context';
import type { AppEnv } from './http/env';
import { handleError, handleNotFound } from './http/error-handler';
import { rateLimit } from './http/middleware/rate-limit';
import { openApiDocument } from './http/openapi';
import type { OperationContext } from './http/operation';
import { documentRoutes } from './http/routes/documentos';
import { healthRoutes } from './http/routes/health';
import { llmsTxt } from './http/routes/llms-txt';
import { askRoutes } from './http/routes/preguntar';
import { searchRoutes } from './http/routes/buscar';
import { citeRoutes } from './http/routes/citar';
import { styleRoutes } from './http/routes/estilos';
import { importRoutes } from './http/routes/importaciones';
import { resumableRoutes } from './http/routes/subidas';
import { verifyRoutes } from './http/routes/verificar';
import { webApp } from './web';
import { mcpHealthSection } from './mcp/health-section';
import { mcpRoutes } from './mcp/route';
import { readerRoutes } from './web/reader/routes';
import { refuseNulInUrl } from './http/nul-guard';

/** The versioned API: every operation of the contract, its OpenAPI document and llms.txt. */
function apiV1(deps: Deps, limiter: MiddlewareHandler<AppEnv>): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>();
  // A NUL in the path or the query is refused before any route reads it (http/nul-guard.ts).
  api.use('*', async (c, next) => {
    refuseNulInUrl(c.req.url);
    await next();
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API key (created with `npm run folio -- keys create`), shown once.',
  });
  const ctx: OperationContext = {
    jsonLimit: deps.config.maxJsonBytes,
    limiter,
  };
  documentRoutes(api, ctx);
  searchRoutes(api, ctx);
  verifyRoutes(api, ctx);
  askRoutes(api, ctx);
  citeRoutes(api, ctx);
  styleRoutes(api, ctx);
  resumableRoutes(api, ctx);
  importRoutes(api, ctx);

  let openapi: unknown;
  api.get('/openapi.json', (c) => {
    openapi ??= openApiDocument(api, deps.config.publicUrl);
    return c.json(openapi);
  });
  api.get('/llms.txt', (c) => c.text(llmsTxt(deps.config.publicUrl)));
  api.onError(handleError);
  api.notFound(handleNotFound);
  return api;
}

/** Builds the whole HTTP app; no listen(), so tests drive it with `app.request()`. */
export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    // A request is work like a job: what it leaves is collected once work stops (jobs/collect-when-idle.ts).
    // A monitor's /health is not use, and polled often enough it would put the collection off for good.
    if (deps.idle && c.req.path !== '/health') await deps.idle.during(next);
    else await next();
  });
  // One limiter for the REST API and /mcp alike: the budget is per key, whichever way it is spent.
  const limiter = rateLimit(deps.config.rateLimitPerMinute);
  healthRoutes(app, (config) => ({ mcp: mcpHealthSection(config.publicUrl) }));
  app.get('/', (c) => {
    // A person in a browser wants the library; a program, the map of the service.
    if (c.req.header('Accept')?.includes('text/html')) return c.redirect('/biblioteca', 302);
    return c.json({
      nombre: 'Folio',
      api: `${deps.config.publicUrl}/api/v1`,
      openapi: `${deps.config.publicUrl}/api/v1/openapi.json`,
      llms: `${deps.config.publicUrl}/api/v1/llms.txt`,
      salud: `${deps.config.publicUrl}/health`,
      mcp: `${deps.config.publicUrl}/mcp`,
    });
  });
  app.route('/api/v1', apiV1(deps, limiter));
  app.route('/', webApp());
  mcpRoutes(app, limiter);
  readerRoutes(app);
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}
