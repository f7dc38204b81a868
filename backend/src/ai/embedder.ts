import { RetryableEngineError } from './engine-error';

/**
 * Sentence embeddings for semantic search: a query and the passages it should find are mapped into the
 * same vector space. Queries and passages are embedded by separate calls because asymmetric models
 * (E5, BGE, Nomic …) expect each side marked differently ('query: ' / 'passage: ' for E5); the
 * implementation adds whatever its model expects, callers pass plain text.
 */
export interface Embedder {
  /** What answers, for /health and for telling indexes apart (e.g. 'Xenova/multilingual-e5-small (local, q8)'). */
  readonly name: string;
  /**
   * Length of every vector. A local model is measured before its embedder is returned; a remote one is
   * known from the configuration or the model's name, else learned from the first answer (0 until then).
   */
  readonly dimensions: number;
  /** One vector per text, in order, L2-normalized (so dot product = cosine similarity). */
  embedQueries(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** One vector per text, in order, L2-normalized. */
  embedPassages(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/**
 * An embedding that failed. `mensaje` is Spanish for a document's `error` or a search response, `message`
 * English for logs. `retryable` tells a passing failure (service down, rate limited, timeout) from one
 * that will fail the same way again (missing model files, bad key, unknown model).
 */
export class EmbeddingError extends RetryableEngineError {
  override readonly name = 'EmbeddingError';
}

/** Scales `vector` in place to unit length (a zero vector stays zero) and returns it. */
export function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  return vector;
}

/** Calls `run` on consecutive slices of at most `size` texts and concatenates the results, in order. */
export async function inBatches<T>(
  texts: string[],
  size: number,
  run: (batch: string[]) => Promise<T[]>,
  signal?: AbortSignal,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < texts.length; i += size) {
    signal?.throwIfAborted();
    const batch = texts.slice(i, i + size);
    const vectors = await run(batch);
    if (vectors.length !== batch.length) {
      throw new EmbeddingError(
        'El servicio de embeddings devolvió un número de vectores distinto del de textos.',
        `Embedding returned ${vectors.length} vectors for ${batch.length} texts`,
        false,
      );
    }
    out.push(...vectors);
  }
  return out;
}
