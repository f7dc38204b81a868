import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { TINY_NLI_MODEL, writeTinyNliModel } from '../../scripts/make-tiny-nli-model';
import { TINY_RERANK_MODEL } from '../../scripts/make-tiny-reranker-model';
import { NliError, type NliModel } from './nli';
import { createTransformersNli, findNliModel, logitsToNli, nliLabelIndex } from './transformers-nli';

// The committed tiny NLI model (backend/scripts/make-tiny-nli-model.ts): a real BERT-layout directory with
// a WordPiece tokenizer, three labels and a q8 ONNX graph (entailment from shared words, contradiction when
// a negation is added or removed, neutral otherwise), so these tests run the real transformers.js loading,
// pair tokenization and inference; only the weights are made up.
const MODELS = fileURLToPath(new URL('../../../test/fixtures/models', import.meta.url));
const MODEL_DIR = join(MODELS, TINY_NLI_MODEL);

let scratch: string;
let fetchSpy: MockInstance<typeof fetch>;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'folio-nli-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));
beforeEach(() => {
  // Nothing here may reach the network: any fetch fails the way it does on our machines.
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new TypeError('fetch failed')));
});
afterEach(() => fetchSpy.mockRestore());

describe('the tiny NLI model fixture', () => {
  it('is what the committed script writes, and stays small', async () => {
    const out = join(scratch, 'regenerated');
    const sizes = await writeTinyNliModel(out);
    let total = 0;
    for (const file of Object.keys(sizes)) {
      const [committed, fresh] = await Promise.all([readFile(join(MODEL_DIR, file)), readFile(join(out, file))]);
      expect(committed.equals(fresh), `${file} is stale: run the script`).toBe(true);
      total += (await stat(join(MODEL_DIR, file))).size;
    }
    expect(total).toBeLessThan(300 * 1024);
    const config = JSON.parse(await readFile(join(MODEL_DIR, 'config.json'), 'utf8'));
    expect(config.id2label).toEqual({ 0: 'entailment', 1: 'neutral', 2: 'contradiction' });
  });
});

describe('createTransformersNli', () => {
  let model: NliModel;
  beforeAll(async () => {
    model = await createTransformersNli({ modelsDir: MODELS, model: TINY_NLI_MODEL, batchSize: 2 });
  });

  it('loads the local model, offline, and names it', () => {
    expect(model.name).toBe('folio/tiny-nli (local, q8)');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('gives entailment, contradiction and neutral probabilities per pair, in order, across batches', async () => {
    const premise = 'El agua del río tiene buena calidad.';
    const [same, negated, unrelated] = await model.classify([
      { premise, hypothesis: 'El agua del río tiene buena calidad.' },
      { premise, hypothesis: 'El agua del río no tiene buena calidad.' },
      { premise, hypothesis: 'The cat eats bread in the kitchen.' },
    ]);
    for (const p of [same!, negated!, unrelated!]) {
      expect(p.entailment + p.neutral + p.contradiction).toBeCloseTo(1, 5);
    }
    expect(same!.entailment).toBeGreaterThan(0.9);
    expect(negated!.contradiction).toBeGreaterThan(0.9);
    expect(unrelated!.neutral).toBeGreaterThan(0.9);
  });

  it('reads premise then hypothesis: the pair order is the model input order', async () => {
    // Negation counts per segment: moving it to the other side still differs, nothing else changes.
    const [a, b] = await model.classify([
      { premise: 'no agua', hypothesis: 'agua' },
      { premise: 'agua', hypothesis: 'no agua' },
    ]);
    expect(a!.contradiction).toBeGreaterThan(0.5);
    expect(b!.contradiction).toBeGreaterThan(0.5);
  });

  it('stops between batches when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(model.classify([{ premise: 'a', hypothesis: 'b' }], controller.signal)).rejects.toThrow();
  });
});

describe('refusals', () => {
  it('says which file is missing, without loading anything', async () => {
    const err = await findNliModel({ modelsDir: scratch, model: 'nadie/nada' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NliError);
    expect((err as NliError).mensaje).toContain('config.json');
    expect((err as NliError).mensaje).toContain('FOLIO_MODELS_DIR');
  });

  it('refuses a model without the three NLI labels (a one-label reranker)', async () => {
    const err = await createTransformersNli({ modelsDir: MODELS, model: TINY_RERANK_MODEL }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NliError);
    expect((err as NliError).mensaje).toContain('entailment, neutral y contradiction');
  });

  it('refuses ids that leave the models directory', async () => {
    await expect(createTransformersNli({ modelsDir: MODELS, model: '../escape' })).rejects.toThrow(TypeError);
  });
});

describe('label mapping', () => {
  it('finds the labels by name in any order and case', () => {
    expect(nliLabelIndex({ 0: 'CONTRADICTION', 1: 'NEUTRAL', 2: 'ENTAILMENT' })).toEqual({
      contradiction: 0,
      neutral: 1,
      entailment: 2,
    });
    expect(() => nliLabelIndex({ 0: 'LABEL_0', 1: 'LABEL_1' })).toThrow(NliError);
  });

  it('turns logits into probabilities row by row', () => {
    const [p, q] = logitsToNli([0, 0, 0, 10, 0, -10], 3, { entailment: 0, neutral: 1, contradiction: 2 });
    expect(p!.entailment).toBeCloseTo(1 / 3, 6);
    expect(q!.entailment).toBeGreaterThan(0.99);
    expect(q!.contradiction).toBeLessThan(1e-6);
  });
});
