const NUMERALS: ReadonlyArray<readonly [number, string]> = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

/** Largest number a canonical roman numeral can write (without overlines). */
export const MAX_ROMAN = 3999;

/**
 * Writes an integer from 1 to 3999 as a lowercase roman numeral (14 → 'xiv').
 * @throws RangeError for anything outside 1-3999 or not an integer.
 */
export function intToRoman(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ROMAN) {
    throw new RangeError(`Cannot write ${n} as a roman numeral (1-${MAX_ROMAN} only).`);
  }
  let rest = n;
  let out = '';
  for (const [value, symbol] of NUMERALS) {
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  }
  return out;
}

/**
 * Reads a canonical roman numeral, case-insensitively ('xiv', 'XIV' → 14).
 * Returns null for non-canonical forms ('iiii', 'ic', 'vx'), empty strings and anything else.
 */
export function romanToInt(s: string): number | null {
  const text = s.toLowerCase();
  if (!/^[ivxlcdm]+$/.test(text)) return null;
  let at = 0;
  let total = 0;
  for (const [value, symbol] of NUMERALS) {
    while (text.startsWith(symbol, at)) {
      total += value;
      at += symbol.length;
    }
  }
  // Greedy reading accepts some malformed numerals ('iiii', 'xxxxx'); writing the value back tells them apart.
  if (at !== text.length || total > MAX_ROMAN || intToRoman(total) !== text) return null;
  return total;
}

/** True when `s` is a canonical roman numeral, in any case ('xiv', 'XIV'); 'iiii' and '' are not. */
export function isRoman(s: string): boolean {
  return romanToInt(s) !== null;
}
