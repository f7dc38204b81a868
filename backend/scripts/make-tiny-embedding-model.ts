/**
 * Writes the tiny sentence-embedding model the test suite loads through the real transformers.js code:
 * `test/fixtures/models/folio/tiny-embed/` with `config.json` (a BERT), `tokenizer.json` +
 * `tokenizer_config.json` (a lowercase, accent-stripping WordPiece over Spanish and English pieces) and
 * `onnx/model_quantized.onnx`.
 *
 * No weights can be downloaded on our machines, so the graph is written here, as ONNX protobuf bytes,
 * by a small encoder: the hidden state of each token is a row of a seeded pseudo-random, 8-bit quantized
 * embedding table (plus a token-type row), zeroed where the attention mask is 0. Mean pooling over it
 * is a bag of embeddings: texts sharing words end up closer than texts that share none.
 *
 * Only the q8 file is written (the layout a quantized hub model has): an fp32 copy of the table would
 * quadruple the fixture for no extra coverage. The output is byte-for-byte deterministic.
 *
 * Run: `npx tsx backend/scripts/make-tiny-embedding-model.ts [outDir]`
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

/** Width of the hidden state, and so of the sentence vectors. */
export const TINY_EMBED_DIMENSIONS = 64;

/** Where the committed fixture lives, relative to the repository root. */
export const TINY_EMBED_MODEL = 'folio/tiny-embed';

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

// Whole words first, so WordPiece's longest match keeps them as one token (and one vector).
const WORDS = `
a al algo alguno ante antes aquí así aunque bajo bien cada casi como con contra cual cuando de del desde
donde dos durante e el ella ellas ellos en entre era es esa ese eso esta este esto están estado fue fueron
ha hace hacia han hasta hay la las le les lo los más me mi mientras muy mucho nada ni no nos nosotros o
otra otro para pero poco por porque que quien se sea según ser si sido siempre sin sobre solo son su sus
también tan tanto te tiene tienen todo todos tres tu un una uno unos y ya yo
agua aguas río ríos lago lluvia páramo páramos montaña bosque bosques suelo suelos tierra clima cambio
calidad muestra muestras análisis estudio estudios datos resultado resultados método métodos capítulo
página páginas libro libros artículo artículos autor autores revista fuente fuentes cita citas texto
documento documentos investigación biblioteca lectura nota notas tabla figura gráfico mapa región país
ciudad pueblo gente persona personas historia política economía sociedad cultura lengua idioma palabra
palabras sentido significado pregunta respuesta problema solución ciencia biología química física
medicina salud enfermedad hospital paciente pacientes tratamiento vacuna virus célula células gen genes
energía solar eléctrica petróleo carbono emisiones temperatura calor frío año años mes meses día días
hora tiempo siglo época guerra paz ley leyes derecho gobierno estado nación educación escuela universidad
profesor estudiante estudiantes trabajo empresa mercado precio precios dinero banco crecimiento pobreza
gato gatos perro perros animal animales planta plantas árbol árboles flor flores fruta comida cocina pan
casa casas calle coche tren avión barco viaje mar playa isla costa norte sur este oeste centro
nuevo nueva grande pequeño alto bajo largo corto bueno malo primero último mayor menor mejor peor
the of and to in is was for on that with as by at from be this are it or an which not but have has had
were their they its been more one also can all other when about into who would there after some only
such these most over between first time new two many under during through may where both while however
water river rivers lake rain mountain forest soil land climate change quality sample samples analysis
study studies data result results method methods chapter page pages book books article articles author
authors journal source sources citation text document documents research library reading note notes
table figure chart map region country city town people person history politics economy society culture
language word words meaning question answer problem solution science biology chemistry physics medicine
health disease hospital patient patients treatment vaccine cell cells gene genes energy oil carbon
emissions temperature heat cold year years month months day days hour century war peace law laws
government education school university teacher student students work company market price prices money
bank growth poverty cat cats dog dogs plant plants tree trees flower fruit food kitchen bread house
houses street car train plane ship travel sea beach island coast north south east west big small high
low long short good bad last best worst query passage
`;

// Common endings, so inflected words split into a stem and a shared suffix piece.
const SUFFIXES = `
s es a o as os ar er ir ado ada ados adas ido ida idos idas ando iendo ción ciones sión siones dad dades
mente miento mientos ista istas ismo ico ica icos icas al ales ble bles oso osa ente entes ante antes
ía ías ero era eros eras or ores ing ed er ers est ly ion ions tion tions ness ment ments able ful less
ity ies ous ive al ism ist
`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const PUNCTUATION = `.,;:!?¿¡'"()[]{}-_/\\@#$%&*+=<>|~^\`…«»“”‘’`;

