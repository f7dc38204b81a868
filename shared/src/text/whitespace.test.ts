import { describe, expect, it } from 'vitest';
import { singleLine } from './whitespace';

describe('singleLine', () => {
  it('collapses every whitespace run into one space and trims', () => {
    expect(singleLine('  a\n\n b\t\u00a0c \r\n')).toBe('a b c');
    expect(singleLine(' \n ')).toBe('');
  });
});
