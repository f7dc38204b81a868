import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const MB = 1024 * 1024;

/**
 * The cross-encoder looked for under FOLIO_MODELS_DIR when FOLIO_RERANKER_MODEL is not set: BAAI's
 * bge-reranker-v2-m3 as exported for transformers.js by onnx-community (q8 weights in
 * `onnx/model_quantized.onnx`). Multilingual (Spanish and English among many others, so a Spanish query
 * can rank an English passage), Apache-2.0, one relevance logit per pair. The smaller multilingual
 * cross-encoders either have no transformers.js export (mmarco-mMiniLMv2) or a non-commercial licence
 * (jina-reranker-v2-base-multilingual); English-only ones (Xenova/ms-marco-MiniLM-L-4-v2) are faster.
 */
export const DEFAULT_RERANKER_MODEL = 'onnx-community/bge-reranker-v2-m3-ONNX';

/**
 * The NLI cross-encoder of support scoring looked for under FOLIO_MODELS_DIR when FOLIO_NLI_MODEL is not
 * set: MoritzLaurer's mDeBERTa-v3-base fine-tuned on XNLI and multilingual NLI (2.7 M pairs, 27 languages
 * with Spanish and English), MIT, as exported for transformers.js by Xenova (q8 `onnx/model_quantized.onnx`,
 * 339 MB); labels entailment / neutral / contradiction.
 */
export const DEFAULT_NLI_MODEL = 'Xenova/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7';

/**
 * Debian's Tesseract language data (`apt install tesseract-ocr-chi-sim` …): uncompressed LSTM models
 * (tessdata_fast), under the folder of the Tesseract version the packages were built for (bookworm: 5).
 */
export const DEBIAN_TESSDATA = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata'];

const EnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  FOLIO_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  FOLIO_DATA: z.string().default('./.folio'),
  FOLIO_PGLITE_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  FOLIO_MAX_UPLOAD_MB: z.coerce.number().positive().default(95),
  FOLIO_MAX_FILE_GB: z.coerce.number().positive().default(4),
  // A library brought whole (POST /importaciones, /importar): an export with its PDFs is often a few GB.
  FOLIO_MAX_IMPORT_MB: z.coerce.number().positive().default(4096),
  FOLIO_UPLOAD_EXPIRE_HOURS: z.coerce.number().positive().default(24),
  FOLIO_UPLOADS_PER_USER: z.coerce.number().int().positive().default(5),
  FOLIO_UPLOAD_GB_PER_USER: z.coerce.number().positive().default(10),
  FOLIO_MAX_JSON_KB: z.coerce.number().positive().default(1024),
  FOLIO_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  // One ingestion job at once per core by default (a job is mostly CPU: parsing, OCR, embeddings).
  FOLIO_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(16)
    .default(() => Math.min(os.availableParallelism(), 16)),
  FOLIO_JOB_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  // `folio serve` and `folio worker` read files in a child process that leaves when idle; 0: in their own.
  FOLIO_READ_APART: z.enum(['0', '1']).default('1'),
  FOLIO_REREAD_BATCH: z.coerce.number().int().min(0).max(1000).optional(),
  // A long PDF's pages are read across this many threads at most (1: the reading's own thread alone);
  // unset: the cores the load average leaves idle.
  FOLIO_PDF_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  // A crashed worker's job is noticed within heartbeat + supervise seconds (pg-boss: a heartbeat of 10 s at
  // least, renewed every half of it).
  FOLIO_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(10),
  FOLIO_JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  FOLIO_STRANDED_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Only a fallback: a sent job wakes the workers at once through LISTEN/NOTIFY (see jobs/queue.ts).
  FOLIO_QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).default(5),
  FOLIO_BLOBS: z.enum(['directorio', 'base_de_datos']).optional(),
  FOLIO_MODELS_DIR: z.string().optional(),
  FOLIO_METADATA_LOOKUP: z.enum(['0', '1']).default('1'),
  FOLIO_DOI_RESOLVER: z.url().default('https://doi.org'),
  FOLIO_ISBN_RESOLVER: z.url().default('https://openlibrary.org'),
  FOLIO_METADATA_LOOKUP_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(8),
  FOLIO_MODELS_HUB: z.url().default('https://huggingface.co'),
  FOLIO_MODELS_HUB_TOKEN: z.string().optional(),
  FOLIO_MODELS_PULL: z
    .string()
    .regex(/^(0|1|all|(embeddings|reranker|nli|transcription)(,(embeddings|reranker|nli|transcription))*)$/, {
      message: '0, 1 (= all), all, or a comma list of embeddings, reranker, nli, transcription',
    })
    .default('0'),
  FOLIO_TRANSCRIBE_URL: z.url().optional(),
  FOLIO_TRANSCRIBE_KEY: z.string().optional(),
  FOLIO_TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  FOLIO_WHISPER_MODEL: z.string().default('Xenova/whisper-small'),
  FOLIO_OCR: z.enum(['0', '1']).default('1'),
  FOLIO_OCR_LANGS: z.string().default('spa+eng'),
  FOLIO_OCR_DATA_DIR: z.string().optional(),
  FOLIO_OCR_SYSTEM_DATA: z.enum(['0', '1']).default('1'),
  FOLIO_NPM_REGISTRY: z.url().default('https://registry.npmjs.org'),
  // Minutes an engine (OCR worker, local models) is kept with no use before it is released; 0: kept.
  FOLIO_ENGINE_IDLE_MINUTES: z.coerce.number().min(0).default(5),
  FOLIO_FETCH_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  FOLIO_FETCH_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  FOLIO_FETCH_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  FOLIO_EMBEDDINGS_MODEL: z.string().default('Xenova/multilingual-e5-small'),
  FOLIO_EMBEDDINGS_URL: z.url().optional(),
  FOLIO_EMBEDDINGS_KEY: z.string().optional(),
  FOLIO_EMBEDDINGS_REMOTE_MODEL: z.string().default('text-embedding-3-small'),
  FOLIO_SEMANTIC_MIN: z.coerce.number().min(-1).max(1).optional(),
  FOLIO_LLM_URL: z.url().optional(),
  FOLIO_LLM_KEY: z.string().optional(),
  FOLIO_LLM_MODEL: z.string().default('gpt-4o-mini'),
  FOLIO_LLM_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  FOLIO_RERANKER: z.enum(['0', '1']).default('1'),
  FOLIO_RERANKER_MODEL: z.string().default(DEFAULT_RERANKER_MODEL),
  FOLIO_NLI: z.enum(['0', '1']).default('1'),
  FOLIO_NLI_MODEL: z.string().default(DEFAULT_NLI_MODEL),
  FOLIO_PHASE_MINUTES: z.coerce.number().positive().default(30),
  FOLIO_CITE_QUOTA: z.coerce.number().int().min(0).default(0),
  FOLIO_CITE_QUOTA_DAYS: z.coerce.number().int().min(1).max(3660).default(30),
  FOLIO_LOG: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  FOLIO_SIGNUP: z.enum(['0', '1']).default('0'),
  FOLIO_SESSION_DAYS: z.coerce.number().positive().max(365).default(30),
});

