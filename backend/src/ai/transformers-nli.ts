import { join } from 'node:path';
import {
  checkedModelId,
  findLocalTextModel,
  localTransformers,
  type LocalModelFiles,
  type ModelDtype,
} from './local-model';
import { NliError, type NliModel, type NliProbabilities } from './nli';

export interface TransformersNliOptions {
  /** Directory of local models in the transformers.js layout: `<modelsDir>/<org>/<name>/config.json, onnx/…`. */
  modelsDir: string;
  /** Model id under `modelsDir`, e.g. 'Xenova/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7'. */
  model: string;
  /** Which weight file to load. Default: the first present of q8 (`model_quantized.onnx`), fp32, then the others. */
  dtype?: ModelDtype;
  /** Pairs per forward pass; bounds memory. Default 8. */
  batchSize?: number;
  /** Tokens of premise and hypothesis together; the premise's tail is cut beyond it. Default 512. */
  maxLength?: number;
}

/** Looks for the model's files without loading anything; throws an `NliError` naming what is missing. */
export async function findNliModel(
  options: Pick<TransformersNliOptions, 'modelsDir' | 'model' | 'dtype'>,
): Promise<LocalModelFiles> {
  const { modelsDir, model } = checkedModelId('createTransformersNli', options);
  const dir = join(modelsDir, model);
  return findLocalTextModel(
    { modelsDir, model, dtype: options.dtype },
    (what, weights) =>
      new NliError(
        `No está el modelo NLI local '${model}' en FOLIO_MODELS_DIR (${modelsDir}): falta ${what}. ` +
          `Copia en ${dir} el modelo en formato transformers.js (config.json, tokenizer.json, ` +
          `tokenizer_config.json y ${weights}), p. ej. desde https://huggingface.co/${model}.`,
        `Local NLI model '${model}' not found under ${modelsDir}: missing ${what} ` +
          `(expected config.json, tokenizer.json, tokenizer_config.json, ${weights} in ${dir})`,
      ),
  );
}

/**
 * Which logit is which label, from the model's `id2label` (names compared in lower case, so 'ENTAILMENT'
 * and 'entailment' both work). A model without the three NLI labels is refused: a two-label or relevance
 * model would be read as nonsense.
 */
export function nliLabelIndex(id2label: Record<string, string> | undefined): Record<keyof NliProbabilities, number> {
  const index: Partial<Record<keyof NliProbabilities, number>> = {};
  for (const [id, label] of Object.entries(id2label ?? {})) {
    const name = label.toLowerCase();
    if (name === 'entailment' || name === 'neutral' || name === 'contradiction') index[name] = Number(id);
  }
  const { entailment, neutral, contradiction } = index;
  if (entailment === undefined || neutral === undefined || contradiction === undefined) {
    const labels = Object.values(id2label ?? {}).join(', ') || 'ninguna';
    throw new NliError(
      `El modelo no es de inferencia textual (NLI): sus etiquetas son ${labels}; se esperan entailment, neutral y contradiction.`,
      `Model is not an NLI classifier: labels ${labels}; expected entailment, neutral, contradiction`,
    );
  }
  return { entailment, neutral, contradiction };
}

/** Softmax of each row of `labels` logits, read through `index`. */
export function logitsToNli(
  logits: ArrayLike<number>,
  labels: number,
  index: Record<keyof NliProbabilities, number>,
): NliProbabilities[] {
  const out: NliProbabilities[] = [];
  for (let i = 0; i < logits.length; i += labels) {
    const row = Array.from({ length: labels }, (_, j) => logits[i + j]!);
    const m = Math.max(...row);
    const e = row.map((v) => Math.exp(v - m));
    const sum = e.reduce((a, b) => a + b, 0);
    out.push({
      entailment: e[index.entailment]! / sum,
      neutral: e[index.neutral]! / sum,
      contradiction: e[index.contradiction]! / sum,
    });
  }
  return out;
}

type PairTokenizer = (
  texts: string[],
  options: { text_pair: string[]; padding: true; truncation: true; max_length: number },
) => Record<string, unknown>;
type Classifier = ((
  inputs: Record<string, unknown>,
) => Promise<{ logits: { data: ArrayLike<number>; dims: number[] } }>) & {
  config: { id2label?: Record<string, string> };
  dispose(): Promise<unknown>;
};

/**
 * An NLI model running on this machine with transformers.js (ONNX Runtime, CPU), from files under
 * `modelsDir` only. Each pair is read as `[CLS] premise [SEP] hypothesis [SEP]` (the MNLI layout), in
 * batches; probabilities are the softmax of the three logits. Loaded and probed once before the promise
 * resolves, so a missing, broken or non-NLI model fails here with an `NliError`, never while scoring.
 */
export async function createTransformersNli(options: TransformersNliOptions): Promise<NliModel> {
  const { modelsDir, model } = checkedModelId('createTransformersNli', options);
  const batchSize = options.batchSize ?? 8;
  const maxLength = options.maxLength ?? 512;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError('createTransformersNli: batchSize must be a positive integer');
  }
  if (!Number.isInteger(maxLength) || maxLength < 8) {
    throw new TypeError('createTransformersNli: maxLength must be an integer ≥ 8');
  }
  const files = await findNliModel({ modelsDir, model, dtype: options.dtype });
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
    throw new NliError(
      `No se pudo cargar el modelo NLI local '${model}' de ${files.dir}: ${detail}`,
      `Could not load local NLI model '${model}' (${files.dtype}) from ${files.dir}: ${detail}`,
      { cause: error },
    );
  }
  let index: Record<keyof NliProbabilities, number>;
  try {
    index = nliLabelIndex(classify.config.id2label);
  } catch (error) {
    await classify.dispose();
    throw error;
  }

  const run = async (premises: string[], hypotheses: string[]): Promise<NliProbabilities[]> => {
    const inputs = tokenize(premises, {
      text_pair: hypotheses,
      padding: true,
      truncation: true,
      max_length: maxLength,
    });
    const { logits } = await classify(inputs);
    const [rows = 0, labels = 0] = logits.dims;
    if (rows !== premises.length || labels < 3) {
      throw new NliError(
        'El modelo NLI devolvió una forma de salida inesperada.',
        `NLI model returned logits of shape [${logits.dims.join(', ')}] for ${premises.length} pairs`,
      );
    }
    return logitsToNli(logits.data, labels, index);
  };
  try {
    await run(['folio'], ['folio']);
  } catch (error) {
    await classify.dispose();
    if (error instanceof NliError) throw error;
    const detail = (error as Error).message;
    throw new NliError(
      `El modelo NLI local '${model}' no clasifica pares de textos: ${detail}`,
      `Local NLI model '${model}' failed on a probe pair: ${detail}`,
      { cause: error },
    );
  }

  return {
    name: `${model} (local, ${files.dtype})`,
    async classify(pairs, signal) {
      const out: NliProbabilities[] = [];
      for (let i = 0; i < pairs.length; i += batchSize) {
        signal?.throwIfAborted();
        const batch = pairs.slice(i, i + batchSize);
        out.push(
          ...(await run(
            batch.map((p) => p.premise),
            batch.map((p) => p.hypothesis),
          )),
        );
      }
      return out;
    },
  };
}
