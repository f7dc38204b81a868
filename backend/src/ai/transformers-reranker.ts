import { join } from 'node:path';
import {
  checkedModelId,
  findLocalTextModel,
  localTransformers,
  type LocalModelFiles,
  type ModelDtype,
} from './local-model';
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

/**
 * Looks for the model's files without loading anything; throws a `RerankerError` naming the directory and
 * the files expected. Used at startup, so a missing model is reported on /health without any load.
 */
export async function findRerankerModel(
  options: Pick<TransformersRerankerOptions, 'modelsDir' | 'model' | 'dtype'>,
): Promise<LocalModelFiles> {
  const { modelsDir, model } = checked(options);
  const dir = join(modelsDir, model);
  return findLocalTextModel(
    { modelsDir, model, dtype: options.dtype },
    (what, weights) =>
      new RerankerError(
        `No está el cross-encoder local '${model}' en FOLIO_MODELS_DIR (${modelsDir}): falta ${what}. ` +
          `Copia en ${dir} el modelo en formato transformers.js (config.json, tokenizer.json, ` +
          `tokenizer_config.json y ${weights}), p. ej. desde https://huggingface.co/${model}.`,
        `Local reranker model '${model}' not found under ${modelsDir}: missing ${what} ` +
          `(expected config.json, tokenizer.json, tokenizer_config.json, ${weights} in ${dir})`,
      ),
  );
}

const checked = (options: Pick<TransformersRerankerOptions, 'modelsDir' | 'model' | 'dtype'>) =>
  checkedModelId('createTransformersReranker', options);

/** The parts of a transformers.js tokenizer and sequence-classification model used here. */
type PairTokenizer = (
  texts: string[],
  options: { text_pair: string[]; padding: true; truncation: true; max_length: number },
) => Record<string, unknown>;
type Classifier = ((
  inputs: Record<string, unknown>,
) => Promise<{ logits: { data: ArrayLike<number>; dims: number[] } }>) & {
  dispose(): Promise<unknown>;
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
  const { modelsDir, model } = checked(options);
  const batchSize = options.batchSize ?? 8;
  const maxLength = options.maxLength ?? 512;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError('createTransformersReranker: batchSize must be a positive integer');
  }
  if (!Number.isInteger(maxLength) || maxLength < 8) {
    throw new TypeError('createTransformersReranker: maxLength must be an integer ≥ 8');
  }
  const files = await findRerankerModel({ modelsDir, model, dtype: options.dtype });
  const transformers = await localTransformers(modelsDir);
  let tokenize: PairTokenizer;
  let classify: Classifier;
  try {
    const tokenizer = await transformers.AutoTokenizer.from_pretrained(model, { local_files_only: true });
    const network = await transformers.AutoModelForSequenceClassification.from_pretrained(model, {
      local_files_only: true,
      device: 'cpu',
      dtype: files.dtype,
    });
    tokenize = tokenizer as unknown as PairTokenizer;
    classify = network as unknown as Classifier;
  } catch (error) {
    const detail = (error as Error).message;
    throw new RerankerError(
      `No se pudo cargar el cross-encoder local '${model}' de ${files.dir}: ${detail}`,
      `Could not load local reranker model '${model}' (${files.dtype}) from ${files.dir}: ${detail}`,
      { cause: error },
    );
  }

  const run = async (query: string, passages: string[]): Promise<number[]> => {
    const inputs = tokenize(
      passages.map(() => query),
      { text_pair: passages, padding: true, truncation: true, max_length: maxLength },
    );
    const { logits } = await classify(inputs);
    const [rows = 0, labels = 0] = logits.dims;
    const scores = logitsToRelevance(logits.data, labels);
    if (rows !== passages.length || scores.length !== passages.length) {
      throw new RerankerError(
        'El cross-encoder devolvió un número de puntuaciones distinto del de pasajes.',
        `Reranker returned ${rows} rows for ${passages.length} passages`,
      );
    }
    return scores;
  };
  try {
    await run('folio', ['folio']);
  } catch (error) {
    await classify.dispose();
    if (error instanceof RerankerError) throw error;
    const detail = (error as Error).message;
    throw new RerankerError(
      `El cross-encoder local '${model}' no puntúa pares de textos: ${detail}`,
      `Local reranker model '${model}' failed on a probe pair: ${detail}`,
      { cause: error },
    );
  }

  return {
    name: `${model} (local, ${files.dtype})`,
    async score(query, passages, signal) {
      const out: number[] = [];
      for (let i = 0; i < passages.length; i += batchSize) {
        signal?.throwIfAborted();
        out.push(...(await run(query, passages.slice(i, i + batchSize))));
      }
      return out;
    },
  };
}
