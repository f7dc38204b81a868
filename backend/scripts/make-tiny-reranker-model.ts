/**
 * Writes the tiny cross-encoder the test suite loads through the real transformers.js code:
 * `test/fixtures/models/folio/tiny-rerank/` with `config.json` (a BERT for sequence classification with
 * one label), the tokenizer shared with the other tiny models (`tiny-bert.ts`) and
 * `onnx/model_quantized.onnx`.
 *
 * The graph scores a (query, passage) pair the way a cross-encoder's input arrives: one sequence,
 * `[CLS] query [SEP] passage [SEP]`, with `token_type_ids` 0 on the query and 1 on the passage. Each
 * token is a row of a seeded 8-bit word table; the rows of each segment are summed (masked by the
 * attention mask), and the logit is an affine function of the cosine of the two sums:
 * `logits = LOGIT_SCALE * cos(query, passage) + LOGIT_BIAS`. So a passage sharing the query's words
 * scores high, an unrelated one low, and the score depends on the pair, not on either text alone.
 * [CLS], [SEP] and [PAD] rows are zero, so only words count.
 *
 * Only the q8 file is written (the layout of a quantized hub model); the output is byte-for-byte
 * deterministic.
 *
 * Run: `npx tsx backend/scripts/make-tiny-reranker-model.ts [outDir]`
 */
import {
  bertInputs,
  concat,
  DT,
  floats,
  node,
  onnxModel,
  runModelScript,
  segmentCosineNodes,
  segmentCosineTensors,
  SPECIAL,
  str,
  tensor,
  valueInfo,
  wordNodes,
  wordTensors,
  writeTinyBertModel,
} from './tiny-bert';

/** Where the committed fixture lives, relative to `test/fixtures/models`. */
export const TINY_RERANK_MODEL = 'folio/tiny-rerank';

/** Width of the word vectors. */
export const TINY_RERANK_DIMENSIONS = 64;

/** logit = LOGIT_SCALE · cosine + LOGIT_BIAS: the same words → ≈ 7 (0.999), none in common → ≈ -3 (0.05). */
export const LOGIT_SCALE = 10;
export const LOGIT_BIAS = -3;

const gain = (token: string) => ((SPECIAL as readonly string[]).includes(token) ? 0 : 1);

/** The ONNX ModelProto bytes of the pair scorer: inputs as BERT's, output `logits` [batch, 1]. */
export function tinyRerankerOnnx(vocab: string[], dim: number): Uint8Array {
  return onnxModel(
    'folio make-tiny-reranker-model',
    concat([
      ...wordNodes(),
      ...segmentCosineNodes('query', 'passage'),
      node('Mul', ['cosine', 'classifier.weight'], ['scaled']),
      node('Add', ['scaled', 'classifier.bias'], ['logits']),
      str(2, 'tiny_rerank'),
      ...wordTensors(vocab, dim, gain),
      ...segmentCosineTensors(),
      tensor(5, 'classifier.weight', DT.FLOAT, [1], floats(LOGIT_SCALE)),
      tensor(5, 'classifier.bias', DT.FLOAT, [1], floats(LOGIT_BIAS)),
      ...bertInputs(),
      valueInfo(12, 'logits', DT.FLOAT, ['batch_size', 1]),
    ]),
  );
}

/** Writes the model directory; returns the files written (relative) and their sizes. */
export function writeTinyRerankerModel(outDir: string): Promise<Record<string, number>> {
  return writeTinyBertModel(outDir, {
    script: 'make-tiny-reranker-model.ts',
    architecture: 'BertForSequenceClassification',
    dim: TINY_RERANK_DIMENSIONS,
    config: { id2label: { 0: 'LABEL_0' }, label2id: { LABEL_0: 0 } },
    onnx: tinyRerankerOnnx,
  });
}

await runModelScript(import.meta.url, TINY_RERANK_MODEL, writeTinyRerankerModel);
