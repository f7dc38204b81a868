import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Scope } from '@folio/shared';
import { EXTENSION_MARK, EXTENSION_NOTE, ErrorApi } from '@folio/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './env';
import { requireScope } from './middleware/auth';
import { jsonBody } from './middleware/json-body';
import { validationError } from './zod-issues';

type Method = 'get' | 'post' | 'patch' | 'delete';
type AnyObject = z.ZodType<Record<string, unknown>>;

export interface OperationSpec<P extends AnyObject, Q extends AnyObject, B extends z.ZodType> {
  method: Method;
  /** OpenAPI-style path under /api/v1, e.g. '/documentos/{id}'. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The scope the key needs; with several, any one of them. */
  scope: Scope | readonly Scope[];
  /**
   * True for an operation the contract (api-v1) does not define: marked `x-folio-extension` in OpenAPI
   * and described as an extension. Parameters and fields that extend it carry the same marker (`extension()`).
   */
  extension?: boolean;
  params?: P;
  query?: Q;
  /** JSON body, validated after strict parsing. */
  body?: B;
  /** Documentation of a body the handler reads itself (uploads). */
  rawBody?: NonNullable<RouteConfig['request']>['body'];
  headers?: z.ZodObject;
  responses: RouteConfig['responses'];
  /** Error statuses this operation may answer besides 401, 403, 429, 500 and 503 (the database down). */
  errors: number[];
  /** This operation's own description of an error status, where the generic one says too little. */
  errorText?: Partial<Record<number, string>>;
}

export interface OperationInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface OperationContext {
  jsonLimit: number;
  /** One limiter shared by every operation, so the budget is per key, not per route. */
  limiter: MiddlewareHandler<AppEnv>;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request (the message names the field).',
  401: 'Missing, wrong or revoked API key.',
  402: 'A plan quota is used up.',
  403: 'The key lacks the required scope.',
  404: 'Not found, or not yours.',
  409: 'Clash with the current state (e.g. no text yet).',
  413: 'Too large.',
  429: 'Too many requests; wait Retry-After seconds.',
  500: 'Internal error.',
  501: 'Not available on this server yet (no_disponible).',
  502: 'An AI provider failed after retries (proveedor_fallo); retry.',
  503: 'The database is down or restarting (no_disponible); retry after Retry-After seconds.',
};

/**
 * The IETF RateLimit fields on every answer of a limited operation (when the server has a limit,
 * `FOLIO_RATE_LIMIT`): a token bucket per API key, refilled at the limit a minute.
 */
export const RATE_LIMIT_FIELDS = {
  'RateLimit-Limit': {
    description: 'Requests a minute allowed to this API key (and the largest burst).',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests this key may make right now before it is refused with 429.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the whole limit is available again (requests come back at the limit a minute).',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** The headers every 429 carries (the contract: wait the seconds in `Retry-After`), with the RateLimit fields. */
export const RATE_LIMIT_HEADERS = {
  'Retry-After': {
    description: 'Seconds to wait before the next request.',
    schema: { type: 'integer', minimum: 1 },
  },
  ...RATE_LIMIT_FIELDS,
};

/** `responses` with the RateLimit fields added to each one's headers (a 429 keeps its Retry-After too). */
export function withRateLimitFields<T extends object>(responses: T): T {
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]: [string, object]) => [
      status,
      { ...r, headers: { ...RATE_LIMIT_FIELDS, ...('headers' in r ? (r.headers as object) : {}) } },
    ]),
  ) as T;
}

/** Query values arrive as strings or arrays of strings; single-valued params take the last one. */
function queryObject(c: Context): Record<string, string | string[]> {
  const all = c.req.queries();
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(all)) out[k] = v.length === 1 ? v[0]! : v;
  return out;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const res = schema.safeParse(value);
  if (!res.success) throw validationError(res.error, where);
  return res.data;
}

/**
 * Declares one API operation: the same zod schemas register it in the OpenAPI document and
 * validate each request, behind auth (scope) and the per-key rate limit.
 */
export function operation<P extends AnyObject, Q extends AnyObject, B extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  ctx: OperationContext,
  spec: OperationSpec<P, Q, B>,
  handler: (c: Context<AppEnv>, input: OperationInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<Response>,
): void {
  const errorResponses = Object.fromEntries(
    [...new Set([...spec.errors, 401, 403, 429, 500, 503])].sort().map((s) => [
      s,
      {
        description: spec.errorText?.[s] ?? ERROR_TEXT[s] ?? 'Error',
        ...(s === 429 && { headers: RATE_LIMIT_HEADERS }),
        ...(s === 503 && { headers: { 'Retry-After': RATE_LIMIT_HEADERS['Retry-After'] } }),
        content: { 'application/json': { schema: ErrorApi } },
      },
    ]),
  );
  const description =
    spec.extension && !spec.description?.startsWith(EXTENSION_NOTE)
      ? `${EXTENSION_NOTE} ${spec.description ?? ''}`.trim()
      : spec.description;
  app.openAPIRegistry.registerPath({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description,
    tags: spec.tags,
    security: [{ bearer: [] }],
    'x-scope': spec.scope,
    ...(spec.extension && { [EXTENSION_MARK]: true }),
    request: {
      ...(spec.params && { params: spec.params as unknown as z.ZodObject }),
      ...(spec.query && { query: spec.query as unknown as z.ZodObject }),
      ...(spec.headers && { headers: spec.headers }),
      ...(spec.body && { body: { required: true, content: { 'application/json': { schema: spec.body } } } }),
      ...(spec.rawBody && { body: spec.rawBody }),
    },
    responses: withRateLimitFields({ ...spec.responses, ...errorResponses }),
  } as RouteConfig);

  const honoPath = spec.path.replace(/\{(\w+)\}/g, ':$1');
  const middleware: MiddlewareHandler<AppEnv>[] = [requireScope(spec.scope), ctx.limiter];
  if (spec.body) middleware.push(jsonBody(ctx.jsonLimit));
  app.on(spec.method.toUpperCase(), [honoPath], ...middleware, async (c) => {
    const input = {
      params: parse(spec.params, c.req.param(), 'ruta'),
      query: parse(spec.query, queryObject(c), 'consulta'),
      body: spec.body ? parse(spec.body, await c.req.json(), 'cuerpo') : undefined,
    } as OperationInput<z.infer<P>, z.infer<Q>, z.infer<B>>;
    return handler(c, input);
  });
}

/** Documentation of a 200-style response that can also be Markdown. */
export function jsonOrMarkdown(description: string, schema: z.ZodType) {
  return {
    description,
    content: {
      'application/json': { schema },
      'text/markdown': { schema: z.string() },
    },
  };
}
