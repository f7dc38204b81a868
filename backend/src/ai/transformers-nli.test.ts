import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TINY_NLI_MODEL, writeTinyNliModel } from '../../scripts/make-tiny-nli-model';
import { TINY_RERANK_MODEL } from '../../scripts/make-tiny-reranker-model';
import { NliError, type NliModel } from './nli';
import { createTransformersNli, findNliModel, logitsToNli, nliLabelIndex } from './transformers-nli';
import { expectCommittedModel, offlineModelTests, TEST_MODELS as MODELS } from './testing/tiny-models';

// The committed tiny NLI model (backend/scripts/make-tiny-nli-model.ts): a real BERT-layout directory with
// a WordPiece tokenizer, three labels and a q8 ONNX graph (entailment from shared words, contradiction when
// a negation is added or removed, neutral otherwise), so these tests run the real transformers.js loading,
// pair tokenization and inference; only the weights are made up.
const MODEL_DIR = join(MODELS, TINY_NLI_MODEL);

const offline = offlineModelTests('folio-nli-');

describe('the tiny NLI model fixture', () => {
  it('is what the committed script writes, and stays small', async () => {
    const { total } = await expectCommittedModel(writeTinyNliModel, MODEL_DIR, join(offline.scratch, 'regenerated'));
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
    expect(offline.fetchSpy).not.toHaveBeenCalled();
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
    const err = await findNliModel({ modelsDir: offline.scratch, model: 'nadie/nada' }).catch((e: unknown) => e);
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
