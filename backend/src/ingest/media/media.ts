import { TranscriptionError } from '../../ai/transcriber';
import {
  DEFAULT_LIMITS,
  type Conversion,
  type ConvertContext,
  type Converter,
  type FoundMetadata,
  type SourceFile,
} from '../converter';
import { readTextFile } from '../../formats/text-decode';
import { isTimed, parseTranscript, unitsFromCues, type Cue } from './cues';
import { extractEmbeddedCaptions } from './embedded-captions';
import { language, probeMedia, type MediaProbe } from './probe';
import { MediaConversionError, MediaWithoutTextError } from './media-errors';

export { MediaConversionError, MediaWithoutTextError } from './media-errors';

/** How to turn transcription on, for the message of a document that had no text. */
export const HOW_TO_ENABLE_TRANSCRIPTION =
  'Para transcribirlo, configura FOLIO_TRANSCRIBE_URL con la dirección de un servicio compatible con OpenAI ' +
  '(POST /audio/transcriptions; con FOLIO_TRANSCRIBE_KEY y FOLIO_TRANSCRIBE_MODEL si los necesita) ' +
  'o copia un modelo Whisper para transformers.js (p. ej. Xenova/whisper-small) en FOLIO_MODELS_DIR, ' +
  'y vuelve a subir el archivo.';

/**
 * Audio and video: duration, tags and a tiempo-anchored text from, in order, a text subtitle stream in
 * the file, the transcript that came with it, and speech recognition. A transcript with no times at all
 * is used only when recognition is not available, since recognition places every passage in time.
 */
export const mediaConverter: Converter = {
  kinds: ['audio', 'video'],
  convert: convertMedia,
};

export async function convertMedia(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const limits = ctx.limits ?? DEFAULT_LIMITS;
  const { signal } = ctx;
  const probe = await probeMedia(file.path, { signal });
  const metadatos: FoundMetadata = { ...probe.metadatos };
  if (probe.duracion !== undefined) metadatos.duracion = probe.duracion;
  const fail = (Type: typeof MediaConversionError, mensaje: string, message: string) =>
    new Type(mensaje, message, probe.tipo, metadatos);

  if (probe.duracion !== undefined && probe.duracion > limits.maxDurationSeconds) {
    throw fail(
      MediaConversionError,
      `El ${probe.tipo === 'video' ? 'vídeo' : 'audio'} dura ${clock(probe.duracion)}, más que el máximo ` +
        `admitido de ${clock(limits.maxDurationSeconds)}.`,
      `Media lasts ${probe.duracion} s, above the limit of ${limits.maxDurationSeconds} s.`,
    );
  }
  await ctx.progress(0.1);

  const text = await findText(file, probe, metadatos, ctx, fail);
  if (!metadatos.idioma && text.idioma) metadatos.idioma = text.idioma;
  signal?.throwIfAborted();
  await ctx.progress(1);
  return { tipo: probe.tipo, unidades: unitsFromCues(text.cues, probe.duracion), metadatos };
}

interface FoundText {
  cues: Cue[];
  /** Language of the text when its source says (caption stream tag, recognition). */
  idioma?: string;
}

async function findText(
  file: SourceFile,
  probe: MediaProbe,
  metadatos: FoundMetadata,
  ctx: ConvertContext,
  fail: (Type: typeof MediaConversionError, mensaje: string, message: string) => MediaConversionError,
): Promise<FoundText> {
  const { signal } = ctx;
  const captions = await extractEmbeddedCaptions(file.path, probe.streams, { idioma: metadatos.idioma, signal });
  if (captions) return { cues: captions.cues, idioma: captions.stream.idioma };

  let untimed: Cue[] | undefined;
  if (file.transcript) {
    const cues = parseTranscript(await readTextFile(file.transcript.path), file.transcript.format);
    if (cues.length > 0 && isTimed(cues)) return { cues };
    if (cues.length > 0) untimed = cues;
  }

  const transcriber = ctx.engines?.transcriber;
  if (transcriber && probe.hasAudio) {
    await ctx.phase?.('transcripcion');
    let result: Awaited<ReturnType<typeof transcriber.transcribe>>;
    try {
      result = await transcriber.transcribe(
        { path: file.path, nombre: file.nombre, duracion: probe.duracion },
        { idioma: metadatos.idioma, signal, progress: (f) => ctx.progress(f) },
      );
    } catch (error) {
      // A passing failure (service down, rate limit) is retried by the job queue as it is.
      if (error instanceof TranscriptionError && !error.retryable) {
        throw fail(
          MediaWithoutTextError,
          `No se pudo transcribir el audio: ${error.mensaje}`,
          `Transcription failed: ${error.message}`,
        );
      }
      throw error;
    }
    const cues = result.segmentos.filter((s) => s.texto.trim());
    if (cues.length > 0) return { cues, idioma: language(result.idioma) };
    if (!untimed) {
      throw fail(
        MediaWithoutTextError,
        `El reconocimiento de voz (${transcriber.name}) no encontró habla en el audio.`,
        `Speech recognition (${transcriber.name}) found no speech.`,
      );
    }
  }

  if (untimed) return { cues: untimed };

  const what = probe.tipo === 'video' ? 'El vídeo' : 'El audio';
  if (!probe.hasAudio) {
    throw fail(
      MediaWithoutTextError,
      `${what} no tiene pista de audio ni subtítulos de texto: no hay texto que leer.`,
      'The video has no audio track and no text subtitles: there is no text to read.',
    );
  }
  throw fail(
    MediaWithoutTextError,
    `${what} no trae subtítulos ni transcripción, y la transcripción automática no está configurada. ` +
      HOW_TO_ENABLE_TRANSCRIPTION,
    'No captions, no transcript and no transcription engine configured ' +
      '(set FOLIO_TRANSCRIBE_URL, or put a Whisper model in FOLIO_MODELS_DIR).',
  );
}

/** 3725 → '1:02:05'. */
function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
