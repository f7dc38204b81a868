import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toFile } from 'openai';
import { mediaDuration, runFfmpeg, speechInputArgs, ToolError } from '../tools/ffmpeg';
import { TranscriptionError, type Transcriber, type TranscriptSegment } from './transcriber';
import { languageCode, requestLanguage } from './whisper-languages';
import { checkedBaseUrl, lazyOpenAiClient, openAiFailure } from './openai-client';
import { findSilences, planCuts, type Silence } from './silences';

export interface OpenAiTranscriberOptions {
  /** Base URL of an OpenAI-compatible API, usually ending in /v1 (OpenAI, Groq, a local faster-whisper server …). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /**
   * Largest upload; longer audio is sent in consecutive pieces, cut in pauses where there are any.
   * OpenAI accepts 25 MB. Default 20 MB.
   */
  maxChunkBytes?: number;
  /** Bound on one request (upload + recognition). Default 10 minutes. */
  timeoutMs?: number;
  /** Retries of one request on 408/409/429/5xx and connection errors, with backoff. Default 4. */
  maxRetries?: number;
  /** Bitrate of the mono 16 kHz MP3 the audio is re-encoded to before upload. Default 32 kb/s. */
  audioKbps?: number;
}

const MB = 1024 * 1024;

/**
 * A Transcriber over any OpenAI-compatible `POST /audio/transcriptions`. The audio track is extracted
 * with the bundled ffmpeg into mono 16 kHz MP3 (what speech recognition uses anyway: a 20 MB piece
 * holds well over an hour), cut into pieces that fit `maxChunkBytes` when longer, and each piece is
 * sent with `response_format: verbose_json` and segment timestamps; the segment times are shifted by
 * the piece's start. Pieces are cut in the middle of a pause near their longest span (pauses found with
 * ffmpeg's silencedetect in one pass), so words are not split between two requests; where the last
 * fifth of a span has no pause, the cut falls at the span. Throws `TranscriptionError` (retryable or
 * not) with a message that says what to fix.
 */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const baseUrl = checkedBaseUrl(options.baseUrl, 'createOpenAiTranscriber');
  const model = options.model?.trim();
  if (!model) throw new TypeError('createOpenAiTranscriber: model is required');
  const maxChunkBytes = options.maxChunkBytes ?? 20 * MB;
  if (!(maxChunkBytes >= 4096)) throw new TypeError('createOpenAiTranscriber: maxChunkBytes must be at least 4096');
  const timeoutMs = options.timeoutMs ?? 10 * 60 * 1000;
  const maxRetries = options.maxRetries ?? 4;
  const kbps = options.audioKbps ?? 32;
  // Seconds of audio per piece, with a margin for container overhead.
  const chunkSeconds = Math.max(1, Math.floor((maxChunkBytes * 0.9) / ((kbps * 1000) / 8)));

  const getClient = lazyOpenAiClient({ baseUrl, apiKey: options.apiKey, timeoutMs, maxRetries });
  const name = `${model} at ${baseUrl}`;

  return {
    name,
    async transcribe(file, opts = {}) {
      const { signal } = opts;
      const duration = file.duracion ?? (await mediaDuration(file.path, { signal }).catch(() => undefined));
      const dir = await mkdtemp(join(tmpdir(), 'folio-transcribe-'));
      const segmentos: TranscriptSegment[] = [];
      let idioma: string | undefined;
      try {
        // Boundaries in whole milliseconds, so the `-ss` each piece is cut at is exactly the shift of its times.
        const cuts =
          duration && duration > chunkSeconds ? await cutPoints(file.path, duration, chunkSeconds, signal) : [];
        const pieces = Math.max(1, cuts.length - 1);
        for (let i = 0; i < pieces; i++) {
          signal?.throwIfAborted();
          const offset = cuts.length > 1 ? cuts[i]! : 0;
          const length = cuts.length > 1 ? cuts[i + 1]! - offset : duration;
          const audio = join(dir, `pieza-${i + 1}.mp3`);
          await extractAudio(file.path, audio, { offset: pieces > 1 ? offset : undefined, length, kbps, signal });
          const size = (await stat(audio)).size;
          if (size > maxChunkBytes) {
            throw new TranscriptionError(
              `El audio extraído ocupa ${size} bytes, más que el máximo de ${maxChunkBytes} por envío.`,
              `Extracted audio is ${size} bytes, above the ${maxChunkBytes} bytes per upload.`,
              false,
            );
          }
          const response = await getClient().audio.transcriptions.create(
            {
              file: await toFile(await readFile(audio), `${stem(file.nombre)}-${i + 1}.mp3`, { type: 'audio/mpeg' }),
              model,
              response_format: 'verbose_json',
              timestamp_granularities: ['segment'],
              ...(requestLanguage(opts.idioma) ? { language: requestLanguage(opts.idioma) } : {}),
            },
            { signal },
          );
          const piece = readSegments(response, offset, length);
          segmentos.push(...piece.segmentos);
          idioma ??= piece.idioma;
          await opts.progress?.((i + 1) / pieces);
        }
      } catch (error) {
        throw explain(error, { baseUrl, model, signal });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return idioma ? { segmentos, idioma } : { segmentos };
    },
  };
}

/**
 * Piece boundaries for audio longer than one piece. Finding the pauses only improves where the cuts
 * fall, so when it fails (other than by an abort) the pieces are cut at fixed times; a file ffmpeg
 * cannot read fails on extraction with the usual error.
 */
