import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobePath, runFfmpeg, runTool } from '../tools/ffmpeg';
import { createOpenAiTranscriber } from './openai-transcriber';
import { startTranscriptionServer, type TranscriptionServer } from './testing/transcription-server';
import { TranscriptionError } from './transcriber';

const MEDIA = fileURLToPath(new URL('../../../test/fixtures/media/', import.meta.url));
const SPEECH = join(MEDIA, 'voz.wav');

let server: TranscriptionServer;
let scratch: string;

beforeAll(async () => {
  server = await startTranscriptionServer();
  scratch = await mkdtemp(join(tmpdir(), 'folio-openai-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

/** What ffprobe says about bytes a test server received. */
async function probeUpload(bytes: Uint8Array, name: string) {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  const out = await runTool(ffprobePath(), [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  const data = JSON.parse(out.toString('utf8')) as {
    format: { format_name: string; duration: string };
    streams: { codec_name: string; channels: number; sample_rate: string }[];
  };
  return { format: data.format.format_name, duration: Number(data.format.duration), stream: data.streams[0]! };
}

/**
 * What a test server "hears" in an upload: its length and the runs of sound in it (10 ms windows with a
 * sample above -20 dBFS), in seconds from the upload's start, read from the decoded samples.
 */
async function hear(bytes: Uint8Array, name: string): Promise<{ duration: number; sounds: [number, number][] }> {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  const pcm = await runFfmpeg(['-i', `file:${path}`, '-f', 's16le', '-ac', '1', '-ar', '16000', '-']);
  const windows = Math.ceil(pcm.length / 2 / 160);
  const sounds: [number, number][] = [];
  let from: number | undefined;
  for (let w = 0; w <= windows; w++) {
    let loud = false;
    for (let i = w * 160; w < windows && i < Math.min((w + 1) * 160, pcm.length / 2); i++) {
      if (Math.abs(pcm.readInt16LE(i * 2)) > 3277) {
        loud = true;
        break;
      }
    }
    if (loud) from ??= w / 100;
    else if (from !== undefined) {
      sounds.push([from, Math.min(w / 100, pcm.length / 32000)]);
      from = undefined;
    }
  }
  return { duration: pcm.length / 32000, sounds };
}

/** Writes `seconds` of audio made by an ffmpeg lavfi source expression, as 44.1 kHz stereo WAV. */
async function synth(name: string, source: string): Promise<string> {
  const path = join(scratch, name);
  await runFfmpeg(['-f', 'lavfi', '-i', source, '-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', '-y', `file:${path}`]);
  return path;
}

const granularities = (fields: Record<string, string[]>) =>
  fields['timestamp_granularities[]'] ?? fields.timestamp_granularities;

const request = (i: number) => server.requests[i]!;

describe('OpenAI-compatible transcriber', () => {
  it('uploads mono 16 kHz MP3 as multipart with the protocol fields and reads verbose_json segments', async () => {
    server.requests.length = 0;
    server.handle(() => ({
      json: {
        task: 'transcribe',
        language: 'spanish',
        duration: 8.72,
        text: 'Hola, bienvenidos a Folio. Gracias, Ana.',
        segments: [
          { id: 0, seek: 0, start: 0, end: 4.6, text: ' Hola, bienvenidos a Folio. ', tokens: [], temperature: 0 },
          { id: 1, seek: 0, start: 5.2, end: 8.6, text: ' Gracias, Ana.', tokens: [], temperature: 0 },
        ],
      },
    }));
    const transcriber = createOpenAiTranscriber({
      baseUrl: server.baseUrl,
      apiKey: 'clave-de-prueba',
      model: 'whisper-1',
    });
    expect(transcriber.name).toBe(`whisper-1 at ${server.baseUrl}`);
    const progress: number[] = [];
    const result = await transcriber.transcribe(
      { path: SPEECH, nombre: 'voz.wav' },
      { idioma: 'es-ES', progress: (f) => void progress.push(f) },
    );

    expect(result).toEqual({
      idioma: 'es',
      segmentos: [
        { t0: 0, t1: 4.6, texto: 'Hola, bienvenidos a Folio.' },
        { t0: 5.2, t1: 8.6, texto: 'Gracias, Ana.' },
      ],
    });
    expect(progress).toEqual([1]);
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.authorization).toBe('Bearer clave-de-prueba');
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.fields.model).toEqual(['whisper-1']);
    expect(request.fields.response_format).toEqual(['verbose_json']);
    expect(granularities(request.fields)).toEqual(['segment']);
    expect(request.fields.language).toEqual(['es']);
    expect(request.file).toMatchObject({ name: 'voz-1.mp3', type: 'audio/mpeg' });
    const upload = await probeUpload(request.file!.bytes, 'upload.mp3');
    expect(upload.format).toBe('mp3');
    expect(upload.stream).toMatchObject({ codec_name: 'mp3', channels: 1, sample_rate: '16000' });
    expect(upload.duration).toBeGreaterThan(8.3);
    expect(upload.duration).toBeLessThan(9.2);
  });

  it('sends long audio in pieces under the size bound and shifts each piece by its start', async () => {
    server.requests.length = 0;
    server.handle((_request, n) => ({
      json: { language: 'es', segments: [{ start: 0.1, end: 1.9, text: `pieza ${n}` }] },
    }));
    // 12 kB at 32 kb/s: pieces of 2 s, so the 8.7 s recording goes in five uploads.
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1', maxChunkBytes: 12_000 });
    const progress: number[] = [];
    const { segmentos } = await transcriber.transcribe(
      { path: SPEECH, nombre: 'voz.wav', duracion: 8.723 },
      { progress: (f) => void progress.push(f) },
    );
    expect(segmentos.map((s) => [s.t0, s.t1, s.texto])).toEqual([
      [0.1, 1.9, 'pieza 1'],
      [2.1, 3.9, 'pieza 2'],
      [4.1, 5.9, 'pieza 3'],
      [6.1, 7.9, 'pieza 4'],
      [8.1, 8.723, 'pieza 5'],
    ]);
    expect(progress).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    expect(server.requests).toHaveLength(5);
    // No key configured: the client still sends a placeholder, and no language when none is known.
    expect(server.requests[0]!.authorization).toBe('Bearer sin-clave');
    expect(server.requests[0]!.fields.language).toBeUndefined();
    for (const [i, request] of server.requests.entries()) {
      expect(request.file!.bytes.length).toBeLessThanOrEqual(12_000);
      const upload = await probeUpload(request.file!.bytes, `piece-${i}.mp3`);
      expect(upload.duration).toBeLessThan(i < 4 ? 2.2 : 1);
    }
  });

  it('cuts long audio in the middle of pauses and shifts each piece by its exact start', async () => {
    // 3 s tones and 0.8 s pauses (pause k from 3.8k + 3 to 3.8k + 3.8), 40 s in all.
    const tones = await synth('tonos.wav', "aevalsrc='if(lt(mod(t,3.8),3),0.5*sin(2*PI*440*t),0)':s=16000:d=40");
    const heard: { duration: number; sounds: [number, number][] }[] = [];
    server.requests.length = 0;
    server.handle(async (request, n) => {
      const piece = await hear(request.file!.bytes, `tonos-${n}.mp3`);
      heard.push(piece);
      return {
        json: {
          language: 'en',
          duration: piece.duration,
          // A marker at the piece's very start, then one segment per tone heard.
          segments: [
            { start: 0, end: 0, text: `pieza ${n}` },
            ...piece.sounds.map(([start, end]) => ({ start, end, text: 'tono' })),
          ],
        },
      };
    });
    // 54 kB at 32 kb/s: at most 12 s per piece, and the pauses in the last 2.4 s of each span are
    // those around 11, 22.4 and 33.8 s (fixed cuts would fall at 12, 24 and 36 s, inside tones).
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1', maxChunkBytes: 54_000 });
    const progress: number[] = [];
    const { segmentos } = await transcriber.transcribe(
      { path: tones, nombre: 'tonos.wav' },
      { progress: (f) => void progress.push(f) },
    );

    expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
    expect(server.requests).toHaveLength(4);
    const starts = segmentos.filter((s) => s.texto.startsWith('pieza')).map((s) => s.t0);
    expect(starts).toHaveLength(4);
    [0, 11, 22.4, 33.8].forEach((start, i) => expect(starts[i]).toBeCloseTo(start, 2));
    for (const [i, piece] of heard.entries()) {
      expect(request(i).file!.bytes.length).toBeLessThanOrEqual(54_000);
      // Each piece runs from its start to the next one's: the times are shifted by what was really cut.
      expect(piece.duration).toBeCloseTo((starts[i + 1] ?? 40) - starts[i]!, 1);
      // Every cut falls in a pause: pieces begin and end in quiet, never in a tone.
      if (i > 0) expect(piece.sounds[0]![0]).toBeGreaterThan(0.3);
      if (i < heard.length - 1) expect(piece.duration - piece.sounds.at(-1)![1]).toBeGreaterThan(0.3);
    }
    // Every tone whole, once, at its own time in the file.
    const heardTones = segmentos.filter((s) => s.texto === 'tono');
    expect(heardTones).toHaveLength(11);
    for (const [k, tone] of heardTones.entries()) {
      expect(Math.abs(tone.t0 - 3.8 * k)).toBeLessThan(0.03);
      expect(Math.abs(tone.t1 - Math.min(3.8 * k + 3, 40))).toBeLessThan(0.03);
    }
  });

  it('cuts audio without pauses at fixed lengths', async () => {
    const tone = await synth('tono.wav', 'sine=frequency=440:sample_rate=16000:duration=40');
    const durations: number[] = [];
    server.requests.length = 0;
    server.handle(async (request, n) => {
      durations.push((await hear(request.file!.bytes, `tono-${n}.mp3`)).duration);
      return { json: { segments: [{ start: 1, end: 2, text: `pieza ${n}` }] } };
    });
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1', maxChunkBytes: 54_000 });
    const { segmentos } = await transcriber.transcribe({ path: tone, nombre: 'tono.wav' });
    expect(segmentos.map((s) => [s.t0, s.t1, s.texto])).toEqual([
      [1, 2, 'pieza 1'],
      [13, 14, 'pieza 2'],
      [25, 26, 'pieza 3'],
      [37, 38, 'pieza 4'],
    ]);
    [12, 12, 12, 4].forEach((length, i) => expect(durations[i]).toBeCloseTo(length, 1));
  });

  it('retries after 429 with backoff and then succeeds', async () => {
    server.requests.length = 0;
    server.handle((_request, n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after-ms': '20' }, json: { error: { message: 'Rate limit reached' } } }
        : { json: { language: 'es', segments: [{ start: 0, end: 8, text: 'Hola.' }] } },
    );
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, apiKey: 'k', model: 'whisper-1' });
    const { segmentos } = await transcriber.transcribe({ path: SPEECH, duracion: 8.723 });
    expect(segmentos).toEqual([{ t0: 0, t1: 8, texto: 'Hola.' }]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on a server that keeps failing with a retryable error', async () => {
    server.requests.length = 0;
    server.handle(() => ({ status: 503, headers: { 'retry-after-ms': '10' }, json: { error: { message: 'down' } } }));
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1', maxRetries: 2 });
    const error = await transcriber.transcribe({ path: SPEECH, duracion: 8.723 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as TranscriptionError).mensaje).toContain('HTTP 503');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a rejected key and says which setting to fix', async () => {
    server.requests.length = 0;
    server.handle(() => ({ status: 401, json: { error: { message: 'Incorrect API key provided' } } }));
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, apiKey: 'mala', model: 'whisper-1' });
    const error = await transcriber.transcribe({ path: SPEECH, duracion: 8.723 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error).toMatchObject({ retryable: false });
    expect((error as TranscriptionError).mensaje).toContain('FOLIO_TRANSCRIBE_KEY');
    expect(server.requests).toHaveLength(1);
  });

  it('explains a base URL without the API path (404)', async () => {
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl.replace(/\/v1$/, ''), model: 'whisper-1' });
    const error = await transcriber.transcribe({ path: SPEECH, duracion: 8.723 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false });
    expect((error as TranscriptionError).mensaje).toContain('FOLIO_TRANSCRIBE_URL');
  });

  it('bounds a request that never answers, and stops at once when aborted', async () => {
    server.handle(() => ({ hang: true }));
    const slow = createOpenAiTranscriber({
      baseUrl: server.baseUrl,
      model: 'whisper-1',
      timeoutMs: 400,
      maxRetries: 0,
    });
    const started = Date.now();
    const error = await slow.transcribe({ path: SPEECH, duracion: 8.723 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true });
    expect((error as TranscriptionError).mensaje).toContain('tiempo de espera');
    expect(Date.now() - started).toBeLessThan(5000);

    const controller = new AbortController();
    const reason = new Error('cancelado por el usuario');
    setTimeout(() => controller.abort(reason), 300);
    const aborted = await slow
      .transcribe({ path: SPEECH, duracion: 8.723 }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(aborted).toBe(reason);
  });

  it('checks its options at once', () => {
    expect(() => createOpenAiTranscriber({ baseUrl: 'no es una url', model: 'whisper-1' })).toThrow(TypeError);
    expect(() => createOpenAiTranscriber({ baseUrl: 'ftp://x/v1', model: 'whisper-1' })).toThrow(TypeError);
    expect(() => createOpenAiTranscriber({ baseUrl: 'http://127.0.0.1:1/v1', model: ' ' })).toThrow(TypeError);
  });

  it('says so when the file has no audio track', async () => {
    server.requests.length = 0;
    const silent = join(scratch, 'nada.txt');
    await writeFile(silent, 'no soy audio');
    const transcriber = createOpenAiTranscriber({ baseUrl: server.baseUrl, model: 'whisper-1' });
    const error = await transcriber.transcribe({ path: silent }).catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false });
    expect((error as TranscriptionError).mensaje).toContain('audio');
    expect(server.requests).toHaveLength(0);
  });
});
