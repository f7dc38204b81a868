import { describe, expect, it } from 'vitest';
import { MAX_ROMAN, intToRoman, isRoman, romanToInt } from './roman';

describe('intToRoman', () => {
  it.each([
    [1, 'i'],
    [3, 'iii'],
    [4, 'iv'],
    [9, 'ix'],
    [12, 'xii'],
    [14, 'xiv'],
    [40, 'xl'],
    [90, 'xc'],
    [400, 'cd'],
    [1977, 'mcmlxxvii'],
    [2024, 'mmxxiv'],
    [3999, 'mmmcmxcix'],
  ])('writes %d as %s', (n, expected) => {
    expect(intToRoman(n)).toBe(expected);
  });

  it.each([0, -1, 4000, 1.5, Number.NaN])('throws a RangeError for %d', (n) => {
    expect(() => intToRoman(n)).toThrow(RangeError);
  });
});

describe('romanToInt', () => {
  it.each([
    ['i', 1],
    ['iv', 4],
    ['xii', 12],
    ['XII', 12],
    ['XiV', 14],
    ['mcmlxxvii', 1977],
    ['MMMCMXCIX', 3999],
  ])('reads %s as %d', (text, expected) => {
    expect(romanToInt(text)).toBe(expected);
  });

  it.each(['', 'iiii', 'vv', 'ic', 'vx', 'il', 'xm', 'iix', 'mmmm', 'xiv ', ' xiv', 'x1', 'abc', '12', 'xx-i'])(
    'rejects %j',
    (text) => {
      expect(romanToInt(text)).toBeNull();
    },
  );

  it('reads back every numeral it writes', () => {
    for (let n = 1; n <= MAX_ROMAN; n++) {
      expect(romanToInt(intToRoman(n))).toBe(n);
    }
  });
});

describe('isRoman', () => {
  it('accepts canonical numerals in any case', () => {
    expect(isRoman('xiv')).toBe(true);
    expect(isRoman('XIV')).toBe(true);
    expect(isRoman('Mcm')).toBe(true);
  });

  it('rejects non-canonical numerals and other text', () => {
    expect(isRoman('iiii')).toBe(false);
    expect(isRoman('ic')).toBe(false);
    expect(isRoman('')).toBe(false);
    expect(isRoman('45')).toBe(false);
    expect(isRoman('Smith')).toBe(false);
  });
});
