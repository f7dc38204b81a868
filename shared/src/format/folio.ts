import { romanToInt } from './roman';

/** A printed folio as read from user input: its normalised text, whether it is roman, and its value. */
export interface PrintedFolio {
  /** Normalised text: lowercase roman ('xii') or arabic without leading zeros ('45'). */
  impresa: string;
  romana: boolean;
  valor: number;
}

/**
 * Parses a physical position written in square brackets ('[12]', ' [ 12 ] ') into its number (from 1).
 * Returns null for anything else, including '[0]', '[1.5]' and unbracketed numbers.
 */
export function parsePhysical(s: string): number | null {
  const match = /^\s*\[\s*(\d+)\s*\]\s*$/.exec(s);
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * Parses a printed folio: arabic ('45' → {impresa: '45', romana: false, valor: 45}) or roman in any case
 * ('XII' → {impresa: 'xii', romana: true, valor: 12}). Surrounding whitespace is ignored and leading zeros
 * dropped. Returns null for anything else ('A-3', '[3]', '0', '').
 */
export function parseFolio(s: string): PrintedFolio | null {
  const text = s.trim();
  if (/^\d+$/.test(text)) {
    const valor = Number(text);
    if (!Number.isSafeInteger(valor) || valor < 1) return null;
    return { impresa: String(valor), romana: false, valor };
  }
  const valor = romanToInt(text);
  return valor === null ? null : { impresa: text.toLowerCase(), romana: true, valor };
}
