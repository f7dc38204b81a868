import type { LocalModelFiles, ModelDtype } from './local-model';
import { NliError, type NliModel, type NliProbabilities } from './nli';
import { findPairModel, loadPairClassifier, type PairModelKind, type PairReader } from './pair-classifier';

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

const NLI: PairModelKind = {
  caller: 'createTransformersNli',
  es: 'modelo NLI',
  en: 'NLI model',
  esVerb: 'clasifica',
  error: NliError,
};

/** Looks for the model's files without loading anything; throws an `NliError` naming what is missing. */
export async function findNliModel(
  options: Pick<TransformersNliOptions, 'modelsDir' | 'model' | 'dtype'>,
): Promise<LocalModelFiles> {
  return findPairModel(NLI, options);
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

/**
 * An NLI model running on this machine with transformers.js (ONNX Runtime, CPU), from files under
 * `modelsDir` only. Each pair is read as `[CLS] premise [SEP] hypothesis [SEP]` (the MNLI layout), in
 * batches; probabilities are the softmax of the three logits. Loaded and probed once before the promise
 * resolves, so a missing, broken or non-NLI model fails here with an `NliError`, never while scoring.
 */
export async function createTransformersNli(options: TransformersNliOptions): Promise<NliModel> {
  const reader = (id2label: Record<string, string> | undefined): PairReader<NliProbabilities> => {
    const index = nliLabelIndex(id2label);
    return (logits, pairs) => {
      const [rows = 0, labels = 0] = logits.dims;
      if (rows !== pairs || labels < 3) {
        throw new NliError(
          'El modelo NLI devolvió una forma de salida inesperada.',
          `NLI model returned logits of shape [${logits.dims.join(', ')}] for ${pairs} pairs`,
        );
      }
      return logitsToNli(logits.data, labels, index);
    };
  };
  const classifier = await loadPairClassifier(NLI, options, reader);
  return {
    name: classifier.name,
    async classify(pairs, signal) {
      return classifier.classify(
        pairs.map((p) => p.premise),
        pairs.map((p) => p.hypothesis),
        signal,
      );
    },
    close: () => classifier.close(),
  };
}
