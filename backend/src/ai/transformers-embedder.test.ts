import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TINY_EMBED_DIMENSIONS,
  TINY_EMBED_MODEL,
  writeTinyEmbeddingModel,
} from '../../scripts/make-tiny-embedding-model';
import { EmbeddingError, type Embedder } from './embedder';
import { createTransformersEmbedder, defaultPrefixes, findEmbeddingModel } from './transformers-embedder';
import { expectCommittedModel, offlineModelTests, TEST_MODELS as MODELS } from './testing/tiny-models';

// The committed tiny model (backend/scripts/make-tiny-embedding-model.ts): a real BERT-layout directory
// with a WordPiece tokenizer and a q8 ONNX graph, so these tests run the real transformers.js loading,
// tokenization, inference and pooling; only the weights are made up (a bag of word vectors).
const MODEL_DIR = join(MODELS, TINY_EMBED_MODEL);

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

const offline = offlineModelTests('folio-embed-');

describe('the tiny embedding model fixture', () => {
  it('is what the committed script writes, and stays small', async () => {
    const { files, total } = await expectCommittedModel(
      writeTinyEmbeddingModel,
      MODEL_DIR,
      join(offline.scratch, 'regenerated'),
    );
    expect(files.sort()).toEqual([
      'config.json',
      'onnx/model_quantized.onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    expect(total).toBeLessThan(300 * 1024);
  });

  it('is a valid ONNX graph that ONNX Runtime runs directly', async () => {
    const session = await ort.InferenceSession.create(join(MODEL_DIR, 'onnx/model_quantized.onnx'));
    try {
      expect(session.inputNames).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
      expect(session.outputNames).toEqual(['last_hidden_state']);
      const ids = (values: number[]) => new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), [2, 3]);
      const { last_hidden_state: out } = await session.run({
        input_ids: ids([2, 10, 3, 2, 3, 0]),
        attention_mask: ids([1, 1, 1, 1, 1, 0]),
        token_type_ids: ids([0, 0, 0, 0, 0, 0]),
      });
      expect(out!.dims).toEqual([2, 3, TINY_EMBED_DIMENSIONS]);
      const data = out!.data as Float32Array;
      expect(data.slice(0, TINY_EMBED_DIMENSIONS).some((x) => x !== 0)).toBe(true);
      // The padded position is masked out.
      expect(data.slice(5 * TINY_EMBED_DIMENSIONS).every((x) => x === 0)).toBe(true);
    } finally {
      await session.release();
    }
  });
});

describe('transformers.js embedder', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await createTransformersEmbedder({ modelsDir: MODELS, model: TINY_EMBED_MODEL });
  });

  it('loads the local model offline and reads its width from the first output', () => {
    expect(embedder.name).toBe('folio/tiny-embed (local, q8)');
    expect(embedder.dimensions).toBe(TINY_EMBED_DIMENSIONS);
    expect(offline.fetchSpy).not.toHaveBeenCalled();
  });

  it('returns one unit vector per text, in order, for queries and passages', async () => {
    const texts = ['Calidad del agua en los páramos', 'the cat sat on the mat', '', 'ünïcödé ✓ 漢字'];
    for (const vectors of [await embedder.embedQueries(texts), await embedder.embedPassages(texts)]) {
      expect(vectors).toHaveLength(texts.length);
      for (const v of vectors) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v).toHaveLength(TINY_EMBED_DIMENSIONS);
        expect(norm(v)).toBeCloseTo(1, 5);
      }
    }
    expect(await embedder.embedPassages([])).toEqual([]);
  });

  it('is deterministic across calls and across loads', async () => {
    const text = ['La biblioteca guarda cada cita con su página.'];
    const [a] = await embedder.embedPassages(text);
    const [b] = await embedder.embedPassages(text);
    const again = await createTransformersEmbedder({ modelsDir: MODELS, model: TINY_EMBED_MODEL });
    const [c] = await again.embedPassages(text);
    expect(Array.from(b!)).toEqual(Array.from(a!));
    expect(Array.from(c!)).toEqual(Array.from(a!));
  });

  it('gives the same vectors in batches as one by one (padding does not leak in)', async () => {
    const texts = [
      'agua',
      'El agua de los ríos de montaña y la lluvia del páramo',
      'Research results on climate change and carbon emissions in the twentieth century',
      'gatos',
      'perros y gatos',
    ];
    const single = await createTransformersEmbedder({ modelsDir: MODELS, model: TINY_EMBED_MODEL, batchSize: 1 });
    const pairs = await createTransformersEmbedder({ modelsDir: MODELS, model: TINY_EMBED_MODEL, batchSize: 2 });
    const all = await embedder.embedPassages(texts);
    for (const other of [await single.embedPassages(texts), await pairs.embedPassages(texts)]) {
      other.forEach((v, i) => v.forEach((x, k) => expect(x).toBeCloseTo(all[i]![k]!, 6)));
    }
  });

  it('puts the model family prefixes on queries and passages', async () => {
    expect(defaultPrefixes('Xenova/multilingual-e5-small')).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(defaultPrefixes('intfloat/e5-base-v2')).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(defaultPrefixes('intfloat/multilingual-e5-large-instruct').passage).toBe('');
    expect(defaultPrefixes('Xenova/all-MiniLM-L6-v2')).toEqual({ query: '', passage: '' });
    expect(defaultPrefixes('Xenova/bge-m3')).toEqual({ query: '', passage: '' });

    // The tiny model under an E5 name gets E5's prefixes …
    const e5Dir = join(offline.scratch, 'e5-models');
    await cp(MODEL_DIR, join(e5Dir, 'folio/tiny-e5'), { recursive: true });
    const e5 = await createTransformersEmbedder({ modelsDir: e5Dir, model: 'folio/tiny-e5' });
    const bare = await createTransformersEmbedder({ modelsDir: MODELS, model: TINY_EMBED_MODEL });
    const text = 'calidad del agua';
    const [query] = await e5.embedQueries([text]);
    const [passage] = await e5.embedPassages([text]);
    expect(dot(query!, passage!)).toBeLessThan(0.999);
    expect(Array.from(query!)).toEqual(Array.from((await bare.embedQueries([`query: ${text}`]))[0]!));
    expect(Array.from(passage!)).toEqual(Array.from((await bare.embedPassages([`passage: ${text}`]))[0]!));

    // … and explicit prefixes win over the defaults.
    const custom = await createTransformersEmbedder({
      modelsDir: e5Dir,
      model: 'folio/tiny-e5',
      queryPrefix: '',
      passagePrefix: '',
    });
    const [q] = await custom.embedQueries([text]);
    const [p] = await custom.embedPassages([text]);
    expect(Array.from(q!)).toEqual(Array.from(p!));
    expect(Array.from(q!)).toEqual(Array.from((await bare.embedQueries([text]))[0]!));
  });

  it('puts texts that share words closer than unrelated texts', async () => {
    const [query] = await embedder.embedQueries(['calidad del agua del páramo']);
    const [related, english, unrelated] = await embedder.embedPassages([
      'Estudio de la calidad del agua en ríos de páramo',
      'Water quality in mountain rivers',
      'perros y gatos en la ciudad',
    ]);
    expect(dot(query!, related!)).toBeGreaterThan(dot(query!, unrelated!) + 0.2);
    expect(dot(query!, related!)).toBeGreaterThan(dot(query!, english!));
  });

  it('stops between batches when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(embedder.embedPassages(['agua'], controller.signal)).rejects.toThrow('cancelled');
  });
});

