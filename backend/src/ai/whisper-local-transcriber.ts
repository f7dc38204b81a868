import { access, readdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { mediaDuration, runFfmpeg, SPEECH_SAMPLE_RATE, speechInputArgs, ToolError } from '../tools/ffmpeg';
import { TranscriptionError, type Transcriber, type TranscriptSegment } from './transcriber';
import { requestLanguage } from './whisper-languages';

export interface WhisperLocalOptions {
  /** Directory of local models in the transformers.js layout: `<modelsDir>/<org>/<name>/config.json, onnx/…`. */
  modelsDir: string;
  /** Model id under `modelsDir`, e.g. 'Xenova/whisper-small' or 'onnx-community/whisper-base'. */
  model: string;
  /** Audio is decoded and recognised this many seconds at a time (bounded memory). Default 600. */
  windowSeconds?: number;
}

/** Weight file suffixes transformers.js uses, by dtype, in the order they are preferred. */
const DTYPE_SUFFIXES: [dtype: string, suffix: string][] = [
  ['fp32', ''],
  ['q8', '_quantized'],
  ['fp16', '_fp16'],
  ['int8', '_int8'],
  ['uint8', '_uint8'],
  ['q4', '_q4'],
  ['q4f16', '_q4f16'],
  ['bnb4', '_bnb4'],
];

/** A model found on disk: its directory and the precision its weight files are in. */
export interface WhisperModelFiles {
  dir: string;
  dtype: string;
}

/**
 * Looks for the model's files without loading anything; throws a `TranscriptionError` (not retryable)
 * naming the directory and the files expected. Useful at startup and for /health.
 */
export async function findWhisperModel(options: WhisperLocalOptions): Promise<WhisperModelFiles> {
  const { modelsDir, model } = checked(options);
  const dir = join(modelsDir, model);
  const missing = (what: string) =>
    new TranscriptionError(
      `No está el modelo Whisper local '${model}' en FOLIO_MODELS_DIR (${modelsDir}): falta ${what}. ` +
        `Copia allí el modelo en formato transformers.js (config.json, tokenizer.json, ` +
        `preprocessor_config.json, generation_config.json y onnx/encoder_model*.onnx, ` +
        `onnx/decoder_model_merged*.onnx), p. ej. desde https://huggingface.co/${model}, ` +
        'o configura FOLIO_TRANSCRIBE_URL para usar un servicio de transcripción.',
      `Local Whisper model '${model}' not found under ${modelsDir}: missing ${what}`,
      false,
    );
  try {
    await access(join(dir, 'config.json'));
  } catch {
    throw missing(join(dir, 'config.json'));
  }
  const onnx = await readdir(join(dir, 'onnx')).catch(() => [] as string[]);
  for (const [dtype, suffix] of DTYPE_SUFFIXES) {
    if (onnx.includes(`encoder_model${suffix}.onnx`) && onnx.includes(`decoder_model_merged${suffix}.onnx`)) {
      return { dir, dtype };
    }
  }
  throw missing(join(dir, 'onnx', 'encoder_model.onnx') + ' / decoder_model_merged.onnx');
}

function checked(options: WhisperLocalOptions): { modelsDir: string; model: string } {
  const model = options.model?.trim();
  if (!options.modelsDir) throw new TypeError('createWhisperLocalTranscriber: modelsDir is required');
  if (!model || isAbsolute(model) || model.split(/[\\/]/).includes('..')) {
    throw new TypeError(`createWhisperLocalTranscriber: not a model id: '${options.model}'`);
  }
  return { modelsDir: resolve(options.modelsDir), model };
}

interface AsrChunk {
  timestamp: [number, number | null];
  text: string;
}
type Asr = (
  audio: Float32Array,
  options: Record<string, unknown>,
) => Promise<{ text: string; chunks?: AsrChunk[] } | { text: string; chunks?: AsrChunk[] }[]>;

/**
 * A Transcriber running Whisper on this machine with transformers.js (ONNX Runtime, CPU), from files
 * under `modelsDir` only: remote models are switched off, so nothing is ever downloaded. The audio is
 * decoded with the bundled ffmpeg to 16 kHz mono float PCM, window by window, and recognised in 30 s
 * chunks with timestamps. A missing model fails with a `TranscriptionError` naming what is expected where.
 */
export function createWhisperLocalTranscriber(options: WhisperLocalOptions): Transcriber {
  const { modelsDir, model } = checked(options);
  const windowSeconds = options.windowSeconds ?? 600;
  if (!(windowSeconds >= 30)) throw new TypeError('createWhisperLocalTranscriber: windowSeconds must be ≥ 30');
  const englishOnly = /\.en$/i.test(model);
  let loading: Promise<Asr> | undefined;

  const load = async (): Promise<Asr> => {
    const files = await findWhisperModel({ modelsDir, model });
    const transformers = await import('@huggingface/transformers');
    transformers.env.allowRemoteModels = false;
    transformers.env.allowLocalModels = true;
    transformers.env.localModelPath = modelsDir;
    try {
      const asr = await transformers.pipeline('automatic-speech-recognition', model, {
        local_files_only: true,
        device: 'cpu',
        dtype: files.dtype as 'fp32',
      });
      return asr as unknown as Asr;
    } catch (error) {
      if (error instanceof transformers.ModelFileNotFoundError) {
        throw new TranscriptionError(
          `El modelo Whisper local '${model}' en ${modelsDir} está incompleto: ${error.message}`,
          `Local Whisper model '${model}' is incomplete: ${error.message}`,
          false,
          { cause: error },
        );
      }
      throw new TranscriptionError(
        `No se pudo cargar el modelo Whisper local '${model}' de ${modelsDir}: ${(error as Error).message}`,
        `Could not load local Whisper model '${model}': ${(error as Error).message}`,
        false,
        { cause: error },
      );
    }
  };

  return {
    name: `${model} (local)`,
    async transcribe(file, opts = {}) {
      const { signal } = opts;
      loading ??= load();
      // A failed load is not cached: the files may be put in place before the next try.
      const asr = await loading.catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      const duration = file.duracion ?? (await mediaDuration(file.path, { signal }).catch(() => undefined));
      const language = englishOnly ? undefined : requestLanguage(opts.idioma);
      const segmentos: TranscriptSegment[] = [];
      for (let offset = 0; ; offset += windowSeconds) {
        signal?.throwIfAborted();
        const audio = await decodeWindow(file.path, offset, windowSeconds, signal);
        if (audio.length === 0) break;
        const seconds = audio.length / SPEECH_SAMPLE_RATE;
        const output = await asr(audio, {
          return_timestamps: true,
          chunk_length_s: 30,
          stride_length_s: 5,
          ...(language ? { language } : {}),
          ...(englishOnly ? {} : { task: 'transcribe' }),
        });
        const result = Array.isArray(output) ? output[0] : output;
        for (const chunk of result?.chunks ?? []) {
          const texto = chunk.text.replace(/\s+/g, ' ').trim();
          if (!texto) continue;
          const [start, end] = chunk.timestamp;
          const t0 = offset + Math.max(0, start);
          const t1 = offset + Math.min(seconds, end ?? seconds);
          segmentos.push({ t0: round(t0), t1: round(Math.max(t0, t1)), texto });
        }
        if (duration) await opts.progress?.(Math.min(1, (offset + seconds) / duration));
        if (seconds < windowSeconds - 0.5) break;
      }
      await opts.progress?.(1);
      return language ? { segmentos, idioma: language } : { segmentos };
    },
  };
}

/** `length` seconds of audio from `offset`, as 16 kHz mono 32-bit float samples. */
async function decodeWindow(path: string, offset: number, length: number, signal?: AbortSignal): Promise<Float32Array> {
  let pcm: Buffer;
  try {
    pcm = await runFfmpeg(
      [
        ...(offset > 0 ? ['-ss', offset.toFixed(3)] : []),
        '-t',
        length.toFixed(3),
        ...speechInputArgs(path),
        '-f',
        'f32le',
        'pipe:1',
      ],
      { signal, timeoutMs: 30 * 60 * 1000, maxOutputBytes: Math.ceil(length * SPEECH_SAMPLE_RATE * 4) + 65_536 },
    );
  } catch (error) {
    if (error instanceof ToolError) {
      throw new TranscriptionError(
        'No se pudo decodificar la pista de audio para transcribirla (¿el archivo tiene audio?).',
        `Audio decoding for transcription failed: ${error.message}`,
        false,
        { cause: error },
      );
    }
    throw error;
  }
  // Copy into an aligned buffer: a Float32Array needs its byte offset to be a multiple of 4.
  const samples = new Float32Array(Math.floor(pcm.length / 4));
  new Uint8Array(samples.buffer).set(pcm.subarray(0, samples.length * 4));
  return samples;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
