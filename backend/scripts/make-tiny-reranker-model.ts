/**
 * Writes the tiny cross-encoder the test suite loads through the real transformers.js code:
 * `test/fixtures/models/folio/tiny-rerank/` with `config.json` (a BERT for sequence classification with
 * one label), the tokenizer shared with the tiny embedding model (`tiny-bert.ts`) and
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
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bertConfig,
  concat,
  DT,
  intAttribute,
  littleEndian,
  node,
  onnxModel,
  printSizes,
  SCALE,
  SPECIAL,
  str,
  tensor,
  TOKENIZER_CONFIG,
  tokenizerJson,
  tinyVocabulary,
  valueInfo,
  wordTable,
  writeModelFiles,
  ZERO_POINT,
} from './tiny-bert';

/** Where the committed fixture lives, relative to `test/fixtures/models`. */
export const TINY_RERANK_MODEL = 'folio/tiny-rerank';

/** Width of the word vectors. */
export const TINY_RERANK_DIMENSIONS = 64;

/** logit = LOGIT_SCALE · cosine + LOGIT_BIAS: the same words → ≈ 7 (0.999), none in common → ≈ -3 (0.05). */
export const LOGIT_SCALE = 10;
export const LOGIT_BIAS = -3;

const gain = (token: string) => ((SPECIAL as readonly string[]).includes(token) ? 0 : 1);

const floats = (...values: number[]) => littleEndian(Float32Array.from(values));
const int64s = (...values: bigint[]) => littleEndian(BigInt64Array.from(values));

/** The ONNX ModelProto bytes of the pair scorer: inputs as BERT's, output `logits` [batch, 1]. */
export function tinyRerankerOnnx(vocab: string[], dim: number): Uint8Array {
  const keepdims = (value: number) => [intAttribute('keepdims', value)];
  // Sum of the masked word rows of one segment: [batch, dim].
  const segment = (name: string) => [
    node('Unsqueeze', [`mask_${name}`, 'last_axis'], [`mask_${name}3`]),
    node('Mul', ['words', `mask_${name}3`], [`words_${name}`]),
    node('ReduceSum', [`words_${name}`, 'sequence_axis'], [`sum_${name}`], keepdims(0)),
    node('Mul', [`sum_${name}`, `sum_${name}`], [`squares_${name}`]),
    node('ReduceSum', [`squares_${name}`, 'last_axis'], [`norm2_${name}`], keepdims(1)),
  ];
  return onnxModel(
    'folio make-tiny-reranker-model',
    concat([
      node('Gather', ['word_embeddings.q', 'input_ids'], ['words.q']),
      node('DequantizeLinear', ['words.q', 'word_embeddings.scale', 'word_embeddings.zero_point'], ['words']),
      node('Cast', ['attention_mask'], ['mask'], [intAttribute('to', DT.FLOAT)]),
      node('Cast', ['token_type_ids'], ['types'], [intAttribute('to', DT.FLOAT)]),
      node('Mul', ['mask', 'types'], ['mask_passage']),
      node('Sub', ['mask', 'mask_passage'], ['mask_query']),
      ...segment('query'),
      ...segment('passage'),
      node('Mul', ['sum_query', 'sum_passage'], ['products']),
      node('ReduceSum', ['products', 'last_axis'], ['dot'], keepdims(1)),
      node('Mul', ['norm2_query', 'norm2_passage'], ['norms2']),
      // The epsilon keeps an empty segment at cosine 0 instead of 0/0.
      node('Add', ['norms2', 'epsilon'], ['norms2_safe']),
      node('Sqrt', ['norms2_safe'], ['norms']),
      node('Div', ['dot', 'norms'], ['cosine']),
      node('Mul', ['cosine', 'classifier.weight'], ['scaled']),
      node('Add', ['scaled', 'classifier.bias'], ['logits']),
      str(2, 'tiny_rerank'),
      tensor(5, 'word_embeddings.q', DT.UINT8, [vocab.length, dim], wordTable(vocab, dim, gain)),
      tensor(5, 'word_embeddings.scale', DT.FLOAT, [], floats(SCALE)),
      tensor(5, 'word_embeddings.zero_point', DT.UINT8, [], Uint8Array.of(ZERO_POINT)),
      tensor(5, 'last_axis', DT.INT64, [1], int64s(-1n)),
      tensor(5, 'sequence_axis', DT.INT64, [1], int64s(1n)),
      tensor(5, 'epsilon', DT.FLOAT, [], floats(1e-12)),
      tensor(5, 'classifier.weight', DT.FLOAT, [1], floats(LOGIT_SCALE)),
      tensor(5, 'classifier.bias', DT.FLOAT, [1], floats(LOGIT_BIAS)),
      valueInfo(11, 'input_ids', DT.INT64, ['batch_size', 'sequence_length']),
      valueInfo(11, 'attention_mask', DT.INT64, ['batch_size', 'sequence_length']),
      valueInfo(11, 'token_type_ids', DT.INT64, ['batch_size', 'sequence_length']),
      valueInfo(12, 'logits', DT.FLOAT, ['batch_size', 1]),
    ]),
  );
}

/** Writes the model directory; returns the files written (relative) and their sizes. */
export async function writeTinyRerankerModel(outDir: string): Promise<Record<string, number>> {
  const vocab = tinyVocabulary();
  const dim = TINY_RERANK_DIMENSIONS;
  return writeModelFiles(outDir, {
    'config.json': bertConfig(
      'Folio test fixture made by backend/scripts/make-tiny-reranker-model.ts; not a trained model.',
      'BertForSequenceClassification',
      vocab.length,
      dim,
      { id2label: { 0: 'LABEL_0' }, label2id: { LABEL_0: 0 } },
    ),
    'tokenizer.json': tokenizerJson(vocab),
    'tokenizer_config.json': TOKENIZER_CONFIG,
    'onnx/model_quantized.onnx': tinyRerankerOnnx(vocab, dim),
  });
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(root, 'test/fixtures/models', TINY_RERANK_MODEL));
  printSizes(outDir, await writeTinyRerankerModel(outDir));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