describe('a missing local model', () => {
  async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmbeddingError);
    return error as EmbeddingError;
  }

  it('names the directory and the files expected, without touching the network', async () => {
    const empty = join(offline.scratch, 'empty');
    await mkdir(empty, { recursive: true });
    const error = await failure(
      createTransformersEmbedder({ modelsDir: empty, model: 'Xenova/multilingual-e5-small' }),
    );
    expect(error.retryable).toBe(false);
    const dir = join(empty, 'Xenova/multilingual-e5-small');
    for (const text of [error.message, error.mensaje]) {
      expect(text).toContain(join(dir, 'config.json'));
      expect(text).toContain('tokenizer.json');
      expect(text).toContain('onnx/model_quantized.onnx');
    }
    expect(error.mensaje).toContain('FOLIO_MODELS_DIR');
    expect(offline.fetchSpy).not.toHaveBeenCalled();
  });

  it('names the weight file when only the weights are missing, for the dtype asked', async () => {
    const partial = join(offline.scratch, 'partial');
    const dir = join(partial, 'folio/no-weights');
    await cp(MODEL_DIR, dir, { recursive: true });
    await rm(join(dir, 'onnx'), { recursive: true });
    const error = await failure(createTransformersEmbedder({ modelsDir: partial, model: 'folio/no-weights' }));
    expect(error.message).toContain(join(dir, 'onnx/model_quantized.onnx'));

    // The fixture has q8 weights only: asking for fp32 names model.onnx.
    const fp32 = await failure(findEmbeddingModel({ modelsDir: MODELS, model: TINY_EMBED_MODEL, dtype: 'fp32' }));
    expect(fp32.message).toContain(join(MODEL_DIR, 'onnx/model.onnx'));
    expect(await readdir(join(MODEL_DIR, 'onnx'))).toEqual(['model_quantized.onnx']);
    expect(offline.fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects options that cannot name a model under the directory', async () => {
    await expect(createTransformersEmbedder({ modelsDir: MODELS, model: '../etc' })).rejects.toThrow(TypeError);
    await expect(createTransformersEmbedder({ modelsDir: MODELS, model: '/abs/model' })).rejects.toThrow(TypeError);
    await expect(createTransformersEmbedder({ modelsDir: '', model: 'a/b' })).rejects.toThrow(TypeError);
    await expect(
      createTransformersEmbedder({ modelsDir: MODELS, model: TINY_EMBED_MODEL, batchSize: 0 }),
    ).rejects.toThrow(TypeError);
  });
});