/** Settings of one process, parsed once from the environment. */
export interface Config {
  host: string;
  port: number;
  /** Base of every link the API returns, without trailing slash. */
  publicUrl: string;
  /** Server PostgreSQL when set; embedded PGlite under `dataDir` otherwise. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * The embedded store's shared_buffers. PGlite touches all of them at start, in the server's own RSS,
   * and reads its files through the operating system's cache anyway: 16 MB against PostgreSQL's 128.
   */
  pgliteBuffersMb: number;
  /** Where original files live: a directory under dataDir, or the database (shared by workers on other machines). */
  blobStore: 'directorio' | 'base_de_datos';
  maxUploadBytes: number;
  /**
   * Largest import upload (FOLIO_MAX_IMPORT_MB, 4 GB by default): the export and the zip of its files together,
   * streamed to disk; what they unzip to may be twice that (the zip reader's limit for imports).
   */
  maxImportBytes: number;
  /**
   * Uploads in parts (tus, `/api/v1/subidas`): the largest whole file, how long an unfinished upload is
   * kept, and how many uploads and bytes one user may have in progress at once.
   */
  resumable: { maxFileBytes: number; expireMs: number; perUser: number; bytesPerUser: number };
  maxJsonBytes: number;
  /** Requests per minute per API key; 0 disables the limit. */
  rateLimitPerMinute: number;
  /** Ingestion jobs run at once in this process (default: the machine's cores; 0: this process runs no workers). */
  workers: number;
  /**
   * Whether `folio serve` and `folio worker` read files in a reader process of their own (ingest/read-apart),
   * which leaves after `engineIdleMs` without a file, so what reading leaves in memory goes with it.
   */
  readApart: boolean;
  /**
   * Background re-reads the start-up sweep keeps queued at once, for documents read by an older reader
   * (services/documents/reread-outdated.ts); 0: no sweep. Default: two per worker, so each worker has its next one
   * waiting and an upload waits behind at most two of them.
   */
  rereadBatch: number;
  /**
   * Threads that read a long PDF's pages (ingest/pdf/pdf-read-pages.ts), the reading's own included; a
   * process never runs more page-reading threads at once than this less one, however many PDFs it reads.
   * Absent: decided for each PDF from the cores the load average leaves idle (ingest/pdf/pdf-thread-plan.ts).
   */
  pdfThreads?: number;
  jobRetries: number;
  jobHeartbeatSeconds: number;
  /** Seconds between the queue's supervision passes, which fail the jobs of workers whose heartbeat stopped. */
  jobSuperviseSeconds: number;
  /**
   * Seconds between sweeps for documents left `en_cola` or `procesando` with no job (services/documents/requeue-stranded.ts),
   * run at start and then on this timer by a process with workers; a document counts as left after this long
   * without a change. 0: no sweep.
   */
  strandedSweepSeconds: number;
  /**
   * Seconds between the queue's polls. A sent job wakes the workers through LISTEN/NOTIFY; the poll only
   * catches what NOTIFY does not announce (a retry coming due, a notification lost with a connection).
   */
  queuePollSeconds: number;
  log: 'silent' | 'error' | 'info' | 'debug';
  /** Local model files (transformers.js layout: <dir>/<org>/<model>/…); only `models pull` downloads. */
  modelsDir: string;
  /**
   * Registries asked for the record of a DOI (content negotiation) or an ISBN (Open Library) once a document
   * is read; absent when FOLIO_METADATA_LOOKUP=0.
   */
  metadataLookup?: { doiResolver: string; isbnResolver: string; timeoutMs: number };
  /** The Hugging Face hub (or a mirror speaking its protocol) that `models pull` downloads from. */
  modelsHub: { url: string; token?: string };
  /** Engines whose missing models are pulled before the server starts (FOLIO_MODELS_PULL). */
  modelsPull: ('embeddings' | 'reranker' | 'nli' | 'transcription')[];
  /** An OpenAI-compatible transcription endpoint (base URL ending in /v1), if any. */
  transcribe?: { baseUrl: string; apiKey?: string; model: string };
  /** The local Whisper model looked for under modelsDir when no endpoint is set. */
  whisperModel: string;
  /**
   * OCR: whether it runs, the languages a page is first read in, and where language data is looked for
   * besides the npm packages `@tesseract.js-data/*`: `dataDir` (FOLIO_OCR_DATA_DIR, default `<modelsDir>/tessdata`,
   * where `models pull ocr` puts it) before them, `systemDataDirs` (Debian's tessdata; none when
   * FOLIO_OCR_SYSTEM_DATA=0) after them.
   */
  ocr: { enabled: boolean; langs: string[]; dataDir: string; systemDataDirs: string[] };
  /** The npm registry (or a mirror speaking its protocol) `models pull ocr` downloads language data from. */
  npmRegistry: string;
  /**
   * Milliseconds an engine loaded on first use (the OCR worker, the cross-encoder, the NLI model) is kept
   * without a call before it is released, giving its memory back; 0 keeps it until the process stops.
   */
  engineIdleMs: number;
  fetch: { allowPrivate: boolean; timeoutMs: number; maxRedirects: number };
  /** Sentence embeddings: an OpenAI-compatible endpoint if set, else a local model under modelsDir. */
  embeddings: {
    localModel: string;
    remote?: { baseUrl: string; apiKey?: string; model: string };
    /** Cosine a passage found only semantically needs to be a result (default by model family). */
    minSimilarity?: number;
  };
  /** The cross-encoder that rescores the best search candidates, a local model under modelsDir. */
  reranker: { enabled: boolean; model: string };
  /** The NLI cross-encoder of support scoring (ask, verify, cite), a local model under modelsDir. */
  nli: { enabled: boolean; model: string };
  /**
   * The writer of answers: an OpenAI-compatible chat-completions endpoint (base URL ending in /v1) when
   * set; without one, answers are composed extractively from the passages. `timeoutMs` bounds one answer.
   */
  llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };
  /** Longest any one ingestion phase may run before the document ends in error. */
  phaseMinutes: number;
  /** Cite requests a user may make per `days` (402 cuota_superada past it); absent: no quota (the default). */
  citeQuota?: { max: number; days: number };
  /** Web sign-in: open sign-up at /registro (always open until some user has a password); session lifetime. */
  web: { signup: boolean; sessionDays: number };
}

