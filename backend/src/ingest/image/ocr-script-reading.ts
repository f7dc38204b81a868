import type { Ocr, OcrResult } from '../../ai/ocr';
import { scriptLanguages } from '../../ai/tesseract-scripts';
import { unreadScript } from './ocr-scripts';

/** A page's reading after its script was looked at. */
export interface ScriptReading {
  result: OcrResult;
  /** The script detected; undefined when it cannot be told. */
  script?: string;
  /** The languages of the script the page was read again in, when it was. */
  langs?: string[];
  /** The script, when no model installed here reads it: `result` is then made-up words, not to keep. */
  unread?: string;
}

/**
 * A reading OCR is unsure of may be a page in another script read into made-up Latin words: the page's
 * script is detected and, when it is not Latin, the page is read again in the installed languages of that
 * script (`scriptLanguages`: never in a language of another script), or said to be unread when there are none.
 * The second reading is kept only when surer than the first.
 */
export async function readInItsScript(
  ocr: Ocr,
  image: Uint8Array,
  result: OcrResult,
  signal: AbortSignal | undefined,
): Promise<ScriptReading> {
  const script = await ocr.script?.(image, { signal });
  const installed = ocr.languages ?? [];
  const unread = unreadScript(script, installed);
  if (unread) return { result, script, unread };
  const langs = scriptLanguages(script, installed);
  if (!langs) return { result, script };
  const read = await ocr.recognize(image, { signal, langs });
  // The script's own models read its pages with far more confidence than the Latin ones (a Chinese scan:
  // 0.74 against 0.44; Arabic: 0.92 against 0.37). When they do not, the detection is in doubt and
  // neither reading is kept: no words rather than made-up ones.
  if (read.confianza <= result.confianza) return { result: { texto: '', confianza: 0 }, script, langs };
  return { result: { ...read, texto: withoutSpacesBetweenCjk(read.texto) }, script, langs };
}

/** Chinese and Japanese characters, and the punctuation set among them. */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f`;
const SPACE_IN_CJK = new RegExp(`(?<=[${CJK}]) +(?=[${CJK}])`, 'gu');

/**
 * Chinese and Japanese are written without spaces; Tesseract's models put one between the words they
 * segment ('重庆 万 州 经 济'), which would split a search for '万州' in two.
 */
export const withoutSpacesBetweenCjk = (texto: string): string => texto.replace(SPACE_IN_CJK, '');
