/**
 * Writes the tiny NLI model the test suite loads through the real transformers.js code:
 * `test/fixtures/models/folio/tiny-nli/` with `config.json` (a BERT for sequence classification with the
 * three NLI labels, `id2label` entailment / neutral / contradiction, the order of the multilingual XNLI
 * models), the tokenizer shared with the other tiny models (`tiny-bert.ts`) and `onnx/model_quantized.onnx`.
 *
 * The graph reads a (premise, hypothesis) pair as an NLI cross-encoder does: one sequence,
 * `[CLS] premise [SEP] hypothesis [SEP]`, `token_type_ids` 0 then 1. Per segment it sums the seeded word
 * rows (as the tiny reranker does) and counts negation tokens ('no', 'not', 'nada'). With
 * `cos` the cosine of the two sums and `flip` = min(1, |negations(premise) − negations(hypothesis)|):
 *   entailment    = 8·cos − 10·flip − 2
 *   neutral       = 2
 *   contradiction = 10·cos·flip − 2
 * So the same words entail, the same words with a negation added or removed contradict, and unrelated
 * words are neutral: a model that tells the three apart, not a trained one.
 *
 * Only the q8 file is written; the output is byte-for-byte deterministic.
 *
 * Run: `npx tsx backend/scripts/make-tiny-nli-model.ts [outDir]`
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
export const TINY_NLI_MODEL = 'folio/tiny-nli';

/** Width of the word vectors. */
export const TINY_NLI_DIMENSIONS = 64;

/**
 * The tokens the graph counts as negations (whole words of the tiny vocabulary). WordPiece also starts
 * other words with them ('norma' → 'no' '##rm' '##a'), so short, common starts ('ni', 'sin') are left out.
 */
export const NEGATIONS = ['no', 'not', 'nada'];

const gain = (token: string) => ((SPECIAL as readonly string[]).includes(token) || NEGATIONS.includes(token) ? 0 : 1);

const floats = (...values: number[]) => littleEndian(Float32Array.from(values));
const int64s = (...values: bigint[]) => littleEndian(BigInt64Array.from(values));