/** The vocabulary in id order: special tokens, then words, pieces and characters; no duplicates. */
export function tinyVocabulary(): string[] {
  const vocab: string[] = [...SPECIAL];
  const seen = new Set<string>(vocab);
  // The normalizer lowercases and strips accents before WordPiece runs, so the vocabulary must too.
  const add = (token: string) => {
    if (!seen.has(token)) {
      seen.add(token);
      vocab.push(token);
    }
  };
  const plain = (word: string) => word.normalize('NFD').replace(/\p{Mn}/gu, '');
  for (const word of WORDS.split(/\s+/)) if (word) add(plain(word));
  for (const suffix of SUFFIXES.split(/\s+/)) if (suffix) add(`##${plain(suffix)}`);
  for (const c of LETTERS + DIGITS) {
    add(c);
    add(`##${c}`);
  }
  for (const c of PUNCTUATION) add(c);
  // Every two-letter start and continuation: any Latin word splits into known pieces, never [UNK].
  for (const a of LETTERS) for (const b of LETTERS) add(a + b);
  for (const a of LETTERS) for (const b of LETTERS) add(`##${a}${b}`);
  return vocab;
}

// ---------------------------------------------------------------------------------------------------
// Weights

/** FNV-1a: a token's seed depends on its text only, so adding words never reshuffles the others. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, seeded, the same on every platform. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZERO_POINT = 128;
const SCALE = 1 / 127;

/** The word-embedding table quantized to uint8 (value = (q - 128) / 127), row by token id. */
function wordTable(vocab: string[], dim: number): Uint8Array {
  const table = new Uint8Array(vocab.length * dim).fill(ZERO_POINT);
  vocab.forEach((token, id) => {
    // [PAD] stays zero; [CLS]/[SEP] are weaker than words, so they only lean on the direction.
    if (token === '[PAD]') return;
    const gain = token === '[CLS]' || token === '[SEP]' ? 0.25 : 1;
    const next = random(hash(token));
    for (let k = 0; k < dim; k++) {
      const value = (next() * 2 - 1) * gain;
      table[id * dim + k] = Math.max(0, Math.min(255, Math.round(value / SCALE) + ZERO_POINT));
    }
  });
  return table;
}

function typeTable(dim: number): Float32Array {
  const next = random(hash('token_type'));
  return Float32Array.from({ length: 2 * dim }, () => (next() * 2 - 1) * 0.02);
}

// ---------------------------------------------------------------------------------------------------
// A protobuf writer: just what onnx.proto needs (varints, length-delimited fields, fixed32).

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  // int64 fields carry negatives as 64-bit two's complement, ten bytes on the wire.
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

const concat = (parts: Field[]): Field => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

const int = (field: number, value: number | bigint): Field =>
  Uint8Array.from([...varint((field << 3) | 0), ...varint(value)]);
const bytes = (field: number, value: Uint8Array): Field =>
  concat([Uint8Array.from([...varint((field << 3) | 2), ...varint(value.length)]), value]);
const str = (field: number, value: string): Field => bytes(field, new TextEncoder().encode(value));
const msg = (field: number, ...parts: Field[]): Field => bytes(field, concat(parts));

// onnx.proto field numbers and enums (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto).
const DT = { FLOAT: 1, UINT8: 2, INT64: 7 } as const;
const ATTR_INT = 2;

/** TensorProto with its data as raw little-endian bytes. */
function tensor(field: number, name: string, dataType: number, dims: number[], raw: Uint8Array): Field {
  return msg(field, ...dims.map((d) => int(1, d)), int(2, dataType), str(8, name), bytes(9, raw));
}

/** ValueInfoProto of a tensor; string dims are symbolic (batch, sequence). */
function valueInfo(field: number, name: string, elemType: number, dims: (number | string)[]): Field {
  const shape = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, elemType), msg(2, ...shape))));
}

function node(op: string, inputs: string[], outputs: string[], attributes: Field[] = []): Field {
  return msg(
    1,
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, outputs[0] ?? op),
    str(4, op),
    ...attributes,
  );
}

