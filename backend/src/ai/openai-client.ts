import OpenAI from 'openai';

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
