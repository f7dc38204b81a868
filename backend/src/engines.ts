import type { Config } from './config';
import { keepCitationEnginesFor } from './cite/csl/citeproc-engines';
import { FEATURE_RERANKER } from './search/feature-rerank';
import type { Engines } from './ai/reading-engines';
import type { Logger } from './log';
import { createSupportEngine } from './support/engine';
import type { SupportScorer } from './support/support';
import type { Embedder } from './ai/embedder';
import { createExtractiveWriter } from './ask/extractive-writer';
import { idleEngine, idleModel } from './ai/idle-engine';
import type { Ocr } from './ai/ocr';
import { installedLanguages } from './ai/tesseract-data';
import { scriptsRead } from './ingest/ocr-scripts';
import { createOpenAiEmbedder } from './ai/openai-embedder';
import { createOpenAiTranscriber } from './ai/openai-transcriber';
import { createOpenAiWriter } from './ai/openai-writer';
import type { Reranker } from './ai/reranker';
import type { Transcriber } from './ai/transcriber';
import { createTransformersEmbedder } from './ai/transformers-embedder';
import { createTransformersReranker, findRerankerModel } from './ai/transformers-reranker';
import { createWhisperLocalTranscriber, findWhisperModel } from './ai/whisper-local-transcriber';
import type { Writer } from './ai/writer';

/** What /health shows for each engine: its name when active, or why not and how to enable it. */
export interface EngineReport {
  ocr: string;
  transcripcion: string;
  embeddings: string;
  /** The cross-encoder when one answers; otherwise the feature reranker, and how to get the cross-encoder. */
  reranker: string;
  /** The writer of answers: the language model and its endpoint, or the extractive writer. */
  escritor: string;
  /** The support scorer of ask, verify and cite: the NLI model when one answers, else the lexical scorer. */
  respaldo: string;
}

/** The engines of this process, built from the configuration once at startup. */
export interface EngineSet extends Engines {
  /** Sentence embeddings for semantic search, when a model or endpoint is available. */
  embedder?: Embedder;
  /** A cross-encoder that rescores the best search candidates, when its model is on this machine. */
  reranker?: Reranker;
  /** How strongly a passage backs a claim (ask, verify, cite): always present, lexical without a model. */
  support: SupportScorer;
  /** Writes answers from numbered passages: a language model when FOLIO_LLM_URL is set, else extractive. */
  writer: Writer;
  report(): EngineReport;
  /** Which engines loaded on first use are loaded now (none right after start). */
  active(): { ocr: boolean; reranker: boolean; nli: boolean };
  close(): Promise<void>;
}

/**
 * An OCR engine created on first use, so a process that never OCRs never loads tesseract.js, and whose
 * worker is terminated after `idleMs` without a page (the next page starts a new one, ≈0.5 s). Its
 * languages are those installed at start (a listing of folders), then those the last engine created found
 * (data pulled meanwhile is read from the next one).
 */
async function lazyOcr(config: Config['ocr'], idleMs: number): Promise<Ocr & { loaded(): boolean }> {
  const { langs, dataDir, systemDataDirs } = config;
  let languages: readonly string[] = await installedLanguages([dataDir], systemDataDirs);
  const held = idleEngine<Ocr>({
    create: async () => {
      const { createTesseractOcr } = await import('./ai/tesseract-ocr');
      const ocr = await createTesseractOcr({ langs, dataDirs: [dataDir], systemDataDirs });
      languages = ocr.languages ?? languages;
      return ocr;
    },
    release: (ocr) => ocr.close(),
    idleMs,
  });
  const others = () => languages.filter((l) => !langs.includes(l));
  return {
    get name() {
      return `tesseract.js (${langs.join('+')}${others().length ? `; también ${others().join(', ')}` : ''}); lee ${scriptsRead(languages)}`;
    },
    get languages() {
      return languages;
    },
    loaded: held.loaded,
    recognize: (image, opts) => held.use((ocr) => ocr.recognize(image, opts)),
    script: (image, opts) => held.use(async (ocr) => ocr.script?.(image, opts)),
    close: held.close,
  };
}

/**
 * A cross-encoder loaded on first use (a worker process never searches, so it never pays for the model)
 * and released after `idleMs` without a search. A failed load is kept (not retried on every search) and
 * reported by `failure()`; restart to try again.
 */
function lazyReranker(
  name: string,
  create: () => Promise<Reranker>,
  idleMs: number,
): Reranker & { failure(): string | undefined; loaded(): boolean; close(): Promise<void> } {
  const held = idleModel(create, idleMs);
  return {
    name,
    failure: held.failure,
    loaded: held.loaded,
    score: (query, passages, signal) => held.use((engine) => engine.score(query, passages, signal)),
    close: held.close,
  };
}