const littleEndian = (array: Float32Array | BigInt64Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** The ONNX ModelProto bytes of the bag-of-embeddings encoder. */
export function tinyEncoderOnnx(vocab: string[], dim: number): Uint8Array {
  const graph = concat([
    node('Gather', ['word_embeddings.q', 'input_ids'], ['words.q']),
    node('DequantizeLinear', ['words.q', 'word_embeddings.scale', 'word_embeddings.zero_point'], ['words']),
    node('Gather', ['token_type_embeddings', 'token_type_ids'], ['types']),
    node('Add', ['words', 'types'], ['embeddings']),
    node('Cast', ['attention_mask'], ['mask'], [msg(5, str(1, 'to'), int(3, DT.FLOAT), int(20, ATTR_INT))]),
    node('Unsqueeze', ['mask', 'last_axis'], ['mask3']),
    node('Mul', ['embeddings', 'mask3'], ['last_hidden_state']),
    str(2, 'tiny_embed'),
    tensor(5, 'word_embeddings.q', DT.UINT8, [vocab.length, dim], wordTable(vocab, dim)),
    tensor(5, 'word_embeddings.scale', DT.FLOAT, [], littleEndian(Float32Array.of(SCALE))),
    tensor(5, 'word_embeddings.zero_point', DT.UINT8, [], Uint8Array.of(ZERO_POINT)),
    tensor(5, 'token_type_embeddings', DT.FLOAT, [2, dim], littleEndian(typeTable(dim))),
    tensor(5, 'last_axis', DT.INT64, [1], littleEndian(BigInt64Array.of(-1n))),
    valueInfo(11, 'input_ids', DT.INT64, ['batch_size', 'sequence_length']),
    valueInfo(11, 'attention_mask', DT.INT64, ['batch_size', 'sequence_length']),
    valueInfo(11, 'token_type_ids', DT.INT64, ['batch_size', 'sequence_length']),
    valueInfo(12, 'last_hidden_state', DT.FLOAT, ['batch_size', 'sequence_length', dim]),
  ]);
  return concat([
    int(1, 8), // ir_version 8 (ONNX 1.10+)
    str(2, 'folio make-tiny-embedding-model'),
    str(3, '1'),
    msg(7, graph),
    msg(8, str(1, ''), int(2, 17)), // default domain, opset 17
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Tokenizer and config, in the Hugging Face layout transformers.js reads

function tokenizerJson(vocab: string[]): unknown {
  const id = (token: string) => vocab.indexOf(token);
  const special = (token: string) => ({ SpecialToken: { id: token, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: true,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, special('[SEP]')],
      pair: [
        special('[CLS]'),
        { Sequence: { id: 'A', type_id: 0 } },
        special('[SEP]'),
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((t) => [t, { id: t, ids: [id(t)], tokens: [t] }])),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, i) => [token, i])),
    },
  };
}

/** Writes the model directory; returns the files written (relative) and their sizes. */
export async function writeTinyEmbeddingModel(outDir: string): Promise<Record<string, number>> {
  const vocab = tinyVocabulary();
  const dim = TINY_EMBED_DIMENSIONS;
  const files: Record<string, string | Uint8Array> = {
    'config.json': json({
      _comment: 'Folio test fixture made by backend/scripts/make-tiny-embedding-model.ts; not a trained model.',
      architectures: ['BertModel'],
      model_type: 'bert',
      vocab_size: vocab.length,
      hidden_size: dim,
      num_hidden_layers: 0,
      num_attention_heads: 1,
      intermediate_size: dim,
      max_position_embeddings: 512,
      type_vocab_size: 2,
      pad_token_id: 0,
    }),
    'tokenizer.json': json(tokenizerJson(vocab)),
    'tokenizer_config.json': json({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      strip_accents: true,
      model_max_length: 512,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      mask_token: '[MASK]',
      clean_up_tokenization_spaces: true,
    }),
    'onnx/model_quantized.onnx': tinyEncoderOnnx(vocab, dim),
  };
  const sizes: Record<string, number> = {};
  for (const [name, raw] of Object.entries(files)) {
    const path = join(outDir, name);
    // The JSON files are committed: write them the way `prettier --check` (part of `npm run lint`) wants.
    const content = typeof raw === 'string' ? await format(raw, { ...(await prettierOptions), parser: 'json' }) : raw;
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, content);
    sizes[name] = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  }
  return sizes;
}

const prettierOptions = resolveConfig(fileURLToPath(import.meta.url)).then((options) => options ?? {});

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(root, 'test/fixtures/models', TINY_EMBED_MODEL));
  const sizes = await writeTinyEmbeddingModel(outDir);
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  for (const [name, size] of Object.entries(sizes)) console.log(`${String(size).padStart(8)}  ${name}`);
  console.log(`${String(total).padStart(8)}  bytes in ${outDir} (${tinyVocabulary().length} tokens)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
