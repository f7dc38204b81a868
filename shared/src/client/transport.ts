import type { z } from 'zod';
import { connectionError, errorFromBody, invalidAnswer } from './api-error';
import type { ByteStream } from './sse';

/** What the client hands to `fetch`: a subset of RequestInit every fetch accepts. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | ArrayBuffer;
  signal?: AbortSignal;
}

/** What the client reads of a fetch Response. */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: ByteStream | null;
  text(): Promise<string>;
}

/** A `fetch`: the platform's, or any function speaking the same protocol (an in-process app in tests). */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** What a transport reads of the client's options, at each request. */
export interface TransportOptions {
  apiKey: string;
  fetch?: FetchLike;
}

/** A query string's values: an array repeats its key, `undefined` and '' are left out. */
export type Query = Record<string, string | number | string[] | undefined>;

/** How one request is sent. */
export interface CallOptions {
  query?: Query;
  json?: unknown;
  body?: FetchInit['body'];
  headers?: Record<string, string>;
  auth?: boolean;
  /** Statuses read as answers besides 2xx (health reports 503 when degraded). */
  accept?: number[];
  signal?: AbortSignal;
}

/** One server and key, as every group of the client's methods sends a request and reads its answer. */
export interface Transport {
  /** The server's root, without '/api/v1'. */
  readonly root: string;
  /** The API's base: the root and '/api/v1'. */
  readonly api: string;
  /** Sends a request; an answer outside 2xx (and `accept`) throws the server's error as an ApiError. */
  call(method: string, url: string, opts?: CallOptions): Promise<FetchResponse>;
  /** An answer's body as JSON checked against `schema`; `what` names the request in the error. */
  json<T>(res: FetchResponse, schema: z.ZodType<T>, what: string): Promise<T>;
}

/** The transport of `options` to the server at `root` (already normalised). */
export function createTransport(options: TransportOptions, root: string): Transport {
  const api = `${root}/api/v1`;
  const doFetch: FetchLike =
    options.fetch ?? ((url, init) => (globalThis as unknown as { fetch: FetchLike }).fetch(url, init));

  async function call(method: string, url: string, opts: CallOptions = {}): Promise<FetchResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.auth !== false) headers.Authorization = `Bearer ${options.apiKey}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['Content-Type'] = 'application/json';
    }
    const target = withQuery(url, opts.query);
    let res: FetchResponse;
    try {
      res = await doFetch(target, { method, headers, body, signal: opts.signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw connectionError(target, err);
    }
    if ((res.status >= 200 && res.status < 300) || opts.accept?.includes(res.status)) return res;
    throw errorFromBody(res.status, await readJsonLoosely(res), res.headers.get('retry-after'));
  }

  async function json<T>(res: FetchResponse, schema: z.ZodType<T>, what: string): Promise<T> {
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw connectionError(api, err);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw invalidAnswer(`${what}: no es JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalidAnswer(what);
    return parsed.data;
  }

  return { root, api, call, json };
}

function withQuery(url: string, query: Query | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? url : `${url}?${text}`;
}

async function readJsonLoosely(res: FetchResponse): Promise<unknown> {
  try {
    return JSON.parse(await res.text());
  } catch {
    return undefined;
  }
}
