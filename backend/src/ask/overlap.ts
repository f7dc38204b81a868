import { foldText } from '../text/fold';
import { isStopword } from '../text/language';

/**
 * Words that shape a question without saying what it is about ('¿qué dice X sobre Y?'), beyond the search
 * stopwords; accent-folded. Left out of the terms an answer has to cover.
 */
const QUESTION_WORDS = new Set(
  (
    'que cual cuales quien quienes como cuando donde cuanto cuanta cuantos cuantas por porque dice dicen ' +
    'decir segun explica explican sobre acerca menciona mencionan cita citan habla hablan hay es son fue ' +
    'fueron era eran esta estan what which who whom whose how when where why does do did is are was were ' +
    'say says said according about tell explain explains mention mentions the a an of to in on for and or ' +
    // Portuguese interrogatives, so a Portuguese question's terms are what it asks about.
    'qual quais quem quando onde quanto quanta quantos quantas'
  ).split(' '),
);

/** Whether an accent-folded, lower-case word only shapes a question ('qué', 'según', 'which'). */
export function isQuestionWord(word: string): boolean {
  return QUESTION_WORDS.has(word);
}

const WORD = /\d+(?:[.,]\d+)*|\p{L}+/gu;

/**
 * The key two words are matched by: accents and case folded, a plural 's' dropped, then the first five letters
 * (six for words of nine or more), so inflections meet ('nitratos'/'nitrato', 'concentración'/'concentraciones')
 * without a stemmer per language. Numbers are kept whole.
 */
export function wordKey(word: string): string {
  let w = word;
  if (/^\d/.test(w)) return w.replace(',', '.');
  if (w.length > 4 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length <= 5) return w;
  return w.slice(0, w.length >= 9 ? 6 : 5);
}

/** The keys of the content words of a text (function words of Spanish and English left out). */
export function contentKeys(text: string): Set<string> {
  const words = foldText(text).match(WORD) ?? [];
  return new Set(words.filter((w) => !isStopword(w) && (w.length > 1 || /\d/.test(w))).map(wordKey));
}

/** A question's terms, each weighted: longer words and numbers count more (they name what is asked about). */
export function questionTerms(question: string): Map<string, number> {
  const words = foldText(question).match(WORD) ?? [];
  const terms = new Map<string, number>();
  for (const w of words) {
    if (isStopword(w) || QUESTION_WORDS.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    const weight = /^\d/.test(w) ? 1.5 : Math.min(1.5, 0.3 + w.length / 8);
    const key = wordKey(w);
    terms.set(key, Math.max(terms.get(key) ?? 0, weight));
  }
  return terms;
}

/** Weighted share of the question's terms that `keys` hold, 0-1 (0 for a question without terms). */
export function coverage(terms: Map<string, number>, keys: Set<string>): number {
  let total = 0;
  let found = 0;
  for (const [key, weight] of terms) {
    total += weight;
    if (keys.has(key)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/** How alike two key sets are (Jaccard): near-repeats of one sentence score close to 1. */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const k of a) if (b.has(k)) shared++;
  return shared / (a.size + b.size - shared);
}

const SPANISH_CUES = new Set(
  'que cual cuales quien quienes como cuando donde cuanto el la los las un una del de en y por para con sobre segun dice dicen es son esta estan hay se su sus lo'.split(
    ' ',
  ),
);
const ENGLISH_CUES = new Set(
  'what which who whom how when where why the a an of in and for with on about according does do did is are was were say says there their its this that'.split(
    ' ',
  ),
);

/**
 * The language of a question, Spanish or English, for the writer and for what Folio itself says: Spanish
 * punctuation or letters decide at once; otherwise whichever language's function words it uses more; Spanish
 * when neither tells.
 */
export function questionLanguage(question: string): 'es' | 'en' {
  if (/[¿¡ñáéíóú]/i.test(question)) return 'es';
  let es = 0;
  let en = 0;
  for (const w of foldText(question).match(/\p{L}+/gu) ?? []) {
    if (SPANISH_CUES.has(w)) es++;
    if (ENGLISH_CUES.has(w)) en++;
  }
  return en > es ? 'en' : 'es';
}

/**
 * Acronyms a text defines ('the Technology Acceptance Model (TAM)'): acronym → the keys of the words it
 * stands for, so a sentence saying 'TAM' holds the terms of a question about the Technology Acceptance Model.
 */
export function definedAcronyms(text: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const m of text.matchAll(/\(([A-Z][A-Za-z]?[A-Z]{1,5})\)/g)) {
    const acronym = m[1]!;
    const letters = acronym.replace(/[a-z]/g, '').length;
    const before = text
      .slice(Math.max(0, m.index - 120), m.index)
      .split(/\s+/)
      .filter(Boolean);
    // The words it stands for, skipping short function words ('of', 'de'), must start with its capitals.
    const words: string[] = [];
    for (
      let i = before.length - 1;
      i >= 0 && words.filter((w) => w.length > 3 || /^\p{Lu}/u.test(w)).length < letters;
      i--
    ) {
      words.unshift(before[i]!);
    }
    const initials = words
      .filter((w) => w.length > 3 || /^\p{Lu}/u.test(w))
      .map((w) => w[0]!.toUpperCase())
      .join('');
    if (initials === acronym.replace(/[a-z]/g, '')) out.set(acronym, contentKeys(words.join(' ')));
  }
  return out;
}