/** The ONNX ModelProto bytes of the NLI scorer: inputs as BERT's, output `logits` [batch, 3]. */
export function tinyNliOnnx(vocab: string[], dim: number): Uint8Array {
  const keepdims = (value: number) => [intAttribute('keepdims', value)];
  const negationColumn = Float32Array.from(vocab, (token) => (NEGATIONS.includes(token) ? 1 : 0));
  // Per segment: the sum of its masked word rows [batch, dim], its squared norm and its negation count [batch, 1].
  const segment = (name: string) => [
    node('Unsqueeze', [`mask_${name}`, 'last_axis'], [`mask_${name}3`]),
    node('Mul', ['words', `mask_${name}3`], [`words_${name}`]),
    node('ReduceSum', [`words_${name}`, 'sequence_axis'], [`sum_${name}`], keepdims(0)),
    node('Mul', [`sum_${name}`, `sum_${name}`], [`squares_${name}`]),
    node('ReduceSum', [`squares_${name}`, 'last_axis'], [`norm2_${name}`], keepdims(1)),
    node('Mul', ['negations', `mask_${name}3`], [`negations_${name}3`]),
    node('ReduceSum', [`negations_${name}3`, 'sequence_axis'], [`negations_${name}`], keepdims(0)),
  ];
  return onnxModel(
    'folio make-tiny-nli-model',
    concat([
      node('Gather', ['word_embeddings.q', 'input_ids'], ['words.q']),
      node('DequantizeLinear', ['words.q', 'word_embeddings.scale', 'word_embeddings.zero_point'], ['words']),
      node('Gather', ['negation_table', 'input_ids'], ['negations']),
      node('Cast', ['attention_mask'], ['mask'], [intAttribute('to', DT.FLOAT)]),
      node('Cast', ['token_type_ids'], ['types'], [intAttribute('to', DT.FLOAT)]),
      node('Mul', ['mask', 'types'], ['mask_hypothesis']),
      node('Sub', ['mask', 'mask_hypothesis'], ['mask_premise']),
      ...segment('premise'),
      ...segment('hypothesis'),
      node('Mul', ['sum_premise', 'sum_hypothesis'], ['products']),
      node('ReduceSum', ['products', 'last_axis'], ['dot'], keepdims(1)),
      node('Mul', ['norm2_premise', 'norm2_hypothesis'], ['norms2']),
      // The epsilon keeps an empty segment at cosine 0 instead of 0/0.
      node('Add', ['norms2', 'epsilon'], ['norms2_safe']),
      node('Sqrt', ['norms2_safe'], ['norms']),
      node('Div', ['dot', 'norms'], ['cosine']),
      node('Sub', ['negations_premise', 'negations_hypothesis'], ['negation_difference']),
      node('Abs', ['negation_difference'], ['negation_distance']),
      node('Min', ['negation_distance', 'one'], ['flip']),
      // entailment = 8·cos − 10·flip − 2
      node('Mul', ['cosine', 'eight'], ['cosine8']),
      node('Mul', ['flip', 'ten'], ['flip10']),
      node('Sub', ['cosine8', 'flip10'], ['entailment_raw']),
      node('Add', ['entailment_raw', 'minus_two'], ['entailment']),
      // neutral = 2 (shaped [batch, 1] from the cosine)
      node('Mul', ['cosine', 'zero'], ['zeros']),
      node('Add', ['zeros', 'two'], ['neutral']),
      // contradiction = 10·cos·flip − 2
      node('Mul', ['cosine', 'flip10'], ['contradiction_raw']),
      node('Add', ['contradiction_raw', 'minus_two'], ['contradiction']),
      node('Concat', ['entailment', 'neutral', 'contradiction'], ['logits'], [intAttribute('axis', 1)]),
      str(2, 'tiny_nli'),
      tensor(5, 'word_embeddings.q', DT.UINT8, [vocab.length, dim], wordTable(vocab, dim, gain)),
      tensor(5, 'word_embeddings.scale', DT.FLOAT, [], floats(SCALE)),
      tensor(5, 'word_embeddings.zero_point', DT.UINT8, [], Uint8Array.of(ZERO_POINT)),
      tensor(5, 'negation_table', DT.FLOAT, [vocab.length, 1], littleEndian(negationColumn)),
      tensor(5, 'last_axis', DT.INT64, [1], int64s(-1n)),
      tensor(5, 'sequence_axis', DT.INT64, [1], int64s(1n)),
      tensor(5, 'epsilon', DT.FLOAT, [], floats(1e-12)),
      tensor(5, 'zero', DT.FLOAT, [], floats(0)),
      tensor(5, 'one', DT.FLOAT, [], floats(1)),
      tensor(5, 'two', DT.FLOAT, [], floats(2)),
      tensor(5, 'minus_two', DT.FLOAT, [], floats(-2)),
      tensor(5, 'eight', DT.FLOAT, [], floats(8)),
      tensor(5, 'ten', DT.FLOAT, [], floats(10)),
      valueInfo(11, 'input_ids', DT.INT64, ['batch_size', 'sequence_length']),
      valueInfo(11, 'attention_mask', DT.INT64, ['batch_size', 'sequence_length']),
      valueInfo(11, 'token_type_ids', DT.INT64, ['batch_size', 'sequence_length']),
      valueInfo(12, 'logits', DT.FLOAT, ['batch_size', 3]),
    ]),
  );
}

/** Writes the model directory; returns the files written (relative) and their sizes. */
export async function writeTinyNliModel(outDir: string): Promise<Record<string, number>> {
  const vocab = tinyVocabulary();
  const dim = TINY_NLI_DIMENSIONS;
  return writeModelFiles(outDir, {
    'config.json': bertConfig(
      'Folio test fixture made by backend/scripts/make-tiny-nli-model.ts; not a trained model.',
      'BertForSequenceClassification',
      vocab.length,
      dim,
      {
        id2label: { 0: 'entailment', 1: 'neutral', 2: 'contradiction' },
        label2id: { entailment: 0, neutral: 1, contradiction: 2 },
      },
    ),
    'tokenizer.json': tokenizerJson(vocab),
    'tokenizer_config.json': TOKENIZER_CONFIG,
    'onnx/model_quantized.onnx': tinyNliOnnx(vocab, dim),
  });
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(root, 'test/fixtures/models', TINY_NLI_MODEL));
  printSizes(outDir, await writeTinyNliModel(outDir));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