function pullList(value: string): Config['modelsPull'] {
  if (value === '0') return [];
  if (value === '1' || value === 'all') return ['embeddings', 'reranker', 'nli', 'transcription'];
  return [...new Set(value.split(','))] as Config['modelsPull'];
}

/** Parses the environment; throws with every invalid variable named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const displayHost = e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.FOLIO_PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.FOLIO_DATA),
    pgliteBuffersMb: e.FOLIO_PGLITE_BUFFERS_MB,
    blobStore: e.FOLIO_BLOBS ?? (e.DATABASE_URL ? 'base_de_datos' : 'directorio'),
    maxUploadBytes: Math.floor(e.FOLIO_MAX_UPLOAD_MB * MB),
    maxImportBytes: Math.floor(e.FOLIO_MAX_IMPORT_MB * MB),
    resumable: {
      maxFileBytes: Math.floor(e.FOLIO_MAX_FILE_GB * 1024 * MB),
      expireMs: Math.floor(e.FOLIO_UPLOAD_EXPIRE_HOURS * 3_600_000),
      perUser: e.FOLIO_UPLOADS_PER_USER,
      bytesPerUser: Math.floor(e.FOLIO_UPLOAD_GB_PER_USER * 1024 * MB),
    },
    maxJsonBytes: Math.floor(e.FOLIO_MAX_JSON_KB * 1024),
    rateLimitPerMinute: e.FOLIO_RATE_LIMIT,
    workers: e.FOLIO_WORKERS,
    readApart: e.FOLIO_READ_APART === '1',
    rereadBatch: e.FOLIO_REREAD_BATCH ?? 2 * e.FOLIO_WORKERS,
    pdfThreads: e.FOLIO_PDF_THREADS,
    jobRetries: e.FOLIO_JOB_RETRIES,
    jobHeartbeatSeconds: e.FOLIO_JOB_HEARTBEAT_SECONDS,
    jobSuperviseSeconds: e.FOLIO_JOB_SUPERVISE_SECONDS,
    strandedSweepSeconds: e.FOLIO_STRANDED_SWEEP_SECONDS,
    queuePollSeconds: e.FOLIO_QUEUE_POLL_SECONDS,
    log: e.FOLIO_LOG,
    modelsDir: path.resolve(e.FOLIO_MODELS_DIR ?? path.join(e.FOLIO_DATA, 'models')),
    modelsHub: { url: e.FOLIO_MODELS_HUB.replace(/\/+$/, ''), token: e.FOLIO_MODELS_HUB_TOKEN },
    modelsPull: pullList(e.FOLIO_MODELS_PULL),
    ...(e.FOLIO_METADATA_LOOKUP === '1' && {
      metadataLookup: {
        doiResolver: e.FOLIO_DOI_RESOLVER.replace(/\/+$/, ''),
        isbnResolver: e.FOLIO_ISBN_RESOLVER.replace(/\/+$/, ''),
        timeoutMs: e.FOLIO_METADATA_LOOKUP_TIMEOUT_SECONDS * 1000,
      },
    }),
    ...(e.FOLIO_TRANSCRIBE_URL && {
      transcribe: { baseUrl: e.FOLIO_TRANSCRIBE_URL, apiKey: e.FOLIO_TRANSCRIBE_KEY, model: e.FOLIO_TRANSCRIBE_MODEL },
    }),
    whisperModel: e.FOLIO_WHISPER_MODEL,
    ocr: {
      enabled: e.FOLIO_OCR === '1',
      langs: e.FOLIO_OCR_LANGS.split('+').filter(Boolean),
      dataDir: path.resolve(
        e.FOLIO_OCR_DATA_DIR ?? path.join(e.FOLIO_MODELS_DIR ?? path.join(e.FOLIO_DATA, 'models'), 'tessdata'),
      ),
      systemDataDirs: e.FOLIO_OCR_SYSTEM_DATA === '1' ? [...DEBIAN_TESSDATA] : [],
    },
    npmRegistry: e.FOLIO_NPM_REGISTRY.replace(/\/+$/, ''),
    engineIdleMs: Math.round(e.FOLIO_ENGINE_IDLE_MINUTES * 60_000),
    fetch: {
      allowPrivate: e.FOLIO_FETCH_ALLOW_PRIVATE === '1',
      timeoutMs: e.FOLIO_FETCH_TIMEOUT_SECONDS * 1000,
      maxRedirects: e.FOLIO_FETCH_MAX_REDIRECTS,
    },
    phaseMinutes: e.FOLIO_PHASE_MINUTES,
    web: { signup: e.FOLIO_SIGNUP === '1', sessionDays: e.FOLIO_SESSION_DAYS },
    ...(e.FOLIO_CITE_QUOTA > 0 && { citeQuota: { max: e.FOLIO_CITE_QUOTA, days: e.FOLIO_CITE_QUOTA_DAYS } }),
    ...(e.FOLIO_LLM_URL && {
      llm: {
        baseUrl: e.FOLIO_LLM_URL,
        apiKey: e.FOLIO_LLM_KEY,
        model: e.FOLIO_LLM_MODEL,
        timeoutMs: e.FOLIO_LLM_TIMEOUT_SECONDS * 1000,
      },
    }),
    reranker: { enabled: e.FOLIO_RERANKER === '1', model: e.FOLIO_RERANKER_MODEL },
    nli: { enabled: e.FOLIO_NLI === '1', model: e.FOLIO_NLI_MODEL },
    embeddings: {
      localModel: e.FOLIO_EMBEDDINGS_MODEL,
      minSimilarity: e.FOLIO_SEMANTIC_MIN,
      ...(e.FOLIO_EMBEDDINGS_URL && {
        remote: {
          baseUrl: e.FOLIO_EMBEDDINGS_URL,
          apiKey: e.FOLIO_EMBEDDINGS_KEY,
          model: e.FOLIO_EMBEDDINGS_REMOTE_MODEL,
        },
      }),
    },
  };
}
