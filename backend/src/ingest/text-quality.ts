/**
 * Whether a text layer reads as text or as garbage. A PDF whose fonts map glyphs to the wrong characters
 * (no ToUnicode map, a subset font with its own codes) yields strings like `! $ & ( -.45)&2 %` or letters
 * shifted to other letters (`Wkh vbvwhp`): extracted as text, they would be indexed and found by nothing.
 * Three signs, any of which is enough, each judged only on enough text to mean something:
 * - words made of punctuation alone (`%`, `&`, `!"#`) or mostly of it (`(-.4.)&!-.45`): a few in prose, a
 *   large share in a garbled layer;
 * - characters that stand for a lost one: U+FFFD, private-use code points, C1 controls;
 * - in Latin script, too few vowels: Spanish, English, French, German, Italian, Portuguese… all keep
 *   about 35-50 % of their letters vowels; letters mapped to other letters keep far fewer.
 * Other scripts are judged by the first two signs only.
 */

/** Shares past which a page is garbled. */
const MAX_NOISE_WORDS = 0.25;
const MAX_LOST_CHARS = 0.05;
const MIN_VOWELS = 0.2;
/** Least text judged at all: a few words prove nothing. */
const MIN_WORDS = 12;
const MIN_CHARS = 40;
const MIN_LATIN_LETTERS = 200;

export interface TextQuality {
  /** Whitespace-separated words. */
  words: number;
  /** Share of the words made of punctuation alone, or mostly of it. */
  noiseWords: number;
  /** Share of the visible characters that stand for a lost one (U+FFFD, private use, C1 controls). */
  lostChars: number;
  /** Share of vowels among the Latin letters, when there are enough of them to tell. */
  vowels?: number;
  /** Which sign says the text is garbled, if any. */
  garbled?: 'signos' | 'caracteres_perdidos' | 'letras_improbables';
}

/**
 * Marks that stand alone in ordinary prose, tables of contents and formulas: dashes, bullets, dot leaders,
 * ellipses, footnote marks, brackets, commas and the like, mathematical symbols.
 */
const PROSE_MARK = /^[\p{Pd}\p{Ps}\p{Pe}\p{Sm}•·▪■□●○◦…§¶†‡*|\\.,:;]+$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}\p{M}]/gu;
const LOST = /[\ufffd\p{Co}\u0080-\u009f]/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;
const LATIN_VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿ]/giu;

/** Whether a word is noise: punctuation alone (prose marks excepted), or more punctuation than letters. */
function isNoise(word: string): boolean {
  const alnum = word.match(LETTER_OR_DIGIT)?.length ?? 0;
  if (alnum === 0) return !PROSE_MARK.test(word);
  const other = word.match(NOT_LETTER_OR_DIGIT)?.length ?? 0;
  return word.length >= 4 && other > alnum;
}

/** The signs of a garbled text layer in `texto` (a page, a slide, a section). */
export function textQuality(texto: string): TextQuality {
  const words = texto.split(/\s+/).filter(Boolean);
  const visible = words.reduce((n, w) => n + [...w].length, 0);
  const noise = words.filter(isNoise).length;
  const lost = texto.match(LOST)?.length ?? 0;
  const latin = texto.match(LATIN_LETTER)?.length ?? 0;
  const quality: TextQuality = {
    words: words.length,
    noiseWords: words.length ? noise / words.length : 0,
    lostChars: visible ? lost / visible : 0,
  };
  if (latin >= MIN_LATIN_LETTERS) quality.vowels = (texto.match(LATIN_VOWEL)?.length ?? 0) / latin;
  if (visible < MIN_CHARS) return quality;
  if (quality.lostChars > MAX_LOST_CHARS) quality.garbled = 'caracteres_perdidos';
  else if (words.length >= MIN_WORDS && quality.noiseWords > MAX_NOISE_WORDS) quality.garbled = 'signos';
  else if (quality.vowels !== undefined && quality.vowels < MIN_VOWELS) quality.garbled = 'letras_improbables';
  return quality;
}

/** Whether `texto` is a garbled text layer (`textQuality` finds a sign of it). */
export function isGarbled(texto: string): boolean {
  return textQuality(texto).garbled !== undefined;
}
