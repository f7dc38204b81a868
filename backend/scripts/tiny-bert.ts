/**
 * What the tiny test models share (make-tiny-embedding-model.ts, make-tiny-reranker-model.ts,
 * make-tiny-nli-model.ts): one WordPiece vocabulary over Spanish and English pieces with its
 * `tokenizer.json` and `tokenizer_config.json`, seeded 8-bit word vectors, a protobuf writer for the ONNX
 * graph with the pieces the graphs have in common (word lookup, BERT inputs, the cosine of a pair's two
 * segments), the writing of a model directory the way the committed fixtures are kept (JSON formatted
 * by prettier) and the scripts' command line.
 *
 * Everything here is deterministic: the same inputs give the same bytes on every platform.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { seededRandom } from '../src/testing/seeded-random';

export const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

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
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** How the word table is quantized: value = (q - ZERO_POINT) * SCALE. */
export const ZERO_POINT = 128;
export const SCALE = 1 / 127;

/**
 * The word-embedding table quantized to uint8, row by token id: each row seeded by its token's text,
 * uniform in ±`gain(token)` (0 leaves the row zero).
 */
export function wordTable(vocab: string[], dim: number, gain: (token: string) => number): Uint8Array {
  const table = new Uint8Array(vocab.length * dim).fill(ZERO_POINT);
  vocab.forEach((token, id) => {
    const g = gain(token);
    if (g === 0) return;
    const next = seededRandom(hash(token));
    for (let k = 0; k < dim; k++) {
      const value = (next() * 2 - 1) * g;
      table[id * dim + k] = Math.max(0, Math.min(255, Math.round(value / SCALE) + ZERO_POINT));
    }
  });
  return table;
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

export const concat = (parts: Field[]): Field => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

export const int = (field: number, value: number | bigint): Field =>
  Uint8Array.from([...varint((field << 3) | 0), ...varint(value)]);
const bytes = (field: number, value: Uint8Array): Field =>
  concat([Uint8Array.from([...varint((field << 3) | 2), ...varint(value.length)]), value]);
export const str = (field: number, value: string): Field => bytes(field, new TextEncoder().encode(value));
export const msg = (field: number, ...parts: Field[]): Field => bytes(field, concat(parts));

// onnx.proto field numbers and enums (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto).
export const DT = { FLOAT: 1, UINT8: 2, INT64: 7 } as const;
const ATTR_INT = 2;

/** An integer attribute of a node (AttributeProto: name, i, type INT). */
export const intAttribute = (name: string, value: number): Field =>
  msg(5, str(1, name), int(3, value), int(20, ATTR_INT));

/** TensorProto with its data as raw little-endian bytes. */
export function tensor(field: number, name: string, dataType: number, dims: number[], raw: Uint8Array): Field {
  return msg(field, ...dims.map((d) => int(1, d)), int(2, dataType), str(8, name), bytes(9, raw));
}

/** ValueInfoProto of a tensor; string dims are symbolic (batch, sequence). */
export function valueInfo(field: number, name: string, elemType: number, dims: (number | string)[]): Field {
  const shape = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, elemType), msg(2, ...shape))));
}

export function node(op: string, inputs: string[], outputs: string[], attributes: Field[] = []): Field {
  return msg(
    1,
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, outputs[0] ?? op),
    str(4, op),
    ...attributes,
  );
}

