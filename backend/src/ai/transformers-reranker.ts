import type { LocalModelFiles, ModelDtype } from './local-model';
import { findPairModel, loadPairClassifier, type PairModelKind, type PairReader } from './pair-classifier';
import { logitsToRelevance, RerankerError, type Reranker } from './reranker';

export interface TransformersRerankerOptions {
  /** Directory of local models in the transformers.js layout: `<modelsDir>/<org>/<name>/config.json, onnx/…`. */
  modelsDir: string;
  /** Model id under `modelsDir`, e.g. 'onnx-community/bge-reranker-v2-m3-ONNX'. */
  model: string;
  /** Which weight file to load. Default: the first present of q8 (`model_quantized.onnx`), fp32, then the others. */
  dtype?: ModelDtype;
  /** Pairs per forward pass; bounds memory. Default 8. */
  batchSize?: number;
  /** Tokens of query and passage together; the passage's tail is cut beyond it. Default 512. */
  maxLength?: number;
}

const RERANKER: PairModelKind = {
  caller: 'createTransformersReranker',
  es: 'cross-encoder',
  en: 'reranker model',
  esVerb: 'puntúa',
  error: RerankerError,
};

/**
 * Looks for the model's files without loading anything; throws a `RerankerError` naming the directory and
 * the files expected. Used at startup, so a missing model is reported on /health without any load.
 */
export async function findRerankerModel(
  options: Pick<TransformersRerankerOptions, 'modelsDir' | 'model' | 'dtype'>,
): Promise<LocalModelFiles> {
  return findPairModel(RERANKER, options);
}

/** Relevance in [0, 1] per pair: the sigmoid of the logit, or the softmax of two labels. */
const readRelevance: PairReader<number> = (logits, pairs) => {
  const [rows = 0, labels = 0] = logits.dims;
  const scores = logitsToRelevance(logits.data, labels);
  if (rows !== pairs || scores.length !== pairs) {
    throw new RerankerError(
      'El cross-encoder devolvió un número de puntuaciones distinto del de pasajes.',
      `Reranker returned ${rows} rows for ${pairs} passages`,
    );
  }
  return scores;
};

/**
 * A Reranker running a cross-encoder on this machine with transformers.js (ONNX Runtime, CPU), from files
 * under `modelsDir` only: nothing is downloaded. Each passage is read with the query as one text pair
 * (`[CLS] query [SEP] passage [SEP]`, or the model's own template), in batches; the relevance is the
 * sigmoid of the logit, or the softmax of two labels. The model is loaded and run once on a probe pair
 * before the promise resolves, so a missing, broken or non-reranker model fails while loading, with a
 * `RerankerError` that says what is wrong, never halfway through scoring (engines.ts loads it on the
 * first search and falls back to the feature reranker if it fails).
 */
export async function createTransformersReranker(options: TransformersRerankerOptions): Promise<Reranker> {
  const classifier = await loadPairClassifier(RERANKER, options, () => readRelevance);
  return {
    name: classifier.name,
    async score(query, passages, signal) {
      return classifier.classify(
        passages.map(() => query),
        passages,
        signal,
      );
    },
    close: () => classifier.close(),
  };
}
