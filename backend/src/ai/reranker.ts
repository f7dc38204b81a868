import { EngineError } from './engine-error';

/**
 * A cross-encoder: reads a query and one passage together and says how well the passage answers the
 * query. Slower than an embedding (one forward pass per pair, nothing precomputed), so it rescores a
 * short list of candidates that cheaper retrieval already found.
 */
export interface Reranker {
  /** What answers, for /health and the X-Folio-Reranker header (e.g. 'onnx-community/bge-reranker-v2-m3-ONNX (local, q8)'). */
  readonly name: string;
  /**
   * Relevance of each passage to the query, in 0-1 and in the passages' order: the sigmoid of the
   * model's logit (one-label models), or the softmax probability of the 'relevant' label (two labels).
   * Comparable across calls for the same model; not calibrated across models.
   */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
  /** Releases what the engine holds (a model's session); absent when it holds nothing. */
  close?(): Promise<void>;
}

/**
 * A reranking that failed. `mensaje` is Spanish for /health, `message` English for logs. Search never
 * fails because of it: it falls back to the feature reranker and says so in its headers.
 */
export class RerankerError extends EngineError {
  override readonly name = 'RerankerError';
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Relevance in 0-1 from a classifier's logits, row by row (`labels` per row): sigmoid for one label,
 * softmax probability of label 1 for two (the layout of two-class relevance models: 0 = not relevant).
 * Any other number of labels is not a relevance model.
 */
export function logitsToRelevance(logits: ArrayLike<number>, labels: number): number[] {
  if (labels !== 1 && labels !== 2) {
    throw new RerankerError(
      `El modelo tiene ${labels} etiquetas: no es un reranker (se esperan 1 o 2).`,
      `Model has ${labels} labels; a reranker has 1 or 2`,
    );
  }
  const out: number[] = [];
  for (let i = 0; i < logits.length; i += labels) {
    // softmax([a, b])[1] = sigmoid(b - a): one form for both, and no overflow for large logits.
    out.push(labels === 1 ? sigmoid(logits[i]!) : sigmoid(logits[i + 1]! - logits[i]!));
  }
  return out;
}
