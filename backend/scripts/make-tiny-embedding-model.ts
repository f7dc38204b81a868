/**
 * Writes the tiny sentence-embedding model the test suite loads through the real transformers.js code:
 * `test/fixtures/models/folio/tiny-embed/` with `config.json` (a BERT), `tokenizer.json` +
 * `tokenizer_config.json` (a lowercase, accent-stripping WordPiece over Spanish and English pieces) and
 * `onnx/model_quantized.onnx`.
 *
 * No weights can be downloaded on our machines, so the graph is written here, as ONNX protobuf bytes
 * (with the vocabulary, tokenizer and writer shared with the tiny reranker, `tiny-bert.ts`), by a small
 * encoder: the hidden state of each token is a row of a seeded pseudo-random, 8-bit quantized
 * embedding table (plus a token-type row), zeroed where the attention mask is 0. Mean pooling over it
 * is a bag of embeddings: texts sharing words end up closer than texts that share none.
 *
 * Only the q8 file is written (the layout a quantized hub model has): an fp32 copy of the table would
 * quadruple the fixture for no extra coverage. The output is byte-for-byte deterministic.
 *
 * Run: `npx tsx backend/scripts/make-tiny-embedding-model.ts [outDir]`
 */
import {
  bertInputs,
  concat,
  DT,
  hash,
  int64s,
  intAttribute,
  littleEndian,
  node,
  onnxModel,
  runModelScript,
  str,
  tensor,
  tinyVocabulary,
  valueInfo,
  wordNodes,
  wordTensors,
  writeTinyBertModel,
} from './tiny-bert';
import { seededRandom } from '../src/testing/seeded-random';

/** Width of the hidden state, and so of the sentence vectors. */
export const TINY_EMBED_DIMENSIONS = 64;

/** Where the committed fixture lives, relative to `test/fixtures/models`. */
export const TINY_EMBED_MODEL = 'folio/tiny-embed';

export { tinyVocabulary };

// [PAD] stays zero; [CLS]/[SEP] are weaker than words, so they only lean on the direction.
const gain = (token: string) => (token === '[PAD]' ? 0 : token === '[CLS]' || token === '[SEP]' ? 0.25 : 1);

function typeTable(dim: number): Float32Array {
  const next = seededRandom(hash('token_type'));
  return Float32Array.from({ length: 2 * dim }, () => (next() * 2 - 1) * 0.02);
}

/** The ONNX ModelProto bytes of the bag-of-embeddings encoder. */
export function tinyEncoderOnnx(vocab: string[], dim: number): Uint8Array {
  return onnxModel(
    'folio make-tiny-embedding-model',
    concat([
      ...wordNodes(),
      node('Gather', ['token_type_embeddings', 'token_type_ids'], ['types']),
      node('Add', ['words', 'types'], ['embeddings']),
      node('Cast', ['attention_mask'], ['mask'], [intAttribute('to', DT.FLOAT)]),
      node('Unsqueeze', ['mask', 'last_axis'], ['mask3']),
      node('Mul', ['embeddings', 'mask3'], ['last_hidden_state']),
      str(2, 'tiny_embed'),
      ...wordTensors(vocab, dim, gain),
      tensor(5, 'token_type_embeddings', DT.FLOAT, [2, dim], littleEndian(typeTable(dim))),
      tensor(5, 'last_axis', DT.INT64, [1], int64s(-1n)),
      ...bertInputs(),
      valueInfo(12, 'last_hidden_state', DT.FLOAT, ['batch_size', 'sequence_length', dim]),
    ]),
  );
}

/** Writes the model directory; returns the files written (relative) and their sizes. */
export function writeTinyEmbeddingModel(outDir: string): Promise<Record<string, number>> {
  return writeTinyBertModel(outDir, {
    script: 'make-tiny-embedding-model.ts',
    architecture: 'BertModel',
    dim: TINY_EMBED_DIMENSIONS,
    onnx: tinyEncoderOnnx,
  });
}

await runModelScript(import.meta.url, TINY_EMBED_MODEL, writeTinyEmbeddingModel);