async function cutPoints(
  path: string,
  duration: number,
  chunkSeconds: number,
  signal?: AbortSignal,
): Promise<number[]> {
  let silences: Silence[] = [];
  try {
    silences = await findSilences(path, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return planCuts(duration, chunkSeconds, silences);
}

function stem(nombre: string | undefined): string {
  const base = (nombre ?? 'audio').replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return base.slice(0, 60) || 'audio';
}

async function extractAudio(
  input: string,
  output: string,
  opts: { offset?: number; length?: number; kbps: number; signal?: AbortSignal },
): Promise<void> {
  const args = [
    ...(opts.offset ? ['-ss', opts.offset.toFixed(3)] : []),
    ...(opts.length && opts.offset !== undefined ? ['-t', opts.length.toFixed(3)] : []),
    ...speechInputArgs(input),
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${opts.kbps}k`,
    '-f',
    'mp3',
    '-y',
    `file:${output}`,
  ];
  await runFfmpeg(args, { signal: opts.signal, timeoutMs: 30 * 60 * 1000 });
}

interface VerboseResponse {
  text?: unknown;
  language?: unknown;
  segments?: unknown;
}

/** Segments of one piece, shifted to the file's time line; a server that gives only text gets the piece's span. */
function readSegments(
  response: unknown,
  offset: number,
  length: number | undefined,
): { segmentos: TranscriptSegment[]; idioma?: string } {
  const body: VerboseResponse = typeof response === 'object' && response !== null ? response : { text: response };
  const end = length !== undefined ? offset + length : undefined;
  const segmentos: TranscriptSegment[] = [];
  if (Array.isArray(body.segments)) {
    for (const raw of body.segments as { start?: unknown; end?: unknown; text?: unknown }[]) {
      const texto = typeof raw?.text === 'string' ? raw.text.replace(/\s+/g, ' ').trim() : '';
      if (!texto || typeof raw.start !== 'number' || !Number.isFinite(raw.start)) continue;
      const t0 = Math.max(0, offset + raw.start);
      let t1 = typeof raw.end === 'number' && Number.isFinite(raw.end) ? offset + raw.end : t0;
      if (end !== undefined) t1 = Math.min(t1, end);
      segmentos.push({ t0: round(t0), t1: round(Math.max(t0, t1)), texto });
    }
  } else if (typeof body.text === 'string' && body.text.trim()) {
    segmentos.push({ t0: round(offset), t1: round(end ?? offset), texto: body.text.replace(/\s+/g, ' ').trim() });
  }
  const idioma = languageCode(typeof body.language === 'string' ? body.language : undefined);
  return idioma ? { segmentos, idioma } : { segmentos };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Turns what went wrong into a TranscriptionError that says what to do; aborts pass through. */
function explain(error: unknown, ctx: { baseUrl: string; model: string; signal?: AbortSignal }): unknown {
  if (ctx.signal?.aborted) return ctx.signal.reason ?? error;
  if (error instanceof TranscriptionError) return error;
  const fail = (mensaje: string, message: string, retryable: boolean) =>
    new TranscriptionError(mensaje, message, retryable, { cause: error });
  if (error instanceof ToolError) {
    return fail(
      'No se pudo extraer la pista de audio para transcribirla (¿el archivo tiene audio?).',
      `Audio extraction for transcription failed: ${error.message}`,
      false,
    );
  }
  const failure = openAiFailure(error);
  if (!failure) return error;
  const where = `el servicio de transcripción (${ctx.baseUrl})`;
  switch (failure.kind) {
    case 'timeout':
      return fail(
        `Se agotó el tiempo de espera de ${where}; se volverá a intentar.`,
        `Transcription request to ${ctx.baseUrl} timed out`,
        true,
      );
    case 'connection':
      return fail(
        `No se pudo conectar con ${where}; comprueba FOLIO_TRANSCRIBE_URL. Se volverá a intentar.`,
        `Could not connect to the transcription service at ${ctx.baseUrl}: ${failure.message}`,
        true,
      );
    case 'key':
      return fail(
        `${capital(where)} rechazó la clave (HTTP ${failure.status}); revisa FOLIO_TRANSCRIBE_KEY.`,
        `Transcription service rejected the API key (HTTP ${failure.status}): ${failure.detail}`,
        false,
      );
    case 'not_found':
      return fail(
        `${capital(where)} no tiene /audio/transcriptions o no conoce el modelo '${ctx.model}' (HTTP 404); ` +
          'FOLIO_TRANSCRIBE_URL debe apuntar a la base de la API (p. ej. https://api.openai.com/v1) y ' +
          'FOLIO_TRANSCRIBE_MODEL nombrar un modelo que ofrezca.',
        `Transcription endpoint or model '${ctx.model}' not found at ${ctx.baseUrl} (HTTP 404): ${failure.detail}`,
        false,
      );
    case 'retryable':
      return fail(
        `${capital(where)} respondió HTTP ${failure.status} tras varios intentos; se volverá a intentar más tarde.`,
        `Transcription service answered HTTP ${failure.status} after retries: ${failure.detail}`,
        true,
      );
    case 'rejected':
      return fail(
        `${capital(where)} rechazó el audio (HTTP ${failure.status}): ${failure.detail}`,
        `Transcription service rejected the request (HTTP ${failure.status}): ${failure.detail}`,
        false,
      );
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
