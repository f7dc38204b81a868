import { describe, expect, it } from 'vitest';
import { parseFolio, parsePhysical } from './folio';

describe('parsePhysical', () => {
  it.each([
    ['[12]', 12],
    ['[1]', 1],
    [' [ 12 ] ', 12],
    ['[\t7\n]', 7],
    ['[0012]', 12],
  ])('reads %j as %d', (text, expected) => {
    expect(parsePhysical(text)).toBe(expected);
  });

  it.each(['12', '[0]', '[-1]', '[1.5]', '[]', '[ ]', '[12', '12]', '[[12]]', '[xii]', '[12] 3', '', 'abc'])(
    'rejects %j',
    (text) => {
      expect(parsePhysical(text)).toBeNull();
    },
  );
});

describe('parseFolio', () => {
  it('reads an arabic folio', () => {
    expect(parseFolio('45')).toEqual({ impresa: '45', romana: false, valor: 45 });
  });

  it('reads a roman folio in either case and lowercases it', () => {
    expect(parseFolio('XII')).toEqual({ impresa: 'xii', romana: true, valor: 12 });
    expect(parseFolio('xii')).toEqual({ impresa: 'xii', romana: true, valor: 12 });
    expect(parseFolio('Xiv')).toEqual({ impresa: 'xiv', romana: true, valor: 14 });
  });

  it('ignores surrounding whitespace and leading zeros', () => {
    expect(parseFolio('  7 ')).toEqual({ impresa: '7', romana: false, valor: 7 });
    expect(parseFolio('007')).toEqual({ impresa: '7', romana: false, valor: 7 });
    expect(parseFolio(' iv ')).toEqual({ impresa: 'iv', romana: true, valor: 4 });
  });

  it.each(['A-3', '[3]', '', '   ', '0', '-4', '4.5', 'iiii', '12a', 'x ii', '99999999999999999999'])(
    'rejects %j',
    (text) => {
      expect(parseFolio(text)).toBeNull();
    },
  );
});
