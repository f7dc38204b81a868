import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnclaTiempo } from '@folio/shared';
import { createOpenAiTranscriber } from '../../ai/openai-transcriber';
import { startTranscriptionServer, type TranscriptionServer } from '../../ai/testing/transcription-server';
import { TranscriptionError, type Transcriber } from '../../ai/transcriber';
import { createWhisperLocalTranscriber } from '../../ai/whisper-local-transcriber';
import { ConversionError, DEFAULT_LIMITS, type ConvertContext, type Fase, type SourceFile } from '../converter';
import { splitPassages } from '../passages';
import { tmpFiles, type TmpFiles } from '../testing/tmp-files';
import { MediaConversionError, MediaWithoutTextError, mediaConverter } from './media';

const MEDIA = fileURLToPath(new URL('../../../../test/fixtures/media/', import.meta.url));
const media = (name: string): SourceFile => ({ path: join(MEDIA, name), size: 0, nombre: name });
const TAGS = { titulo: 'Bibliotecas personales', autores: ['Pérez, Ana'], anio: 2023 };
const SPOKEN = [
  ['Ana Pérez', 'Hola, bienvenidos a Folio.'],
  ['Ana Pérez', 'Hoy hablamos de bibliotecas personales.'],
  ['Luis Gil', 'Gracias, Ana. Cada cita conserva su ancla.'],
];

function context(engines?: { transcriber?: Transcriber }, limits = DEFAULT_LIMITS) {
  const phases: Fase[] = [];
  const progress: number[] = [];
  const ctx: ConvertContext = {
    progress: async (f) => void progress.push(f),
    phase: async (fase) => void phases.push(fase),
    engines,
    limits,
  };
  return { ctx, phases, progress };
}

const blocks = (units: { bloques?: { texto: string; ancla: unknown }[] }[]) =>
  units.flatMap((u) => u.bloques!.map((b) => [(b.ancla as AnclaTiempo).hablante, b.texto]));

let server: TranscriptionServer;
let tmp: TmpFiles;
let modelsDir: string;
beforeAll(async () => {
  server = await startTranscriptionServer();
  tmp = await tmpFiles('folio-media-');
  modelsDir = await mkdtemp(join(tmpdir(), 'folio-no-models-'));
});
afterAll(async () => {
  await server.close();
  await tmp.cleanup();
  await rm(modelsDir, { recursive: true, force: true });
});