export const littleEndian = (array: Float32Array | BigInt64Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** A ModelProto around `graph` (the GraphProto's fields), made by `producer`: IR 8, opset 17. */
export function onnxModel(producer: string, graph: Field): Uint8Array {
  return concat([
    int(1, 8), // ir_version 8 (ONNX 1.10+)
    str(2, producer),
    str(3, '1'),
    msg(7, graph),
    msg(8, str(1, ''), int(2, 17)), // default domain, opset 17
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Graph pieces the tiny models have in common

/** Float32 values as raw tensor bytes. */
export const floats = (...values: number[]): Uint8Array => littleEndian(Float32Array.from(values));
/** Int64 values as raw tensor bytes. */
export const int64s = (...values: bigint[]): Uint8Array => littleEndian(BigInt64Array.from(values));

/** The `keepdims` attribute of a reduction. */
export const keepdims = (value: number): Field[] => [intAttribute('keepdims', value)];

/** Looks each input id up in the quantized word table: `words` [batch, sequence, dim]. */
export const wordNodes = (): Field[] => [
  node('Gather', ['word_embeddings.q', 'input_ids'], ['words.q']),
  node('DequantizeLinear', ['words.q', 'word_embeddings.scale', 'word_embeddings.zero_point'], ['words']),
];

/** The initializers `wordNodes` reads: the table of `wordTable(vocab, dim, gain)`, its scale and zero point. */
export const wordTensors = (vocab: string[], dim: number, gain: (token: string) => number): Field[] => [
  tensor(5, 'word_embeddings.q', DT.UINT8, [vocab.length, dim], wordTable(vocab, dim, gain)),
  tensor(5, 'word_embeddings.scale', DT.FLOAT, [], floats(SCALE)),
  tensor(5, 'word_embeddings.zero_point', DT.UINT8, [], Uint8Array.of(ZERO_POINT)),
];

/** BERT's three graph inputs, [batch, sequence] int64 each. */
export const bertInputs = (): Field[] =>
  ['input_ids', 'attention_mask', 'token_type_ids'].map((name) =>
    valueInfo(11, name, DT.INT64, ['batch_size', 'sequence_length']),
  );

/**
 * How a cross-encoder's pair `[CLS] first [SEP] second [SEP]` becomes `cosine` [batch, 1]: the masked
 * `words` rows of each segment (token type 0 is `first`, 1 is `second`) are summed into `sum_<name>`
 * [batch, dim], and the cosine of the two sums is taken. `perSegment(name)` adds nodes right after each
 * segment's own (they can read its mask `mask_<name>3`). Reads the initializers of `segmentCosineTensors`.
 */
export function segmentCosineNodes(
  first: string,
  second: string,
  perSegment: (name: string) => Field[] = () => [],
): Field[] {
  const segment = (name: string) => [
    node('Unsqueeze', [`mask_${name}`, 'last_axis'], [`mask_${name}3`]),
    node('Mul', ['words', `mask_${name}3`], [`words_${name}`]),
    node('ReduceSum', [`words_${name}`, 'sequence_axis'], [`sum_${name}`], keepdims(0)),
    node('Mul', [`sum_${name}`, `sum_${name}`], [`squares_${name}`]),
    node('ReduceSum', [`squares_${name}`, 'last_axis'], [`norm2_${name}`], keepdims(1)),
    ...perSegment(name),
  ];
  return [
    node('Cast', ['attention_mask'], ['mask'], [intAttribute('to', DT.FLOAT)]),
    node('Cast', ['token_type_ids'], ['types'], [intAttribute('to', DT.FLOAT)]),
    node('Mul', ['mask', 'types'], [`mask_${second}`]),
    node('Sub', ['mask', `mask_${second}`], [`mask_${first}`]),
    ...segment(first),
    ...segment(second),
    node('Mul', [`sum_${first}`, `sum_${second}`], ['products']),
    node('ReduceSum', ['products', 'last_axis'], ['dot'], keepdims(1)),
    node('Mul', [`norm2_${first}`, `norm2_${second}`], ['norms2']),
    // The epsilon keeps an empty segment at cosine 0 instead of 0/0.
    node('Add', ['norms2', 'epsilon'], ['norms2_safe']),
    node('Sqrt', ['norms2_safe'], ['norms']),
    node('Div', ['dot', 'norms'], ['cosine']),
  ];
}

/** The initializers `segmentCosineNodes` reads. */
export const segmentCosineTensors = (): Field[] => [
  tensor(5, 'last_axis', DT.INT64, [1], int64s(-1n)),
  tensor(5, 'sequence_axis', DT.INT64, [1], int64s(1n)),
  tensor(5, 'epsilon', DT.FLOAT, [], floats(1e-12)),
];

// ---------------------------------------------------------------------------------------------------
// Tokenizer and config, in the Hugging Face layout transformers.js reads

/** `tokenizer.json`: BERT normalizer (lowercase, no accents), WordPiece, [CLS] A [SEP] (B [SEP], type 1). */
export function tokenizerJson(vocab: string[]): Record<string, unknown> {
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

/** `tokenizer_config.json` of the BERT tokenizer above. */
export const TOKENIZER_CONFIG = {
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
} as const;

/** A tiny BERT's `config.json`: no layers, `dim` wide; `extra` fields (e.g. the labels) go last. */
export function bertConfig(
  comment: string,
  architecture: string,
  vocabSize: number,
  dim: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    _comment: comment,
    architectures: [architecture],
    model_type: 'bert',
    vocab_size: vocabSize,
    hidden_size: dim,
    num_hidden_layers: 0,
    num_attention_heads: 1,
    intermediate_size: dim,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    pad_token_id: 0,
    ...extra,
  };
}

/**
 * Writes a model directory: JSON values (objects) formatted the way `prettier --check` (part of
 * `npm run lint`) wants, since they are committed; bytes as they are. Returns each file's size.
 */
export async function writeModelFiles(
  outDir: string,
  files: Record<string, object | Uint8Array>,
): Promise<Record<string, number>> {
  const options = (await resolveConfig(fileURLToPath(import.meta.url))) ?? {};
  const sizes: Record<string, number> = {};
  for (const [name, raw] of Object.entries(files)) {
    const path = join(outDir, name);
    const content =
      raw instanceof Uint8Array
        ? raw
        : await format(JSON.stringify(raw, null, 2) + '\n', { ...options, parser: 'json' });
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, content);
    sizes[name] = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  }
  return sizes;
}

/** What makes one tiny model: the rest (vocabulary, tokenizer files) is the same for all. */
export interface TinyBertModel {
  /** The script that writes it (`make-tiny-nli-model.ts`), named in `config.json`'s comment. */
  script: string;
  /** `config.json`'s architecture, e.g. `BertForSequenceClassification`. */
  architecture: string;
  /** Width of the word vectors. */
  dim: number;
  /** Extra `config.json` fields (the labels), after the BERT ones. */
  config?: Record<string, unknown>;
  /** The ONNX ModelProto bytes over the shared vocabulary. */
  onnx: (vocab: string[], dim: number) => Uint8Array;
}

/**
 * Writes a tiny model's directory: `config.json`, the shared tokenizer files and
 * `onnx/model_quantized.onnx`. Returns the files written (relative) and their sizes.
 */
export async function writeTinyBertModel(outDir: string, model: TinyBertModel): Promise<Record<string, number>> {
  const vocab = tinyVocabulary();
  return writeModelFiles(outDir, {
    'config.json': bertConfig(
      `Folio test fixture made by backend/scripts/${model.script}; not a trained model.`,
      model.architecture,
      vocab.length,
      model.dim,
      model.config,
    ),
    'tokenizer.json': tokenizerJson(vocab),
    'tokenizer_config.json': TOKENIZER_CONFIG,
    'onnx/model_quantized.onnx': model.onnx(vocab, model.dim),
  });
}

/** Prints what `writeModelFiles` wrote, for the scripts' command line. */
function printSizes(outDir: string, sizes: Record<string, number>): void {
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  for (const [name, size] of Object.entries(sizes)) console.log(`${String(size).padStart(8)}  ${name}`);
  console.log(`${String(total).padStart(8)}  bytes in ${outDir} (${tinyVocabulary().length} tokens)`);
}

/**
 * The scripts' command line: when the script at `scriptUrl` is the one run (not imported), `write`s the
 * model into `argv[2]`, or else the committed fixture `test/fixtures/models/<fixture>`, and prints the sizes.
 */
export async function runModelScript(
  scriptUrl: string,
  fixture: string,
  write: (outDir: string) => Promise<Record<string, number>>,
): Promise<void> {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(scriptUrl)) return;
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const outDir = resolve(process.argv[2] ?? join(root, 'test/fixtures/models', fixture));
  printSizes(outDir, await write(outDir));
}
