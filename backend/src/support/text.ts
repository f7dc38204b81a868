import { foldText } from '../text/fold';
import { isStopword } from '../text/language';

/**
 * Function words of Spanish and English that carry no claim of their own, beyond the search stopwords
 * (which keep some words search needs). Negation and direction words are left out of coverage on purpose:
 * the checks read them, and counting them as content would reward a passage for saying "no" too.
 */
const EXTRA_STOPWORDS = new Set(
  (
    'el la los las un una unos unas del al e u ni sus su lo le les ya este esta estos estas ese esa eso esto ' +
    'aquel aquella es son fue fueron ser sido siendo estar esta estan estaba estaban ha han he hemos habia ' +
    'hay puede pueden podria muy tambien mismo misma cada otro otra otros otras todo toda todos todas donde ' +
    'cuando quien cual cuales cuyo cuya segun mediante tras asi aun bien entonces luego pues solo tan tanto ' +
    'sino si mas menos no nunca jamas sin ningun ninguna ninguno tampoco ' +
    'a an the of and or nor to in on at by for with from into onto over under than that this these those ' +
    'is are was were be been being am do does did done has have had having will would shall should can ' +
    'could may might must its it their there they them he she his her we our you your i me my which who ' +
    'whom whose what when where why how also such both either neither each any all some most many much ' +
    'more less very only just not no never none without cannot et al via per vs'
  ).split(' '),
);

/**
 * Reads '1,000' and '1.000' as a thousand (groups of exactly three digits), '44,9' and '44.9' as 44.9.
 * English and Spanish disagree on '1,500'; three-digit groups are far more often thousands in both.
 */
export function parseNumber(raw: string): number {
  if (/^\d{1,3}(?:[.,]\d{3})+$/.test(raw) && !/^0[.,]/.test(raw)) return Number(raw.replace(/[.,]/g, ''));
  return Number(raw.replace(',', '.'));
}

/** True for words that say nothing of a claim's content (function words of either language). */
export function isFunctionWord(word: string): boolean {
  return isStopword(word) || EXTRA_STOPWORDS.has(word);
}

/** Words and numbers of accent-folded, lower-cased text; a number keeps its decimal part ('44.9', '44,9'). */
export function tokens(text: string): string[] {
  return foldText(text).match(/\d+(?:[.,]\d+)*|\p{L}+/gu) ?? [];
}

/**
 * The key two words are matched by: plural 's' dropped, then the first five letters. Prefixes match across
 * inflection ('alcanzó'/'alcanzaron') and across the two languages for the learned vocabulary that matters
 * in claims ('nitrate'/'nitratos', 'contamination'/'contaminación'; 'vaccine'/'vacunas' does not), at the
 * price of some collisions ('contact'/'contamination').
 */
/** Whether a word is a figure (it starts with a digit: '44,9', '2019', '10x'). */
export const isFigure = (word: string): boolean => /^\d/.test(word);

export function stemKey(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  // Figures match by value: '80.000' is '80000', '44,9' is '44.9'.
  if (isFigure(word)) return String(parseNumber(word));
  if (w.length <= 5) return w;
  return w.slice(0, 5);
}

/** A content word of a claim with how much it counts towards coverage. */
export interface ContentWord {
  word: string;
  key: string;
  weight: number;
}

/**
 * The content words of a text, in order, each weighted: numbers 1.5 (a claim's figures are what it
 * asserts), longer words more than shorter ones (length stands in for rarity, as there is no corpus
 * frequency at hand), 0.5-1.5.
 */
export function contentWords(text: string): ContentWord[] {
  return tokens(text)
    .filter((w) => !isFunctionWord(w) && (w.length > 1 || /\d/.test(w)))
    .map((word) => ({
      word,
      key: stemKey(word),
      weight: isFigure(word) ? 1.5 : Math.min(1.5, 0.3 + word.length / 8),
    }));
}

/**
 * Sentences of a passage: split after '.', '!', '?' or ';' when what follows starts like a sentence, and at
 * line breaks. Decimal points and initials ('44.9', 'J. Smith' stays split, harmlessly) do not break words.
 */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?;])\s+(?=[\p{Lu}\d¿¡"'«([])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