export async function createEngines(config: Config, log: Logger): Promise<EngineSet> {
  keepCitationEnginesFor(config.engineIdleMs);
  let ocr: Awaited<ReturnType<typeof lazyOcr>> | undefined;
  if (config.ocr.enabled) {
    ocr = await lazyOcr(config.ocr, config.engineIdleMs);
  }
  // Said without loading the engine: a worker is running now, or one starts with the next page to read.
  const ocrNow = () =>
    !ocr
      ? 'desactivado (FOLIO_OCR=0)'
      : `${ocr.name}; ${ocr.loaded() ? 'activo' : 'en reposo: se carga al primer uso'}`;

  let transcriber: Transcriber | undefined;
  let transcriptionReport: string;
  if (config.transcribe) {
    transcriber = createOpenAiTranscriber(config.transcribe);
    transcriptionReport = `${config.transcribe.model} en ${config.transcribe.baseUrl}`;
  } else {
    const local = { modelsDir: config.modelsDir, model: config.whisperModel };
    try {
      await findWhisperModel(local);
      transcriber = createWhisperLocalTranscriber(local);
      transcriptionReport = `${config.whisperModel} (local, ${config.modelsDir})`;
    } catch {
      transcriptionReport =
        `no disponible: descarga ${config.whisperModel} con 'npm run folio -- models pull transcription' ` +
        'o define FOLIO_TRANSCRIBE_URL (servicio compatible con OpenAI)';
      log.debug(`transcription: ${transcriptionReport}`);
    }
  }
  let embedder: Embedder | undefined;
  let embeddingsReport: string;
  const { remote, localModel } = config.embeddings;
  if (remote) {
    embedder = createOpenAiEmbedder(remote);
    embeddingsReport = `${remote.model} en ${remote.baseUrl}`;
  } else {
    try {
      embedder = await createTransformersEmbedder({ modelsDir: config.modelsDir, model: localModel });
      embeddingsReport = `${embedder.name}, ${embedder.dimensions} dimensiones`;
    } catch (err) {
      embeddingsReport =
        `no disponible: falta el modelo ${localModel} en ${config.modelsDir}, así que la búsqueda semántica ` +
        "está desactivada; actívala con 'npm run folio -- models pull embeddings' (o FOLIO_MODELS_PULL=1 al " +
        'arrancar, o FOLIO_EMBEDDINGS_URL). Mientras tanto la búsqueda es léxica con reranking';
      log.debug(`embeddings: ${(err as Error).message}`);
    }
  }

  let reranker: ReturnType<typeof lazyReranker> | undefined;
  let rerankerReport = `${FEATURE_RERANKER}; cross-encoder desactivado (FOLIO_RERANKER=0)`;
  if (config.reranker.enabled) {
    const local = { modelsDir: config.modelsDir, model: config.reranker.model };
    try {
      const files = await findRerankerModel(local);
      reranker = lazyReranker(
        `${local.model} (local, ${files.dtype})`,
        () => createTransformersReranker(local),
        config.engineIdleMs,
      );
    } catch (err) {
      rerankerReport =
        `${FEATURE_RERANKER}; cross-encoder no disponible: falta ${local.model} en ${config.modelsDir}; ` +
        "descárgalo con 'npm run folio -- models pull reranker' (o elige otro con FOLIO_RERANKER_MODEL)";
      log.debug(`reranker: ${(err as Error).message}`);
    }
  }
  const rerankerNow = () => {
    if (!reranker) return rerankerReport;
    const failure = reranker.failure();
    return failure ? `${FEATURE_RERANKER}; cross-encoder no disponible: ${failure}` : reranker.name;
  };
  const writer = config.llm ? createOpenAiWriter(config.llm) : createExtractiveWriter();
  const support = await createSupportEngine(config, log, embedder);
  return {
    ocr,
    transcriber,
    embedder,
    reranker,
    writer,
    support: support.scorer,
    report: () => ({
      ocr: ocrNow(),
      transcripcion: transcriptionReport,
      embeddings: embeddingsReport,
      reranker: rerankerNow(),
      escritor: config.llm ? writer.name : `${writer.name}; define FOLIO_LLM_URL para usar un modelo de lenguaje`,
      respaldo: support.report(),
    }),
    active: () => ({ ocr: ocr?.loaded() ?? false, reranker: reranker?.loaded() ?? false, nli: support.loaded() }),
    close: async () => {
      await ocr?.close();
      await reranker?.close();
      await support.close();
    },
  };
}
