/**
 * Whether a text layer reads as text or as garbage. A PDF whose fonts map glyphs to the wrong characters
 * (no ToUnicode map, a subset font with its own codes) yields strings like `! $ & ( -.45)&2 %` or letters
 * shifted to other letters (`Wkh vbvwhp`): extracted as text, they would be indexed and found by nothing.
 * Three signs, any of which is enough, each judged only on enough text to mean something:
 * - words made of punctuation alone (`%`, `&`, `!"#`) or mostly of it (`(-.4.)&!-.45`): a few in prose, a
 *   large share in a garbled layer;
 * - characters that stand for a lost one: U+FFFD, private-use code points, C1 controls;
 * - in Latin script, too few vowels: Spanish, English, French, German, Italian, Portuguese… all keep
 *   about 35-50 % of their letters vowels; letters mapped to other letters keep far fewer;
 * - glyph numbers read as characters (`3HQČåQtSURVW` for 'Peněžní prost…'), on however little text.
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
  garbled?: 'signos' | 'caracteres_perdidos' | 'letras_improbables' | 'glifos_desplazados';
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
  // Judged on little text too: it needs both the wrong letters and the right ones once moved.
  if (glyphNumbers(texto)) return { ...quality, garbled: 'glifos_desplazados' };
  if (visible < MIN_CHARS) return quality;
  if (quality.lostChars > MAX_LOST_CHARS) quality.garbled = 'caracteres_perdidos';
  else if (words.length >= MIN_WORDS && quality.noiseWords > MAX_NOISE_WORDS) quality.garbled = 'signos';
  else if (quality.vowels !== undefined && quality.vowels < MIN_VOWELS) quality.garbled = 'letras_improbables';
  return quality;
}

/**
 * How far below its letter a glyph's number lies in a TrueType font that keeps the Macintosh standard glyph
 * order (space is glyph 3, 'A' glyph 36): a text layer read as glyph numbers shows every letter 29 code
 * points lower ('3HQ' for 'Pen', 'SURVW' for 'prost').
 */
const GLYPH_NUMBER_SHIFT = 29;
/** Least ASCII letters the shift is judged on (a page of a single garbled line has some 20). */
const MIN_SHIFTED_LETTERS = 12;
/** Least mean length of a text's words read as glyph numbers (its spaces are lost: words run together). */
const MIN_GLUED_WORD = 9;
const ASCII_LETTER = /[A-Za-z]/g;
const ASCII_VOWEL = /[aeiouAEIOU]/g;

/** Share of lower-case letters and of vowels among a text's ASCII letters. */
function letterShares(text: string): { letters: number; lower: number; vowels: number } {
  const letters = text.match(ASCII_LETTER) ?? [];
  const n = Math.max(1, letters.length);
  const lower = letters.filter((c) => c >= 'a').length;
  return { letters: letters.length, lower: lower / n, vowels: (text.match(ASCII_VOWEL)?.length ?? 0) / n };
}

/**
 * Whether the text is glyph numbers instead of characters: mostly capitals, digits and signs where a text has
 * small letters, next to no vowels, words run together, and read 29 code points higher it has the small
 * letters and the vowels of a language. Ordinary capitals ('INTRODUCTION') have their vowels as they are, and
 * a list of acronyms ('NCBI HTTP XML') its spaces.
 */
function glyphNumbers(texto: string): boolean {
  // Its spaces are glyph 3 read as a control character: the words run together.
  const words = texto.split(/\s+/).filter(Boolean);
  if (words.length === 0 || texto.replace(/\s+/g, '').length / words.length < MIN_GLUED_WORD) return false;
  const asIs = letterShares(texto);
  if (asIs.letters < MIN_SHIFTED_LETTERS || asIs.lower > 0.3 || asIs.vowels >= 0.22) return false;
  const moved = texto.replace(/[\x21-\x61]/g, (c) => String.fromCharCode(c.charCodeAt(0) + GLYPH_NUMBER_SHIFT));
  const read = letterShares(moved);
  return read.letters >= MIN_SHIFTED_LETTERS && read.lower >= 0.7 && read.vowels >= 0.2;
}

/** Whether `texto` is a garbled text layer (`textQuality` finds a sign of it). */
export function isGarbled(texto: string): boolean {
  return textQuality(texto).garbled !== undefined;
}
