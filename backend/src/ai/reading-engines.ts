import type { Config } from '../config';
import type { Logger } from '../log';
import { idleEngine } from './idle-engine';
import type { Ocr } from './ocr';
import { installedLanguages } from './tesseract-data';
import { scriptsRead } from './tesseract-scripts';
import { createOpenAiTranscriber } from './openai-transcriber';
import type { Transcriber } from './transcriber';
import { createWhisperLocalTranscriber, findWhisperModel } from './whisper-local-transcriber';

/** Engines a converter may use; absent when not configured or not available on this machine. */
export interface Engines {
  ocr?: Ocr;
  transcriber?: Transcriber;
}

/** The engines that read files, as a process that reads files holds them. */
export interface ReadingEngineSet extends Engines {
  /** What /health says of each: its name when active, or why not and how to enable it. */
  report(): { ocr: string; transcripcion: string };
  /** Whether the OCR worker is loaded now. */
  ocrLoaded(): boolean;
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
      const { createTesseractOcr } = await import('./tesseract-ocr');
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
      const more = others().length ? `; también ${others().join(', ')}` : '';
      return `tesseract.js (${langs.join('+')}${more}); lee ${scriptsRead(languages)}`;
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

/** OCR and transcription as `config` sets them; neither loads a model before its first use. */
export async function createReadingEngines(config: Config, log: Logger): Promise<ReadingEngineSet> {
  let ocr: Awaited<ReturnType<typeof lazyOcr>> | undefined;
  if (config.ocr.enabled) ocr = await lazyOcr(config.ocr, config.engineIdleMs);
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
  return {
    ocr,
    transcriber,
    report: () => ({ ocr: ocrNow(), transcripcion: transcriptionReport }),
    ocrLoaded: () => ocr?.loaded() ?? false,
    close: async () => {
      await ocr?.close();
    },
  };
}
