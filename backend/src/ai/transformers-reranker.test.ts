import { cp, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { TINY_EMBED_MODEL } from '../../scripts/make-tiny-embedding-model';
import {
  LOGIT_BIAS,
  LOGIT_SCALE,
  TINY_RERANK_MODEL,
  writeTinyRerankerModel,
} from '../../scripts/make-tiny-reranker-model';
import { RerankerError, type Reranker } from './reranker';
import { createTransformersReranker, findRerankerModel } from './transformers-reranker';
import { expectCommittedModel, offlineModelTests, TEST_MODELS as MODELS } from './testing/tiny-models';

// The committed tiny cross-encoder (backend/scripts/make-tiny-reranker-model.ts): a real BERT-layout
// directory with a WordPiece tokenizer and a q8 ONNX graph whose logit is the cosine of the query's and the
// passage's bags of word vectors, so these tests run the real transformers.js loading, pair tokenization
// (token_type_ids) and inference; only the weights are made up.
const MODEL_DIR = join(MODELS, TINY_RERANK_MODEL);

const offline = offlineModelTests('folio-rerank-');

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

describe('the tiny reranker model fixture', () => {
  it('is what the committed script writes, and stays small', async () => {
    const { files, total } = await expectCommittedModel(
      writeTinyRerankerModel,
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
    const config = JSON.parse(await readFile(join(MODEL_DIR, 'config.json'), 'utf8'));
    expect(config).toMatchObject({ model_type: 'bert', architectures: ['BertForSequenceClassification'] });
    expect(Object.keys(config.id2label)).toHaveLength(1);
  });

  it('is a valid ONNX graph whose logit depends on the pair, not on either text alone', async () => {
    const session = await ort.InferenceSession.create(join(MODEL_DIR, 'onnx/model_quantized.onnx'));
    try {
      expect(session.inputNames).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
      expect(session.outputNames).toEqual(['logits']);
      const ids = (values: number[]) => new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), [3, 5]);
      // Token ids 2 = [CLS], 3 = [SEP]; 10, 11, 12 are three different words.
      const { logits } = await session.run({
        input_ids: ids([2, 10, 3, 10, 3, 2, 10, 3, 11, 3, 2, 10, 3, 0, 0]),
        attention_mask: ids([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]),
        token_type_ids: ids([0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]),
      });
      expect(logits!.dims).toEqual([3, 1]);
      const [same, other, empty] = Array.from(logits!.data as Float32Array);
      // The same word on both sides: cosine 1. A passage with no words: cosine 0, only the bias.
      expect(same).toBeCloseTo(LOGIT_SCALE + LOGIT_BIAS, 4);
      expect(empty).toBeCloseTo(LOGIT_BIAS, 4);
      expect(other!).toBeLessThan(same! - 3);
    } finally {
      await session.release();
    }
  });
});

