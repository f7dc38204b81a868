import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { TranscriptionError } from './transcriber';
import { createWhisperLocalTranscriber, findWhisperModel } from './whisper-local-transcriber';

const SPEECH = fileURLToPath(new URL('../../../test/fixtures/media/voz.wav', import.meta.url));

// No Whisper weights are reachable from here, so these tests cover what must hold without them: the
// missing model is named clearly, and nothing is fetched from the network to make up for it.
let modelsDir: string;
let fetchSpy: MockInstance<typeof fetch>;

beforeAll(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), 'folio-models-'));
});
afterAll(() => rm(modelsDir, { recursive: true, force: true }));
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchSpy.mockRestore();
});

async function failure(promise: Promise<unknown>): Promise<TranscriptionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranscriptionError);
  return error as TranscriptionError;
}

describe('local Whisper transcriber', () => {
  it('names the directory and the model when the model is not there, without touching the network', async () => {
    const transcriber = createWhisperLocalTranscriber({ modelsDir, model: 'Xenova/whisper-small' });
    expect(transcriber.name).toBe('Xenova/whisper-small (local)');
    const error = await failure(transcriber.transcribe({ path: SPEECH }, { idioma: 'es' }));
    expect(error.retryable).toBe(false);
    expect(error.mensaje).toContain(`'Xenova/whisper-small'`);
    expect(error.mensaje).toContain(modelsDir);
    expect(error.mensaje).toContain(join(modelsDir, 'Xenova/whisper-small', 'config.json'));
    expect(error.mensaje).toContain('FOLIO_MODELS_DIR');
    expect(error.mensaje).toContain('FOLIO_TRANSCRIBE_URL');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('names the weight files when only the configuration is there', async () => {
    const dir = join(modelsDir, 'Xenova/whisper-tiny');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'config.json'), JSON.stringify({ model_type: 'whisper' }));
    const error = await failure(findWhisperModel({ modelsDir, model: 'Xenova/whisper-tiny' }));
    expect(error.mensaje).toContain(join(dir, 'onnx', 'encoder_model.onnx'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('loads through transformers.js with remote models off: unusable model files fail clearly, offline', async () => {
    // Weight files present but empty, tokenizer and processor files absent: transformers.js itself
    // reads from disk (and fails) instead of looking for anything on the Hub.
    const dir = join(modelsDir, 'onnx-community/whisper-base');
    await mkdir(join(dir, 'onnx'), { recursive: true });
    await writeFile(join(dir, 'config.json'), JSON.stringify({ model_type: 'whisper' }));
    await writeFile(join(dir, 'onnx', 'encoder_model_quantized.onnx'), '');
    await writeFile(join(dir, 'onnx', 'decoder_model_merged_quantized.onnx'), '');
    expect(await findWhisperModel({ modelsDir, model: 'onnx-community/whisper-base' })).toEqual({ dir, dtype: 'q8' });

    const transcriber = createWhisperLocalTranscriber({ modelsDir, model: 'onnx-community/whisper-base' });
    const error = await failure(transcriber.transcribe({ path: SPEECH }));
    expect(error.retryable).toBe(false);
    expect(error.mensaje).toContain(`'onnx-community/whisper-base'`);
    expect(error.mensaje).toContain(modelsDir);
    expect(fetchSpy).not.toHaveBeenCalled();
    const { env } = await import('@huggingface/transformers');
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toBe(modelsDir);
  });

  it('checks its options at once', () => {
    expect(() => createWhisperLocalTranscriber({ modelsDir, model: '../fuera' })).toThrow(TypeError);
    expect(() => createWhisperLocalTranscriber({ modelsDir, model: '' })).toThrow(TypeError);
    expect(() => createWhisperLocalTranscriber({ modelsDir: '', model: 'Xenova/whisper-small' })).toThrow(TypeError);
  });
});
