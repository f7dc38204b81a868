import type { Config } from '../config';
import type { ModelDtype } from '../ai/local-model';

/** The engines that read a local model from FOLIO_MODELS_DIR. */
export const MODEL_ENGINES = ['embeddings', 'reranker', 'nli', 'transcription'] as const;
export type ModelEngine = (typeof MODEL_ENGINES)[number];

/** A model we recommend for an engine, with what a user needs to choose it. */
export interface ModelChoice {
  id: string;
  /** Where an engine has two choices that differ a lot: the lighter one, or the better and slower one. */
  size: 'small' | 'large';
  /** The default of its engine (all defaults read Spanish and English). */
  recommended: boolean;
  /** Download size of the q8 files, in MB, as the hub lists them. */
  megabytes: number;
  license: string;
  /** Languages, expected quality and speed on a 2-core CPU (estimated from size, not measured here), in one line. */
  note: string;
}

/** What each engine is, how transformers.js loads it, and the choices we recommend. */
export interface EngineModels {
  engine: ModelEngine;
  /** The transformers.js pipeline task, which decides the files a model needs. */
  task: 'feature-extraction' | 'text-classification' | 'automatic-speech-recognition';
  /** The weights pulled: q8 (a quarter of fp32's size, what the engines load first). */
  dtype: ModelDtype;
  /** The variable that names the model the engine looks for. */
  variable: string;
  /** What the engine does for a user, as `models list` says it. */
  role: string;
  choices: ModelChoice[];
}

export const ENGINE_MODELS: Record<ModelEngine, EngineModels> = {
  embeddings: {
    engine: 'embeddings',
    task: 'feature-extraction',
    dtype: 'q8',
    variable: 'FOLIO_EMBEDDINGS_MODEL',
    role: 'semantic search',
    choices: [
      {
        id: 'Xenova/multilingual-e5-small',
        recommended: true,
        size: 'small',
        megabytes: 118,
        license: 'MIT',
        note: '384 dimensions, ~100 languages incl. Spanish and English; about 40 passages/s while indexing and a query in ~30 ms',
      },
      {
        id: 'Xenova/bge-m3',
        recommended: false,
        size: 'large',
        megabytes: 568,
        license: 'MIT',
        note: '1024 dimensions, clearly better multilingual retrieval and long passages; about 5× slower to index',
      },
    ],
  },
  reranker: {
    engine: 'reranker',
    task: 'text-classification',
    dtype: 'q8',
    variable: 'FOLIO_RERANKER_MODEL',
    role: 'reranks search results',
    choices: [
      {
        id: 'Xenova/ms-marco-MiniLM-L-6-v2',
        recommended: false,
        size: 'small',
        megabytes: 23,
        license: 'Apache-2.0',
        note: 'English only (Spanish queries are ranked poorly); 30 pairs in ~0.2 s',
      },
      {
        id: 'onnx-community/bge-reranker-v2-m3-ONNX',
        recommended: true,
        size: 'large',
        megabytes: 571,
        license: 'Apache-2.0',
        note: 'multilingual, strong on Spanish and English and across them; 30 pairs in ~3–6 s',
      },
    ],
  },
  nli: {
    engine: 'nli',
    task: 'text-classification',
    dtype: 'q8',
    variable: 'FOLIO_NLI_MODEL',
    role: 'judges support: verify, ask, cite',
    choices: [
      {
        id: 'Xenova/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7',
        recommended: true,
        size: 'large',
        megabytes: 339,
        license: 'MIT',
        note: 'entailment/neutral/contradiction in 27 languages incl. Spanish and English; ~0.1–0.2 s per claim–passage pair',
      },
    ],
  },
  transcription: {
    engine: 'transcription',
    task: 'automatic-speech-recognition',
    dtype: 'q8',
    variable: 'FOLIO_WHISPER_MODEL',
    role: 'transcribes audio and video',
    choices: [
      {
        id: 'Xenova/whisper-base',
        recommended: false,
        size: 'small',
        megabytes: 80,
        license: 'Apache-2.0',
        note: 'Spanish and English with more errors on names and numbers; about real time ×0.3 (an hour in ~20 min)',
      },
      {
        id: 'Xenova/whisper-small',
        recommended: true,
        size: 'large',
        megabytes: 250,
        license: 'Apache-2.0',
        note: 'good Spanish and English; about real time ×1 (an hour of audio in about an hour)',
      },
    ],
  },
};

/** The model each engine will look for, per the configuration (the defaults, or what the variables say). */
export function configuredModel(config: Config, engine: ModelEngine): string {
  switch (engine) {
    case 'embeddings':
      return config.embeddings.localModel;
    case 'reranker':
      return config.reranker.model;
    case 'nli':
      return config.nli.model;
    case 'transcription':
      return config.whisperModel;
  }
}

/**
 * Why an engine takes no local model in this configuration (an endpoint answers instead, or it is
 * switched off), or undefined when it reads one from FOLIO_MODELS_DIR.
 */
export function notLocal(config: Config, engine: ModelEngine): string | undefined {
  if (engine === 'embeddings' && config.embeddings.remote) return 'FOLIO_EMBEDDINGS_URL answers instead';
  if (engine === 'transcription' && config.transcribe) return 'FOLIO_TRANSCRIBE_URL answers instead';
  if (engine === 'reranker' && !config.reranker.enabled) return 'switched off (FOLIO_RERANKER=0)';
  if (engine === 'nli' && !config.nli.enabled) return 'switched off (FOLIO_NLI=0)';
  return undefined;
}