describe('transformers.js reranker', () => {
  let reranker: Reranker;
  beforeAll(async () => {
    reranker = await createTransformersReranker({ modelsDir: MODELS, model: TINY_RERANK_MODEL });
  });

  it('loads the local model offline', () => {
    expect(reranker.name).toBe('folio/tiny-rerank (local, q8)');
    expect(offline.fetchSpy).not.toHaveBeenCalled();
  });

  it('scores in 0-1, the passage that answers the query first', async () => {
    const query = 'calidad del agua del páramo';
    const passages = [
      'perros y gatos en la ciudad',
      'Estudio de la calidad del agua en ríos de páramo',
      'La historia del teatro y la música',
      'Calidad del agua del páramo',
    ];
    const scores = await reranker.score(query, passages);
    expect(scores).toHaveLength(passages.length);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    const [dogs, study, theatre, exact] = scores as [number, number, number, number];
    expect(exact).toBeGreaterThan(0.99);
    expect(study).toBeGreaterThan(0.5);
    expect(study).toBeGreaterThan(dogs + 0.3);
    expect(study).toBeGreaterThan(theatre + 0.3);
    expect(exact).toBeGreaterThan(study);
  });

  it('reads query and passage as a pair: swapping the query changes the winner', async () => {
    const passages = ['El agua de los ríos de montaña', 'Los gatos y los perros de la casa'];
    const [water1, pets1] = await reranker.score('agua de río', passages);
    const [water2, pets2] = await reranker.score('perros y gatos', passages);
    expect(water1).toBeGreaterThan(pets1!);
    expect(pets2).toBeGreaterThan(water2!);
  });

  it('is the sigmoid of the graph logit', async () => {
    // Identical bags on both sides: cosine 1 up to the 8-bit table's rounding.
    const [same] = await reranker.score('agua', ['agua']);
    expect(same).toBeCloseTo(sigmoid(LOGIT_SCALE + LOGIT_BIAS), 4);
    const [nothing] = await reranker.score('agua', ['']);
    expect(nothing).toBeCloseTo(sigmoid(LOGIT_BIAS), 4);
  });

  it('keeps the input order across batches, whatever the batch size and padding', async () => {
    const query = 'climate change and carbon emissions';
    const passages = [
      'carbon',
      'Research on climate change, carbon emissions and temperature over the last century in many countries',
      'gatos',
      'El cambio del clima',
      'climate change',
      'the history of the theatre',
      'emissions of carbon and oil in the economy',
    ];
    const all = await reranker.score(query, passages);
    for (const batchSize of [1, 2, 3]) {
      const other = await createTransformersReranker({ modelsDir: MODELS, model: TINY_RERANK_MODEL, batchSize });
      const scores = await other.score(query, passages);
      scores.forEach((s, i) => expect(s).toBeCloseTo(all[i]!, 5));
    }
    const reversed = await reranker.score(query, [...passages].reverse());
    reversed.reverse().forEach((s, i) => expect(s).toBeCloseTo(all[i]!, 5));
    expect(new Set(all.map((s) => s.toFixed(4))).size).toBe(passages.length);
    expect(await reranker.score(query, [])).toEqual([]);
  });

  it('cuts pairs longer than maxLength from the passage end, and still scores them', async () => {
    const long = `agua ${'gatos perros '.repeat(400)}`;
    const short = await createTransformersReranker({ modelsDir: MODELS, model: TINY_RERANK_MODEL, maxLength: 8 });
    // Within 8 tokens the passage is 'agua gatos perros …': closer to the query than the whole text.
    const [cut] = await short.score('agua', [long]);
    const [whole] = await reranker.score('agua', [long]);
    expect(cut).toBeGreaterThan(whole!);
  });

  it('stops between batches when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(reranker.score('agua', ['agua'], controller.signal)).rejects.toThrow('cancelled');
  });
});

describe('a missing or unfit local model', () => {
  async function failure(promise: Promise<unknown>): Promise<RerankerError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RerankerError);
    return error as RerankerError;
  }

  it('names the directory and the files expected, without touching the network', async () => {
    const empty = join(offline.scratch, 'empty');
    await mkdir(empty, { recursive: true });
    const model = 'onnx-community/bge-reranker-v2-m3-ONNX';
    const error = await failure(createTransformersReranker({ modelsDir: empty, model }));
    const dir = join(empty, model);
    for (const text of [error.message, error.mensaje]) {
      expect(text).toContain(join(dir, 'config.json'));
      expect(text).toContain('onnx/model_quantized.onnx');
    }
    expect(error.mensaje).toContain('FOLIO_MODELS_DIR');
    expect(offline.fetchSpy).not.toHaveBeenCalled();
  });

  it('names the weight file when only the weights are missing, for the dtype asked', async () => {
    const dir = join(offline.scratch, 'partial/folio/no-weights');
    await cp(MODEL_DIR, dir, { recursive: true });
    await rm(join(dir, 'onnx'), { recursive: true });
    const error = await failure(
      findRerankerModel({ modelsDir: join(offline.scratch, 'partial'), model: 'folio/no-weights' }),
    );
    expect(error.message).toContain(join(dir, 'onnx/model_quantized.onnx'));
    const fp32 = await failure(findRerankerModel({ modelsDir: MODELS, model: TINY_RERANK_MODEL, dtype: 'fp32' }));
    expect(fp32.message).toContain(join(MODEL_DIR, 'onnx/model.onnx'));
    expect(await readdir(join(MODEL_DIR, 'onnx'))).toEqual(['model_quantized.onnx']);
  });

  it('refuses a model that gives no relevance logits (an embedding model) when it is created', async () => {
    const error = await failure(createTransformersReranker({ modelsDir: MODELS, model: TINY_EMBED_MODEL }));
    expect(error.mensaje).toContain(TINY_EMBED_MODEL);
    expect(offline.fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects options that cannot name a model under the directory', async () => {
    await expect(createTransformersReranker({ modelsDir: MODELS, model: '../etc' })).rejects.toThrow(TypeError);
    await expect(createTransformersReranker({ modelsDir: MODELS, model: '/abs/model' })).rejects.toThrow(TypeError);
    await expect(createTransformersReranker({ modelsDir: '', model: 'a/b' })).rejects.toThrow(TypeError);
    await expect(
      createTransformersReranker({ modelsDir: MODELS, model: TINY_RERANK_MODEL, batchSize: 0 }),
    ).rejects.toThrow(TypeError);
  });
});
