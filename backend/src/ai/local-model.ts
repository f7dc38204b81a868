import { access, readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

/** Weight precisions transformers.js knows, with the suffix of their file in `onnx/`, in the order preferred. */
export const DTYPE_SUFFIXES = {
  q8: '_quantized',
  fp32: '',
  fp16: '_fp16',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
  q4f16: '_q4f16',
  bnb4: '_bnb4',
} as const;

export type ModelDtype = keyof typeof DTYPE_SUFFIXES;

/** A model found on disk: its directory and the weight precision to load. */
export interface LocalModelFiles {
  dir: string;
  dtype: ModelDtype;
}

/** Where a local model is looked for, and optionally which weights. */
export interface LocalModelOptions {
  /** Directory of local models in the transformers.js layout: `<modelsDir>/<org>/<name>/config.json, onnx/…`. */
  modelsDir: string;
  /** Model id under `modelsDir`, e.g. 'Xenova/multilingual-e5-small'. */
  model: string;
  /** Which weight file to load; by default the first present in `DTYPE_SUFFIXES` order (q8 first). */
  dtype?: ModelDtype;
}

/**
 * The options with `modelsDir` resolved and `model` trimmed; a `TypeError` (naming `caller`) when the id
 * could reach outside `modelsDir` (absolute, `..`) or either is empty.
 */
export function checkedModelId(caller: string, options: LocalModelOptions): { modelsDir: string; model: string } {
  const model = options.model?.trim();
  if (!options.modelsDir) throw new TypeError(`${caller}: modelsDir is required`);
  if (!model || isAbsolute(model) || model.split(/[\\/]/).includes('..')) {
    throw new TypeError(`${caller}: not a model id: '${options.model}'`);
  }
  if (options.dtype && !(options.dtype in DTYPE_SUFFIXES)) {
    throw new TypeError(`${caller}: unknown dtype '${options.dtype}'`);
  }
  return { modelsDir: resolve(options.modelsDir), model };
}

/**
 * Looks for a text model's files (config.json, tokenizer.json, tokenizer_config.json, onnx/model*.onnx)
 * without loading anything; `options` as `checkedModelId` returns them. When one is missing, throws what
 * `missing` makes of it: the path missing and a description of the weight file(s) expected.
 */
export async function findLocalTextModel(
  options: LocalModelOptions,
  missing: (what: string, weights: string) => Error,
): Promise<LocalModelFiles> {
  const dir = join(options.modelsDir, options.model);
  const weights = options.dtype
    ? `onnx/model${DTYPE_SUFFIXES[options.dtype]}.onnx`
    : 'onnx/model_quantized.onnx (o onnx/model.onnx)';
  for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) {
    try {
      await access(join(dir, file));
    } catch {
      throw missing(join(dir, file), weights);
    }
  }
  const onnx = await readdir(join(dir, 'onnx')).catch(() => [] as string[]);
  const candidates = options.dtype ? [options.dtype] : (Object.keys(DTYPE_SUFFIXES) as ModelDtype[]);
  for (const dtype of candidates) {
    if (onnx.includes(`model${DTYPE_SUFFIXES[dtype]}.onnx`)) return { dir, dtype };
  }
  throw missing(join(dir, weights), weights);
}

/**
 * transformers.js set to read models from `modelsDir` only: remote models are switched off, so nothing
 * is ever downloaded (fetching is for the installer, not for a running server). transformers.js keeps
 * these settings in one global `env`; every local engine points it at the same FOLIO_MODELS_DIR.
 */
export async function localTransformers(modelsDir: string): Promise<typeof import('@huggingface/transformers')> {
  const transformers = await import('@huggingface/transformers');
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = modelsDir;
  return transformers;
}
