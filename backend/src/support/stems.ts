import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Stemmer {
  stem(word: string): string;
}
// snowball-stemmers (ISC) is the JavaScript port of the Snowball project's stemmers: the Spanish and English
// algorithms search engines use, so 'aumentó'/'aumentaron'/'aumento' and 'achieves'/'achieved' share a stem.
const snowball = require('snowball-stemmers') as { newStemmer(language: string): Stemmer };
const STEMMERS = { es: snowball.newStemmer('spanish'), en: snowball.newStemmer('english') };

export type StemLanguage = keyof typeof STEMMERS;
export const STEM_LANGUAGES: readonly StemLanguage[] = ['es', 'en'];

const cache = new Map<string, string>();

/** The Snowball stem of a folded word in `language`, tagged with it ('es:aument'), so the languages never mix. */
export function stemIn(language: StemLanguage, word: string): string {
  const key = `${language}:${word}`;
  let stem = cache.get(key);
  if (stem === undefined) {
    stem = `${language}:${STEMMERS[language].stem(word)}`;
    if (cache.size > 50_000) cache.clear();
    cache.set(key, stem);
  }
  return stem;
}

/** A word's stems in both languages: a text's language is not always known, and claims mix them. */
export function stemsOf(word: string): string[] {
  return STEM_LANGUAGES.map((l) => stemIn(l, word));
}
