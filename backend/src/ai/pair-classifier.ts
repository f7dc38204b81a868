import { join } from 'node:path';
import {
  checkedModelId,
  findLocalTextModel,
  localTransformers,
  type LocalModelFiles,
  type LocalModelOptions,
} from './local-model';

/**
 * Which kind of text-pair model (cross-encoder reranker, NLI) a caller loads: the words its errors use
 * and its error type.
 */
export interface PairModelKind {
  /** Name of the caller's factory, for option errors: 'createTransformersNli'. */
  caller: string;
  /** The model in Spanish, after 'el': 'modelo NLI', 'cross-encoder'. */
  es: string;
  /** The model in English, after 'local': 'NLI model', 'reranker model'. */
  en: string;
  /** What it does to a pair, in Spanish: 'clasifica', 'puntúa'. */
  esVerb: string;
  /** The caller's error type (`NliError`, `RerankerError`): thrown for every failure to find or load. */
  error: new (mensaje: string, message: string, options?: { cause?: unknown }) => Error;
}

/** Where a pair model is looked for, and how it is run. */
export interface PairClassifierOptions extends LocalModelOptions {
  /** Pairs per forward pass; bounds memory. Default 8. */
  batchSize?: number;
  /** Tokens of both texts together; the first text's tail is cut beyond it. Default 512. */
  maxLength?: number;
}

/** The logits a sequence-classification model returns: `data` row by row, `dims` [rows, labels]. */
export interface PairLogits {
  data: ArrayLike<number>;
  dims: number[];
}

/**
 * Turns one forward pass's logits into one result per pair; throws (the caller's error type) when their
 * shape is not what the model should give for `pairs` pairs.
 */
export type PairReader<T> = (logits: PairLogits, pairs: number) => T[];

/** A pair model loaded and probed. */
export interface PairClassifier<T> {
  /** The model id and the weights loaded: 'org/name (local, q8)'. */
  name: string;
  /** Where the model was found and which weights were loaded. */
  files: LocalModelFiles;
  /** Reads each `firsts[i]` with `seconds[i]` as one text pair, `batchSize` pairs per forward pass. */
  classify(firsts: string[], seconds: string[], signal?: AbortSignal): Promise<T[]>;
  /** Releases the model's ONNX session; the classifier cannot be used afterwards. */
  close(): Promise<void>;
}

/** Looks for a pair model's files without loading anything; throws `kind.error` naming what is missing. */
export async function findPairModel(
  kind: PairModelKind,
  options: Pick<LocalModelOptions, 'modelsDir' | 'model' | 'dtype'>,
): Promise<LocalModelFiles> {
  const { modelsDir, model } = checkedModelId(kind.caller, options);
  const dir = join(modelsDir, model);
  return findLocalTextModel(
    { modelsDir, model, dtype: options.dtype },
    (what, weights) =>
      new kind.error(
        `No está el ${kind.es} local '${model}' en FOLIO_MODELS_DIR (${modelsDir}): falta ${what}. ` +
          `Copia en ${dir} el modelo en formato transformers.js (config.json, tokenizer.json, ` +
          `tokenizer_config.json y ${weights}), p. ej. desde https://huggingface.co/${model}.`,
        `Local ${kind.en} '${model}' not found under ${modelsDir}: missing ${what} ` +
          `(expected config.json, tokenizer.json, tokenizer_config.json, ${weights} in ${dir})`,
      ),
  );
}

/** The parts of a transformers.js tokenizer and sequence-classification model used here. */
type PairTokenizer = (
  texts: string[],
  options: { text_pair: string[]; padding: true; truncation: true; max_length: number },
) => Record<string, unknown>;
type Classifier = ((inputs: Record<string, unknown>) => Promise<{ logits: PairLogits }>) & {
  config: { id2label?: Record<string, string> };
  dispose(): Promise<unknown>;
};

/**
 * Loads a sequence-classification model for text pairs with transformers.js (ONNX Runtime, CPU), from
 * files under `modelsDir` only. Each pair is read as one sequence (`[CLS] first [SEP] second [SEP]`, or
 * the model's own template). `reader` gets the model's `config.json` labels and makes the function that
 * reads its logits; it may throw to refuse the model. The model is then run once on a probe pair, so a
 * missing, broken or unsuitable model fails here with `kind.error`, never while scoring.
 */
export async function loadPairClassifier<T>(
  kind: PairModelKind,
  options: PairClassifierOptions,
  reader: (id2label: Record<string, string> | undefined) => PairReader<T>,
): Promise<PairClassifier<T>> {
  const { modelsDir, model } = checkedModelId(kind.caller, options);
  const batchSize = options.batchSize ?? 8;
  const maxLength = options.maxLength ?? 512;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError(`${kind.caller}: batchSize must be a positive integer`);
  }
  if (!Number.isInteger(maxLength) || maxLength < 8) {
    throw new TypeError(`${kind.caller}: maxLength must be an integer ≥ 8`);
  }
  const files = await findPairModel(kind, { modelsDir, model, dtype: options.dtype });
  const transformers = await localTransformers(modelsDir);
  let tokenize: PairTokenizer;
  let network: Classifier;
  try {
    const tokenizer = await transformers.AutoTokenizer.from_pretrained(model, { local_files_only: true });
    const loaded = await transformers.AutoModelForSequenceClassification.from_pretrained(model, {
      local_files_only: true,
      device: 'cpu',
      dtype: files.dtype,
    });
    tokenize = tokenizer as unknown as PairTokenizer;
    network = loaded as unknown as Classifier;
  } catch (error) {
    const detail = (error as Error).message;
    throw new kind.error(
      `No se pudo cargar el ${kind.es} local '${model}' de ${files.dir}: ${detail}`,
      `Could not load local ${kind.en} '${model}' (${files.dtype}) from ${files.dir}: ${detail}`,
      { cause: error },
    );
  }
  let read: PairReader<T>;
  try {
    read = reader(network.config.id2label);
  } catch (error) {
    await network.dispose();
    throw error;
  }

  const run = async (firsts: string[], seconds: string[]): Promise<T[]> => {
    const inputs = tokenize(firsts, { text_pair: seconds, padding: true, truncation: true, max_length: maxLength });
    const { logits } = await network(inputs);
    return read(logits, firsts.length);
  };
  try {
    await run(['folio'], ['folio']);
  } catch (error) {
    await network.dispose();
    if (error instanceof kind.error) throw error;
    const detail = (error as Error).message;
    throw new kind.error(
      `El ${kind.es} local '${model}' no ${kind.esVerb} pares de textos: ${detail}`,
      `Local ${kind.en} '${model}' failed on a probe pair: ${detail}`,
      { cause: error },
    );
  }

  return {
    name: `${model} (local, ${files.dtype})`,
    files,
    async classify(firsts, seconds, signal) {
      const out: T[] = [];
      for (let i = 0; i < firsts.length; i += batchSize) {
        signal?.throwIfAborted();
        out.push(...(await run(firsts.slice(i, i + batchSize), seconds.slice(i, i + batchSize))));
      }
      return out;
    },
    async close() {
      await network.dispose();
    },
  };
}
