/**
 * Whisper speaks of languages by English name ('spanish') in verbose_json and by ISO 639-1 code in its
 * requests. These helpers translate both ways for the languages a personal library is likely to hold.
 */
const NAMES: Record<string, string> = {
  spanish: 'es',
  english: 'en',
  catalan: 'ca',
  galician: 'gl',
  basque: 'eu',
  portuguese: 'pt',
  french: 'fr',
  italian: 'it',
  german: 'de',
  dutch: 'nl',
  russian: 'ru',
  polish: 'pl',
  ukrainian: 'uk',
  czech: 'cs',
  romanian: 'ro',
  greek: 'el',
  turkish: 'tr',
  arabic: 'ar',
  hebrew: 'he',
  hindi: 'hi',
  chinese: 'zh',
  japanese: 'ja',
  korean: 'ko',
  swedish: 'sv',
  norwegian: 'no',
  danish: 'da',
  finnish: 'fi',
  hungarian: 'hu',
  indonesian: 'id',
  vietnamese: 'vi',
  latin: 'la',
};

/** 'spanish' or 'es' → 'es'; undefined for anything else. */
export function languageCode(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(v)) return v;
  return NAMES[v];
}

/** The ISO 639-1 part of a BCP 47 tag ('es-ES' → 'es'), the form Whisper requests take. */
export function requestLanguage(idioma: string | undefined): string | undefined {
  const base = idioma?.split('-')[0]?.toLowerCase();
  return base && /^[a-z]{2}$/.test(base) ? base : undefined;
}
