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
import {
  bertInputs,
  concat,
  DT,
  floats,
  intAttribute,
  keepdims,
  littleEndian,
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
export const TINY_NLI_MODEL = 'folio/tiny-nli';

/** Width of the word vectors. */
export const TINY_NLI_DIMENSIONS = 64;

/**
 * The tokens the graph counts as negations (whole words of the tiny vocabulary). WordPiece also starts
 * other words with them ('norma' → 'no' '##rm' '##a'), so short, common starts ('ni', 'sin') are left out.
 */
export const NEGATIONS = ['no', 'not', 'nada'];

const gain = (token: string) => ((SPECIAL as readonly string[]).includes(token) || NEGATIONS.includes(token) ? 0 : 1);

/** The ONNX ModelProto bytes of the NLI scorer: inputs as BERT's, output `logits` [batch, 3]. */
export function tinyNliOnnx(vocab: string[], dim: number): Uint8Array {
  const negationColumn = Float32Array.from(vocab, (token) => (NEGATIONS.includes(token) ? 1 : 0));
  // Per segment, besides its sum and squared norm: its negation count [batch, 1].
  const negations = (name: string) => [
    node('Mul', ['negations', `mask_${name}3`], [`negations_${name}3`]),
    node('ReduceSum', [`negations_${name}3`, 'sequence_axis'], [`negations_${name}`], keepdims(0)),
  ];
  return onnxModel(
    'folio make-tiny-nli-model',
    concat([
      ...wordNodes(),
      node('Gather', ['negation_table', 'input_ids'], ['negations']),
      ...segmentCosineNodes('premise', 'hypothesis', negations),
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
      ...wordTensors(vocab, dim, gain),
      tensor(5, 'negation_table', DT.FLOAT, [vocab.length, 1], littleEndian(negationColumn)),
      ...segmentCosineTensors(),
      tensor(5, 'zero', DT.FLOAT, [], floats(0)),
      tensor(5, 'one', DT.FLOAT, [], floats(1)),
      tensor(5, 'two', DT.FLOAT, [], floats(2)),
      tensor(5, 'minus_two', DT.FLOAT, [], floats(-2)),
      tensor(5, 'eight', DT.FLOAT, [], floats(8)),
      tensor(5, 'ten', DT.FLOAT, [], floats(10)),
      ...bertInputs(),
      valueInfo(12, 'logits', DT.FLOAT, ['batch_size', 3]),
    ]),
  );
}

/** Writes the model directory; returns the files written (relative) and their sizes. */
export function writeTinyNliModel(outDir: string): Promise<Record<string, number>> {
  return writeTinyBertModel(outDir, {
    script: 'make-tiny-nli-model.ts',
    architecture: 'BertForSequenceClassification',
    dim: TINY_NLI_DIMENSIONS,
    config: {
      id2label: { 0: 'entailment', 1: 'neutral', 2: 'contradiction' },
      label2id: { entailment: 0, neutral: 1, contradiction: 2 },
    },
    onnx: tinyNliOnnx,
  });
}

await runModelScript(import.meta.url, TINY_NLI_MODEL, writeTinyNliModel);
