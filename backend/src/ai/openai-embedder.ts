import type OpenAI from 'openai';
import { EmbeddingError, inBatches, l2Normalize, type Embedder } from './embedder';
import { checkedBaseUrl, lazyOpenAiClient, openAiFailure } from './openai-client';

export interface OpenAiEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, usually ending in /v1 (OpenAI, vLLM, TEI, Ollama, llama.cpp …). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /**
   * Vector length. When given it is also sent as `dimensions` (text-embedding-3 models shorten their
   * vectors on request) and every answer is checked against it. When not, it is known for OpenAI's own
   * models and otherwise learned from the first answer (0 until then).
   */
  dimensions?: number;
  /** Texts per request. Default 64: within every server's limits we know (OpenAI takes 2048). */
  batchSize?: number;
  /** Bound on one request. Default 60 s. */
  timeoutMs?: number;
  /** Retries of one request on 408/409/429/5xx and connection errors, with the client's backoff. Default 4. */
  maxRetries?: number;
}

/** Widths of OpenAI's own embedding models, so `dimensions` is right before the first call. */
const KNOWN_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/**
 * An Embedder over any OpenAI-compatible `POST /embeddings`. Texts go as an `input` array, in batches;
 * `encoding_format: 'float'` is asked for explicitly because the client otherwise requests base64,
 * which several compatible servers do not speak. Answers are put back in input order by `index` and
 * L2-normalized (OpenAI's already are; other servers' not always). Retries with backoff on 429/5xx
 * are the client's own, honouring Retry-After. Failures are `EmbeddingError`s, retryable or not.
 * No prefixes are added: hosted models that want them (E5 behind TEI …) get them from the caller's
 * configuration upstream of this, as the texts are sent as given.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const baseUrl = checkedBaseUrl(options.baseUrl, 'createOpenAiEmbedder');
  const model = options.model?.trim();
  if (!model) throw new TypeError('createOpenAiEmbedder: model is required');
  const batchSize = options.batchSize ?? 64;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError('createOpenAiEmbedder: batchSize must be a positive integer');
  }
  const requested = options.dimensions;
  if (requested !== undefined && !(Number.isInteger(requested) && requested > 0)) {
    throw new TypeError('createOpenAiEmbedder: dimensions must be a positive integer');
  }
  let dimensions = requested ?? KNOWN_DIMENSIONS[model] ?? 0;

  const getClient = lazyOpenAiClient({
    baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 4,
  });

  const embed = async (input: string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    let response: OpenAI.CreateEmbeddingResponse;
    try {
      response = await getClient().embeddings.create(
        {
          model,
          // OpenAI rejects empty strings; a space embeds as "nothing" on every server.
          input: input.map((t) => (t === '' ? ' ' : t)),
          encoding_format: 'float',
          ...(requested ? { dimensions: requested } : {}),
        },
        { signal },
      );
    } catch (error) {
      throw explain(error, { baseUrl, model, signal });
    }
    const data = Array.isArray(response?.data) ? response.data : [];
    const vectors: Float32Array[] = new Array(input.length);
    data.forEach((item, i) => {
      const at = Number.isInteger(item?.index) ? item.index : i;
      if (Array.isArray(item?.embedding) && at >= 0 && at < input.length) {
        vectors[at] = l2Normalize(Float32Array.from(item.embedding));
      }
    });
    for (let i = 0; i < input.length; i++) {
      const v = vectors[i];
      if (!v || v.length === 0) {
        throw badAnswer(baseUrl, `no embedding for input ${i} of ${input.length}`);
      }
      if (dimensions && v.length !== dimensions) {
        throw badAnswer(baseUrl, `embedding of length ${v.length}, expected ${dimensions}`);
      }
      dimensions ||= v.length;
    }
    return vectors;
  };

  const run = (texts: string[], signal?: AbortSignal) => inBatches(texts, batchSize, (b) => embed(b, signal), signal);
  return {
    name: `${model} at ${baseUrl}`,
    get dimensions() {
      return dimensions;
    },
    embedQueries: run,
    embedPassages: run,
  };
}

function badAnswer(baseUrl: string, what: string): EmbeddingError {
  return new EmbeddingError(
    `El servicio de embeddings (${baseUrl}) dio una respuesta inesperada: ${what}.`,
    `Embedding service at ${baseUrl} answered unexpectedly: ${what}`,
    false,
  );
}

function explain(error: unknown, ctx: { baseUrl: string; model: string; signal?: AbortSignal }): unknown {
  if (ctx.signal?.aborted) return ctx.signal.reason ?? error;
  const failure = openAiFailure(error);
  if (!failure) return error;
  const where = `el servicio de embeddings (${ctx.baseUrl})`;
  const Where = `El servicio de embeddings (${ctx.baseUrl})`;
  const fail = (mensaje: string, message: string, retryable: boolean) =>
    new EmbeddingError(mensaje, message, retryable, { cause: error });
  switch (failure.kind) {
    case 'timeout':
      return fail(
        `Se agotó el tiempo de espera de ${where}; se volverá a intentar.`,
        `Embedding request to ${ctx.baseUrl} timed out`,
        true,
      );
    case 'connection':
      return fail(
        `No se pudo conectar con ${where}; comprueba su URL. Se volverá a intentar.`,
        `Could not connect to the embedding service at ${ctx.baseUrl}: ${failure.message}`,
        true,
      );
    case 'key':
      return fail(
        `${Where} rechazó la clave (HTTP ${failure.status}); revisa la clave configurada.`,
        `Embedding service rejected the API key (HTTP ${failure.status}): ${failure.detail}`,
        false,
      );
    case 'not_found':
      return fail(
        `${Where} no tiene /embeddings o no conoce el modelo '${ctx.model}' (HTTP 404); la URL debe ser ` +
          'la base de la API (p. ej. https://api.openai.com/v1) y el modelo uno que ofrezca.',
        `Embedding endpoint or model '${ctx.model}' not found at ${ctx.baseUrl} (HTTP 404): ${failure.detail}`,
        false,
      );
    case 'retryable':
      return fail(
        `${Where} respondió HTTP ${failure.status} tras varios intentos; se volverá a intentar más tarde.`,
        `Embedding service answered HTTP ${failure.status} after retries: ${failure.detail}`,
        true,
      );
    case 'rejected':
      return fail(
        `${Where} rechazó la petición (HTTP ${failure.status}): ${failure.detail}`,
        `Embedding service rejected the request (HTTP ${failure.status}): ${failure.detail}`,
        false,
      );
  }
}
