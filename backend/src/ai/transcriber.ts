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
    file: { path: string; nombre?: string },
    opts?: { idioma?: string; signal?: AbortSignal },
  ): Promise<{ segmentos: TranscriptSegment[]; idioma?: string }>;
}
