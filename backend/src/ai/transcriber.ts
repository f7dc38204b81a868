import { RetryableEngineError } from './engine-error';

/** One stretch of recognized speech. */
export interface TranscriptSegment {
  t0: number;
  t1: number;
  texto: string;
  hablante?: string;
}

/** Speech recognition of an audio or video file into timed segments. */
export interface Transcriber {
  /** What answers, for /health (e.g. 'whisper-1 at https://host/v1', 'Xenova/whisper-tiny (local)'). */
  readonly name: string;
  transcribe(
    file: {
      path: string;
      nombre?: string;
      /** Seconds, when the caller already probed the file; spares a second probe. */
      duracion?: number;
    },
    opts?: {
      idioma?: string;
      signal?: AbortSignal;
      /** Fraction 0-1 of the audio done so far. */
      progress?: (fraction: number) => void | Promise<void>;
    },
  ): Promise<{ segmentos: TranscriptSegment[]; idioma?: string }>;
}

/**
 * A transcription that failed. `mensaje` is Spanish for the document's `error`, `message` English for
 * logs. `retryable` tells a passing failure (service down, rate limited, timeout: try the job again)
 * from one that will fail the same way again (bad key, unknown model, missing model files).
 */
export class TranscriptionError extends RetryableEngineError {
  override readonly name = 'TranscriptionError';
}
