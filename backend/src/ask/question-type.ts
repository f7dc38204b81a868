import { foldText } from '../text/fold';

/**
 * What a question asks for: a quantity, a time, a person, a cause, a place, what something is, or something
 * else. The writer prefers sentences holding the asked-for thing, and the confidence of an answer to a
 * quantity, time or person question needs it.
 */
export type QuestionType = 'cantidad' | 'tiempo' | 'persona' | 'causa' | 'lugar' | 'definicion' | 'otro';

// Matched on accent-folded, lower-case text: 'cuánto' is 'cuanto', 'qué' is 'que'.
const MEASURES =
  'concentracion|cantidad|porcentaje|proporcion|tasa|valor|nivel|numero|temperatura|tamano|velocidad|precio|' +
  'costo|coste|volumen|peso|altura|longitud|distancia|duracion|aceleracion|rendimiento|poblacion|superficie|' +
  'concentration|amount|percentage|share|proportion|rate|value|level|number|temperature|size|speed|speedups?|' +
  'price|cost|volume|weight|height|length|distance|duration|population|area|accuracy|improvement|growth';
const PATTERNS: [QuestionType, RegExp][] = [
  [
    'causa',
    /\b(por que|porque|why|what causes?|what caused|a que se debe|cual es (la )?(causa|razon|motivo)|what is the reason|for what reason)\b/,
  ],
  [
    'tiempo',
    /\b(cuando|quando|desde cuando|hasta cuando|en que (ano|fecha|siglo|mes|epoca|decada|momento)|que (ano|fecha|dia)|when|since when|what (year|date|century|decade|month|day)|in (which|what) (year|century|decade|month))\b/,
  ],
  [
    'cantidad',
    new RegExp(
      `\\b(cuant[oa]s?|quant[oa]s?|how (much|many|large|big|long|fast|old|high|far|often)|(que|cual es (el|la)|cuales son (los|las)) (${MEASURES})|(what|which) (is the |are the |was the )?(${MEASURES}))\\b`,
    ),
  ],
  [
    'persona',
    /\b(quien(es)?|quem|who(m|se)?|que (autor|autora|autores|persona|investigador)|which (author|person|researcher))\b/,
  ],
  [
    'lugar',
    /\b(donde|adonde|onde|en que (lugar|pais|ciudad|region|municipio|sitio)|where|in (which|what) (place|country|city|region|town))\b/,
  ],
  ['definicion', /^\W*(que (es|son|significa)|what (is|are|does .+ mean)|define)\b/],
];

/** The type of a question, Spanish or English (Portuguese interrogatives too), by its interrogative words. */
export function questionType(question: string): QuestionType {
  const q = foldText(question).toLowerCase();
  for (const [type, re] of PATTERNS) if (re.test(q)) return type;
  return 'otro';
}

const UNIT =
  /\d(?:[.,]\d+)?\s?(?:%|‰|×|x\b|veces\b|times\b|-?fold\b|por ciento|percent|[µμ]?[a-zA-Z]{1,3}\/[a-zA-Z]{1,3}\b|(?:mg|kg|km|cm|mm|ml|ha|°c?|grados|degrees|ppm|ppb|mw|kw|gw|kwh|gb|mb|kb|ms|min|horas|hours|años|years|days|días|meses|months|weeks|semanas|décadas|decades|millones|millions?|billones|billions?|mil|thousand|pounds?|lbs?|libras|tons?|toneladas|ft|feet|pies|miles|millas|inch(?:es)?|in|pulgadas|metros|meters|kil[oó]metros|kilometers|d[oó]lares|dollars|euros|pesos)\b)/iu;
/** One-letter units, lower case only: '5 g', '3 m', but not '3G' networks or '2D' plots. */
const SHORT_UNIT = /\d(?:[.,]\d+)?\s?[gtmlsh]\b/u;
/** A count written in words, or a vague amount of time ('five people', 'once cenotes', 'en pocas semanas'). */
const WORDED =
  /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|dozens?|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|veinte|cien|cientos|docenas?|(pocas|pocos|varias|varios|unas|unos|algunas|algunos|few|several|many|muchas|muchos) (semanas|d[ií]as|meses|a[nñ]os|horas|minutos|weeks|days|months|years|hours|minutes|decades|d[eé]cadas))\b/iu;
const NUMBER = /(?<![\p{L}\d])\d+(?:[.,]\d+)?(?![\p{L}\d])/u;
const YEAR = /(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)|\b\d{4}-\d{2}-\d{2}\b/;
const MONTH =
  /\b(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|january|february|march|april|may|june|july|august|september|october|november|december|siglo|century)\b/i;
const CAUSE =
  /\b(porque|debido a|a causa de|ya que|puesto que|por lo que|provoca|causa|causó|originad[oa]|because|due to|owing to|caused by|causes|as a result|leads? to|results? from)\b/i;

const DEFINING =
  /\b(es|son|fue|significa|consiste|se define|se llama|is|are|was|means|refers to|consists|is defined|is called)\b/i;

/** What happened before, often the cause: 'began descending after the left engine flamed out'. */
const AFTER = /\b(after|tras|despu[eé]s de|al (?:no )?\p{L}+(?:ar|er|ir)|so that|para que|in order to)\b/iu;

/**
 * Whether a sentence holds what a question of this type asks for: a number with a unit (or at least a number)
 * for a quantity, a year or date for a time, a proper name for a person or place, a causal connective for a
 * cause, a defining verb for what something is. 1 when it does plainly, 0.5 when only partly (a bare number), 0 when not; 0 for other types.
 */
export function holdsAskedThing(type: QuestionType, sentence: string): number {
  switch (type) {
    case 'cantidad':
      return UNIT.test(sentence) || SHORT_UNIT.test(sentence)
        ? 1
        : NUMBER.test(sentence.replace(YEAR, '')) || WORDED.test(sentence)
          ? 0.5
          : 0;
    case 'tiempo':
      return YEAR.test(sentence) ? 1 : MONTH.test(sentence) ? 0.5 : 0;
    case 'persona':
    case 'lugar':
      // A capitalised word after the first one: a name, not the sentence's own capital.
      return /\s[«"“(]?\p{Lu}\p{Ll}+/u.test(sentence.replace(/^\S+/, '')) ? 1 : 0;
    case 'causa':
      return CAUSE.test(sentence) ? 1 : AFTER.test(sentence) ? 0.5 : 0;
    case 'definicion':
      return DEFINING.test(sentence) ? 0.5 : 0;
    default:
      return 0;
  }
}

/** Types whose answer is not an answer without the asked-for thing (a number, a date, a name). */
export function needsAskedThing(type: QuestionType): boolean {
  return type === 'cantidad' || type === 'tiempo' || type === 'persona';
}
