import type { Config } from '../config';
import type { Engines } from '../ingest/converter';
import type { Logger } from '../log';
import type { Embedder } from './embedder';
import type { Ocr } from './ocr';
import { createOpenAiEmbedder } from './openai-embedder';
import { createOpenAiTranscriber } from './openai-transcriber';
import type { Transcriber } from './transcriber';
import { createTransformersEmbedder } from './transformers-embedder';
import { createWhisperLocalTranscriber, findWhisperModel } from './whisper-local-transcriber';

/** What /health shows for each engine: its name when active, or why not and how to enable it. */
export interface EngineReport {
  ocr: string;
  transcripcion: string;
  embeddings: string;
}

/** The engines of this process, built from the configuration once at startup. */
export interface EngineSet extends Engines {
  /** Sentence embeddings for semantic search, when a model or endpoint is available. */
  embedder?: Embedder;
  report(): EngineReport;
  close(): Promise<void>;
}

/** An OCR engine created on first use, so a process that never OCRs never loads it. */
function lazyOcr(name: string, create: () => Promise<Ocr>): Ocr & { started(): boolean } {
  let engine: Promise<Ocr> | undefined;
  return {
    name,
    started: () => engine !== undefined,
    async recognize(image, opts) {
      // A start that failed (e.g. data missing then installed) is tried again on the next page.
      engine ??= create().catch((err: unknown) => {
        engine = undefined;
        throw err;
      });
      return (await engine).recognize(image, opts);
    },
    async close() {
      if (engine) await (await engine).close();
    },
  };
}

export async function createEngines(config: Config, log: Logger): Promise<EngineSet> {
  let ocr: ReturnType<typeof lazyOcr> | undefined;
  let ocrReport = 'desactivado (FOLIO_OCR=0)';
  if (config.ocr.enabled) {
    const { createTesseractOcr } = await import('./tesseract-ocr');
    const langs = config.ocr.langs;
    ocr = lazyOcr(`tesseract.js (${langs.join('+')})`, () => createTesseractOcr({ langs }));
    ocrReport = ocr.name;
  }

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
        `no disponible: define FOLIO_TRANSCRIBE_URL (servicio compatible con OpenAI) o copia el modelo ` +
        `${config.whisperModel} en ${config.modelsDir}`;
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
        `no disponible: copia el modelo ${localModel} en ${config.modelsDir} o define FOLIO_EMBEDDINGS_URL ` +
        '(la búsqueda sigue siendo léxica con reranking)';
      log.debug(`embeddings: ${(err as Error).message}`);
    }
  }
  return {
    ocr,
    transcriber,
    embedder,
    report: () => ({ ocr: ocrReport, transcripcion: transcriptionReport, embeddings: embeddingsReport }),
    close: async () => {
      await ocr?.close();
    },
  };
}
