import { describe, expect, it } from 'vitest';
import { formatTime, parseTime } from './time';

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [754, '12:34'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [36000 + 59 * 60 + 59, '10:59:59'],
    [100 * 3600, '100:00:00'],
  ])('formats %d seconds as %s', (seconds, expected) => {
    expect(formatTime(seconds)).toBe(expected);
  });

  it('truncates fractions instead of rounding', () => {
    expect(formatTime(5.999)).toBe('0:05');
    expect(formatTime(3599.9)).toBe('59:59');
  });

  it('gives 0:00 for negative or non-finite input', () => {
    expect(formatTime(-3)).toBe('0:00');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('parseTime', () => {
  it.each([
    ['1:02:03', 3723],
    ['0:00:05', 5],
    ['10:00:00', 36000],
    ['0:05', 5],
    ['12:34', 754],
    ['05:07', 307],
    ['75:00', 4500],
    ['95', 95],
    ['95.5', 95.5],
    ['0', 0],
    ['1:02:03.25', 3723.25],
    ['  12:34  ', 754],
  ])('reads %j as %d seconds', (text, expected) => {
    expect(parseTime(text)).toBe(expected);
  });

  it.each([
    '1:75',
    '1:60',
    '1:60:00',
    '1:02:60',
    '1:5',
    '1:2:03',
    '1:002:03',
    '-5',
    '-1:00',
    '',
    '   ',
    'abc',
    '1:',
    ':30',
    '1::30',
    '1:02:03:04',
    '95.',
    '.5',
    '1e3',
    '12s',
    '[12]',
  ])('rejects %j', (text) => {
    expect(parseTime(text)).toBeNull();
  });

  it('round-trips what formatTime writes', () => {
    for (const seconds of [0, 5, 59, 61, 754, 3599, 3600, 3723, 86399]) {
      expect(parseTime(formatTime(seconds))).toBe(seconds);
    }
  });
});
