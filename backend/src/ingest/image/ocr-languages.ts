import type { Ocr, OcrResult } from '../../ai/ocr';
import { detectLanguage } from '../../text/language';

/** Tesseract's language codes for the languages a document declares or its text shows ('de-AT' is 'deu'). */
const TESSERACT: Record<string, string> = {
  es: 'spa',
  en: 'eng',
  pt: 'por',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  ca: 'cat',
};

/**
 * The languages a page is read with before its document's language is known: the two Folio's readers
 * write most (the default FOLIO_OCR_LANGS starts with them).
 */
export const FIRST_PASS = ['spa', 'eng'] as const;

/**
 * The OCR languages of a document in `lang` (an ISO 639-1 code or a tag): its own, with English beside it
 * (quotations, references and names in English are everywhere); undefined for a language OCR has no code for.
 */
export function ocrLanguages(lang: string | undefined): string[] | undefined {
  const code = lang ? TESSERACT[lang.toLowerCase().split(/[-_]/)[0]!] : undefined;
  if (!code) return undefined;
  return code === 'eng' ? ['eng'] : [code, 'eng'];
}

/** The OCR languages of a page's first reading, by the language its words show; undefined when they do not. */
export const languagesSeenIn = (texto: string): string[] | undefined => ocrLanguages(detectLanguage(texto));

/** Whether a reading with `langs` would read no better than the first pass: every one of them was in it. */
export const firstPassSuffices = (langs: readonly string[]): boolean =>
  langs.every((l) => (FIRST_PASS as readonly string[]).includes(l));

/**
 * Reads an image whose language is not known: a first reading (in `firstPass`, else the engine's own
 * languages) shows it, and the image is read again in it when the first reading's languages lack it
 * ('heißt', not 'heifst'). `seen` is the language found, for the document's next pages.
 */
export async function recognizeInItsLanguage(
  ocr: Ocr,
  image: Uint8Array,
  signal: AbortSignal | undefined,
  firstPass?: string[],
): Promise<{ result: OcrResult; seen?: string[] }> {
  let result = await ocr.recognize(image, { signal, ...(firstPass && { langs: firstPass }) });
  const seen = languagesSeenIn(result.texto);
  if (seen && !firstPassSuffices(seen)) result = await ocr.recognize(image, { signal, langs: seen });
  return { result, seen };
}
