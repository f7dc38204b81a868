import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors';
import type { AppEnv } from '../http/env';
import { requireMcpCaller } from './auth';
import { oauthRoutes } from './oauth-routes';
import { createMcpServer } from './server';

/**
 * Refuses a request whose `Origin` is not this server's own (the transport spec's defence against DNS
 * rebinding: Folio listens on 127.0.0.1 by default). Clients outside a browser send no Origin.
 */
function sameOriginOnly() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(c.var.deps.config.publicUrl).origin) {
      throw new AppError('prohibido', {
        mensaje: `El servidor MCP no acepta peticiones desde el origen ${origin}.`,
        message: `The MCP server does not accept requests from origin ${origin}.`,
        detalles: { origen: origin },
      });
    }
    await next();
  });
}

/**
 * `/mcp`, the Streamable HTTP endpoint, stateless: every POST gets its own server and transport, built for the
 * caller its credential names, and answers on its own response (SSE, so a slow cite can send progress). No
 * session is kept: each tool call is self-contained, the embedded store allows one process so sessions would
 * only be memory to lose at a restart, and every request re-checks its credential, so a revoked key or token
 * stops working at once. Without sessions there is no stream to resume and nothing to end: GET and DELETE
 * answer 405, as the transport spec allows. The OAuth endpoints that issue its tokens are mounted beside it.
 */
export function mcpRoutes(app: Hono<AppEnv>, limiter: MiddlewareHandler<AppEnv>): void {
  oauthRoutes(app);
  const guard = [sameOriginOnly(), requireMcpCaller(), limiter] as const;
  app.post('/mcp', ...guard, async (c) => {
    const { deps, principal } = c.var;
    const server = createMcpServer(deps, principal.userId);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      maxRequestBodySize: deps.config.maxJsonBytes,
    });
    await server.connect(transport);
    // A client that goes away cancels what its request was waiting for (a cite job's wait, a search).
    c.req.raw.signal.addEventListener('abort', () => void server.close(), { once: true });
    return transport.handleRequest(c.req.raw);
  });
  app.on(['GET', 'DELETE'], '/mcp', ...guard, (c) =>
    c.json(
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless.' }, id: null },
      405,
      {
        Allow: 'POST',
      },
    ),
  );
}
