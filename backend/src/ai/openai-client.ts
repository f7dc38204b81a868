import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/** A provider's base URL, checked: http(s) only, without trailing slashes. `who` names the caller in errors. */
export function checkedBaseUrl(value: string, who: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${who}: baseUrl is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${who}: baseUrl must be http(s): ${value}`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * The `openai` client for an OpenAI-compatible endpoint, created on first use. Nothing comes from
 * process.env (configuration is read once, in config.ts) and the client logs nothing.
 */
export function lazyOpenAiClient(opts: {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
}): () => OpenAI {
  let client: OpenAI | undefined;
  return () =>
    (client ??= new OpenAI({
      baseURL: opts.baseUrl,
      // Local servers often need no key; the client insists on one, and the value is then ignored.
      apiKey: opts.apiKey || 'sin-clave',
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: opts.timeoutMs,
      maxRetries: opts.maxRetries,
      logLevel: 'off',
    }));
}

/** What went wrong with a call to an OpenAI-compatible service, once the client's own retries are spent. */
export type OpenAiFailure =
  | { kind: 'timeout' }
  | { kind: 'connection'; message: string }
  /** 401/403: the key; 404: the path or the model; retryable: 408, 409, 429, 5xx; rejected: anything else. */
  | { kind: 'key' | 'not_found' | 'retryable' | 'rejected'; status: number; detail: string };

/**
 * Classifies an error of the `openai` client so each caller can say what to do in its own words.
 * Undefined when the error is not the service's answer (an abort among them: let it pass through).
 */
export function openAiFailure(error: unknown): OpenAiFailure | undefined {
  if (error instanceof APIUserAbortError) return undefined;
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof APIConnectionError) return { kind: 'connection', message: error.message };
  if (!(error instanceof APIError)) return undefined;
  const status = error.status ?? 0;
  const detail = error.message.replace(/\s+/g, ' ').slice(0, 300);
  if (status === 401 || status === 403) return { kind: 'key', status, detail };
  if (status === 404) return { kind: 'not_found', status, detail };
  if (status === 429 || status >= 500 || status === 408 || status === 409) return { kind: 'retryable', status, detail };
  return { kind: 'rejected', status, detail };
}
