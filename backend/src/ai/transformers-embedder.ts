import { join } from 'node:path';
import { EmbeddingError, inBatches, type Embedder } from './embedder';
import {
  checkedModelId,
  findLocalTextModel,
  localTransformers,
  type LocalModelFiles,
  type ModelDtype,
} from './local-model';

export type EmbeddingDtype = ModelDtype;

export interface TransformersEmbedderOptions {
  /** Directory of local models in the transformers.js layout: `<modelsDir>/<org>/<name>/config.json, onnx/…`. */
  modelsDir: string;
  /** Model id under `modelsDir`, e.g. 'Xenova/multilingual-e5-small'. */
  model: string;
  /** Put before every query; by default what the model family expects (see `defaultPrefixes`). */
  queryPrefix?: string;
  /** Put before every passage; by default what the model family expects. */
  passagePrefix?: string;
  /**
   * Which weight file to load. Default: the first present of q8 (`model_quantized.onnx`, what the issue
   * asks for: a quarter of the size, near-identical vectors), fp32 (`model.onnx`), then the others.
   */
  dtype?: EmbeddingDtype;
  /** Texts per forward pass; bounds memory on long passages. Default 16. */
  batchSize?: number;
}

/**
 * Prefixes by model family, from their model cards: E5 marks both sides; E5-instruct only the query,
 * with a task instruction; Nomic uses task words; BGE-small/base/large-en v1.5 an instruction on queries.
 * Any other model gets none (symmetric models like MiniLM, or BGE-M3, which wants none).
 */
export function defaultPrefixes(model: string): { query: string; passage: string } {
  const id = model.toLowerCase();
  if (/e5.*instruct/.test(id)) {
    return {
      query: 'Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery: ',
      passage: '',
    };
  }
  if (/(^|[/_-])e5([_-]|$)/.test(id)) return { query: 'query: ', passage: 'passage: ' };
  if (id.includes('nomic-embed-text')) return { query: 'search_query: ', passage: 'search_document: ' };
  if (/bge-(small|base|large)-en/.test(id)) {
    return { query: 'Represent this sentence for searching relevant passages: ', passage: '' };
  }
  return { query: '', passage: '' };
}

/** A model found on disk: its directory and the weight precision to load. */
export type EmbeddingModelFiles = LocalModelFiles;

/**
 * Looks for the model's files without loading anything; throws an `EmbeddingError` (not retryable) naming
 * the directory and the files expected. Useful at startup and for /health.
 */
export async function findEmbeddingModel(
  options: Pick<TransformersEmbedderOptions, 'modelsDir' | 'model' | 'dtype'>,
): Promise<EmbeddingModelFiles> {
  const { modelsDir, model } = checked(options);
  const dir = join(modelsDir, model);
  return findLocalTextModel(
    { modelsDir, model, dtype: options.dtype },
    (what, weights) =>
      new EmbeddingError(
        `No está el modelo de embeddings local '${model}' en FOLIO_MODELS_DIR (${modelsDir}): falta ${what}. ` +
          `Copia en ${dir} el modelo en formato transformers.js (config.json, tokenizer.json, ` +
          `tokenizer_config.json y ${weights}), p. ej. desde https://huggingface.co/${model}, ` +
          'o configura un servicio de embeddings compatible con OpenAI.',
        `Local embedding model '${model}' not found under ${modelsDir}: missing ${what} ` +
          `(expected config.json, tokenizer.json, tokenizer_config.json, ${weights} in ${dir})`,
        false,
      ),
  );
}

const checked = (options: Pick<TransformersEmbedderOptions, 'modelsDir' | 'model' | 'dtype'>) =>
  checkedModelId('createTransformersEmbedder', options);

/** The part of transformers.js' feature-extraction pipeline used here. */
type Extractor = (
  texts: string[],
  options: { pooling: 'mean'; normalize: true },
) => Promise<{ data: Float32Array; dims: number[] }>;

/**
 * An Embedder running a sentence-embedding model on this machine with transformers.js (ONNX Runtime,
 * CPU), from files under `modelsDir` only: remote models are switched off, so nothing is ever downloaded
 * (fetching is for the installer, not for a running server). Vectors are the mean of the token states
 * over the attention mask, L2-normalized — what E5, MiniLM and BGE-M3 are trained for. The model is
 * loaded, and its width measured, before the promise resolves, so a missing or broken model fails at
 * startup with an `EmbeddingError` that says what is expected where.
 *
 * transformers.js keeps its settings in one global `env`; this sets `localModelPath` to `modelsDir`,
 * the same directory the local Whisper transcriber uses.
 */
export async function createTransformersEmbedder(options: TransformersEmbedderOptions): Promise<Embedder> {
  const { modelsDir, model } = checked(options);
  const batchSize = options.batchSize ?? 16;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError('createTransformersEmbedder: batchSize must be a positive integer');
  }
  const defaults = defaultPrefixes(model);
  const queryPrefix = options.queryPrefix ?? defaults.query;
  const passagePrefix = options.passagePrefix ?? defaults.passage;

  const files = await findEmbeddingModel({ modelsDir, model, dtype: options.dtype });
  const transformers = await localTransformers(modelsDir);
  let extract: Extractor;
  try {
    const pipe = await transformers.pipeline('feature-extraction', model, {
      local_files_only: true,
      device: 'cpu',
      dtype: files.dtype,
    });
    extract = pipe as unknown as Extractor;
  } catch (error) {
    const detail = (error as Error).message;
    throw new EmbeddingError(
      `No se pudo cargar el modelo de embeddings local '${model}' de ${files.dir}: ${detail}`,
      `Could not load local embedding model '${model}' (${files.dtype}) from ${files.dir}: ${detail}`,
      false,
      { cause: error },
    );
  }

  const embed = async (texts: string[]): Promise<Float32Array[]> => {
    const output = await extract(texts, { pooling: 'mean', normalize: true });
    const [rows = 0, width = 0] = output.dims;
    return Array.from({ length: rows }, (_, i) => output.data.slice(i * width, (i + 1) * width));
  };
  const [probe] = await embed([passagePrefix + 'folio']);
  const dimensions = probe?.length ?? 0;
  if (!dimensions) {
    throw new EmbeddingError(
      `El modelo '${model}' no produce vectores (¿no es un modelo de embeddings de texto?).`,
      `Model '${model}' produced no embedding`,
      false,
    );
  }

  const run = (prefix: string) => (texts: string[], signal?: AbortSignal) =>
    inBatches(
      texts.map((t) => prefix + t),
      batchSize,
      embed,
      signal,
    );
  return {
    name: `${model} (local, ${files.dtype})`,
    dimensions,
    embedQueries: run(queryPrefix),
    embedPassages: run(passagePrefix),
  };
}