describe('mediaConverter', () => {
  it('handles audio and video kinds', () => {
    expect(mediaConverter.kinds).toEqual(['audio', 'video']);
  });

  it.each(['voz.wav', 'voz.mp3', 'voz.ogg', 'voz.flac', 'voz.m4a'])(
    'reads %s with the transcript that came with it',
    async (name) => {
      const { ctx, phases, progress } = context();
      const file = { ...media(name), transcript: { path: join(MEDIA, 'voz.vtt'), format: 'vtt' as const } };
      const conversion = await mediaConverter.convert(file, ctx);
      expect(conversion.tipo).toBe('audio');
      expect(conversion.metadatos).toMatchObject(TAGS);
      expect(conversion.metadatos.duracion).toBeGreaterThan(8.5);
      expect(conversion.unidades).toHaveLength(1);
      const [unit] = conversion.unidades;
      expect(unit!.ancla).toEqual({ tipo: 'tiempo', t0: 0, t1: 8.7 });
      expect(unit!.texto).toBe(
        'Ana Pérez: Hola, bienvenidos a Folio. Hoy hablamos de bibliotecas personales.\n\n' +
          'Luis Gil: Gracias, Ana. Cada cita conserva su ancla.',
      );
      expect(blocks(conversion.unidades)).toEqual(SPOKEN);
      expect(phases).toEqual([]);
      expect(progress[progress.length - 1]).toBe(1);

      // Passages pack the cues of each speaker and span their times.
      expect(splitPassages(conversion.unidades).map((p) => [p.ancla, p.texto])).toEqual([
        [
          { tipo: 'tiempo', t0: 0, t1: 4.7, hablante: 'Ana Pérez' },
          'Hola, bienvenidos a Folio.\n\nHoy hablamos de bibliotecas personales.',
        ],
        [{ tipo: 'tiempo', t0: 5.2, t1: 8.7, hablante: 'Luis Gil' }, 'Gracias, Ana. Cada cita conserva su ancla.'],
      ]);
    },
  );

  it('takes the subtitle stream of a video first and never calls recognition then', async () => {
    server.requests.length = 0;
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1' });
    const { ctx, phases } = context({ transcriber });
    const other = await tmp.write('otra.vtt', 'WEBVTT\n\n00:00.000 --> 00:05.000\nOtro texto.\n');
    const conversion = await mediaConverter.convert(
      { ...media('video-subtitulos.mkv'), transcript: { path: other, format: 'vtt' } },
      ctx,
    );
    expect(conversion.tipo).toBe('video');
    expect(conversion.metadatos).toMatchObject({ ...TAGS, idioma: 'es' });
    expect(blocks(conversion.unidades)).toEqual(SPOKEN);
    expect(phases).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('reads the speakers of an MP4 mov_text track', async () => {
    const conversion = await mediaConverter.convert(media('video-subtitulos.mp4'), context().ctx);
    expect(conversion.tipo).toBe('video');
    expect(blocks(conversion.unidades)).toEqual(SPOKEN);
    expect(conversion.unidades[0]!.bloques![2]!.ancla).toEqual({
      tipo: 'tiempo',
      t0: 5.2,
      t1: 8.7,
      hablante: 'Luis Gil',
    });
  });

  it('without captions, transcript or transcriber: fails saying how to enable transcription, keeping the duration', async () => {
    const error = await mediaConverter.convert(media('video-sin-subtitulos.webm'), context().ctx).catch((e) => e);
    expect(error).toBeInstanceOf(MediaWithoutTextError);
    expect(error).toBeInstanceOf(ConversionError);
    const failed = error as MediaWithoutTextError;
    expect(failed.tipo).toBe('video');
    expect(failed.metadatos.titulo).toBe('Vídeo sin subtítulos');
    expect(failed.metadatos.duracion).toBeGreaterThan(8.5);
    for (const setting of [
      'FOLIO_TRANSCRIBE_URL',
      'FOLIO_TRANSCRIBE_KEY',
      'FOLIO_TRANSCRIBE_MODEL',
      'FOLIO_MODELS_DIR',
    ]) {
      expect(failed.mensaje).toContain(setting);
    }
    expect(failed.message).toContain('FOLIO_TRANSCRIBE_URL');
  });

  it('transcribes through an OpenAI-compatible endpoint in the transcription phase', async () => {
    server.requests.length = 0;
    server.handle(() => ({
      json: {
        language: 'spanish',
        duration: 8.7,
        text: '…',
        segments: [
          { id: 0, start: 0, end: 4.7, text: ' Hola, bienvenidos a Folio. Hoy hablamos de bibliotecas personales.' },
          { id: 1, start: 5.2, end: 8.7, text: ' Gracias, Ana. Cada cita conserva su ancla.' },
        ],
      },
    }));
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, apiKey: 'k', model: 'whisper-1' });
    const { ctx, phases, progress } = context({ transcriber });
    const conversion = await mediaConverter.convert(media('video-sin-subtitulos.webm'), ctx);
    expect(phases).toEqual(['transcripcion']);
    expect(progress).toContain(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.fields.model).toEqual(['whisper-1']);
    expect(server.requests[0]!.fields.response_format).toEqual(['verbose_json']);
    expect(conversion.metadatos).toMatchObject({ titulo: 'Vídeo sin subtítulos', idioma: 'es' });
    expect(conversion.unidades.flatMap((u) => u.bloques!.map((b) => b.ancla))).toEqual([
      { tipo: 'tiempo', t0: 0, t1: 4.7 },
      { tipo: 'tiempo', t0: 5.2, t1: 8.7 },
    ]);
    expect(conversion.unidades[0]!.texto).toBe(
      'Hola, bienvenidos a Folio. Hoy hablamos de bibliotecas personales. Gracias, Ana. Cada cita conserva su ancla.',
    );
  });

  it('a permanent transcription failure keeps the metadata; a passing one is left for the job queue to retry', async () => {
    server.handle(() => ({ status: 401, json: { error: { message: 'Incorrect API key provided' } } }));
    const rejected = createOpenAiTranscriber({ baseUrl: server.baseUrl, apiKey: 'mala', model: 'whisper-1' });
    const error = await mediaConverter
      .convert(media('voz.ogg'), context({ transcriber: rejected }).ctx)
      .catch((e) => e);
    expect(error).toBeInstanceOf(MediaWithoutTextError);
    expect((error as MediaWithoutTextError).mensaje).toContain('FOLIO_TRANSCRIBE_KEY');
    expect((error as MediaWithoutTextError).metadatos).toMatchObject({ ...TAGS, idioma: 'es' });

    server.handle(() => ({ status: 503, json: { error: { message: 'down' } } }));
    const down = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1', maxRetries: 0 });
    const passing = await mediaConverter.convert(media('voz.ogg'), context({ transcriber: down }).ctx).catch((e) => e);
    expect(passing).toBeInstanceOf(TranscriptionError);
    expect(passing).not.toBeInstanceOf(ConversionError);
    expect((passing as TranscriptionError).retryable).toBe(true);
  });

  it('a local Whisper engine without its model fails with the model and directory named', async () => {
    const transcriber = createWhisperLocalTranscriber({ modelsDir, model: 'Xenova/whisper-small' });
    const error = await mediaConverter.convert(media('voz.flac'), context({ transcriber }).ctx).catch((e) => e);
    expect(error).toBeInstanceOf(MediaWithoutTextError);
    expect((error as MediaWithoutTextError).mensaje).toContain('Xenova/whisper-small');
    expect((error as MediaWithoutTextError).mensaje).toContain(modelsDir);
    expect((error as MediaWithoutTextError).metadatos.duracion).toBeGreaterThan(8.5);
  });

  it('uses a transcript without times only when recognition is not available', async () => {
    const plain = await tmp.write('transcripcion.txt', 'Ana: Hola, bienvenidos a Folio.\n\nLuis: Gracias, Ana.\n');
    const file = { ...media('voz.mp3'), transcript: { path: plain, format: 'txt' as const } };
    const alone = await mediaConverter.convert(file, context().ctx);
    expect(alone.unidades).toHaveLength(1);
    expect(alone.unidades[0]!.ancla).toEqual({ tipo: 'tiempo', t0: 0, t1: alone.metadatos.duracion });
    expect(alone.unidades[0]!.texto).toBe('Ana: Hola, bienvenidos a Folio.\n\nLuis: Gracias, Ana.');

    server.handle(() => ({ json: { language: 'es', segments: [{ start: 0.2, end: 4.6, text: 'Hola.' }] } }));
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1' });
    const recognised = await mediaConverter.convert(file, context({ transcriber }).ctx);
    expect(recognised.unidades[0]!.bloques!.map((b) => b.ancla)).toEqual([{ tipo: 'tiempo', t0: 0.2, t1: 4.6 }]);
  });

  it('refuses media longer than the limit, keeping what it learnt', async () => {
    const { ctx } = context(undefined, { ...DEFAULT_LIMITS, maxDurationSeconds: 5 });
    const error = await mediaConverter.convert(media('voz.wav'), ctx).catch((e) => e);
    expect(error).toBeInstanceOf(MediaConversionError);
    expect((error as MediaConversionError).mensaje).toBe('El audio dura 0:08, más que el máximo admitido de 0:05.');
    expect((error as MediaConversionError).metadatos).toMatchObject({ ...TAGS, idioma: 'es' });
  });

  it('refuses a file that is not media', async () => {
    const path = await tmp.write('falso.mp3', 'esto no es un mp3');
    const error = await mediaConverter.convert({ path, size: 17 }, context().ctx).catch((e) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).not.toBeInstanceOf(MediaConversionError);
  });
});
