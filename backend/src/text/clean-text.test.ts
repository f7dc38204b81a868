import { describe, expect, it } from 'vitest';
import { cleanStrings, cleanText } from './clean-text';

describe('cleanText', () => {
  it('removes NUL and the other C0 controls, keeping tab and line feed', () => {
    expect(cleanText('imagemagick-lzw\u0000')).toBe('imagemagick-lzw');
    expect(cleanText('a\u0001b\u0008c\u000bd\u000ce\u001ff\u007fg')).toBe('abcdefg');
    expect(cleanText('col1\tcol2\nline')).toBe('col1\tcol2\nline');
  });

  it('reads a carriage return as a line feed', () => {
    expect(cleanText('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
  });

  it('removes lone surrogates and noncharacters, keeping pairs and ordinary text', () => {
    expect(cleanText('a\ud800b\udc00c')).toBe('abc');
    expect(cleanText('x\ufffey\uffffz\ufdd0')).toBe('xyz');
    expect(cleanText('𝔉olio 😀 ñandú, Ελληνικά, عربى')).toBe('𝔉olio 😀 ñandú, Ελληνικά, عربى');
    // A replacement character is text (it says a character was lost), not a control.
    expect(cleanText('caf\ufffd')).toBe('caf\ufffd');
  });

  it('returns clean text as it is', () => {
    const text = 'Nothing to clean here.';
    expect(cleanText(text)).toBe(text);
    expect(cleanText('')).toBe('');
  });
});

describe('cleanStrings', () => {
  it('cleans every string at any depth, keys included, and leaves other values alone', () => {
    const when = new Date(0);
    const value = {
      titulo: 'T\u0000',
      autores: ['A\u0001', 'B'],
      anio: 2022,
      visual: true,
      nada: null,
      when,
      nested: [{ texto: 'p\u0000', ancla: { tipo: 'pagina', fisica: 1 } }],
      'k\u0000': 'v',
    };
    const cleaned = cleanStrings(value);
    expect(cleaned).toEqual({
      titulo: 'T',
      autores: ['A', 'B'],
      anio: 2022,
      visual: true,
      nada: null,
      when,
      nested: [{ texto: 'p', ancla: { tipo: 'pagina', fisica: 1 } }],
      k: 'v',
    });
    expect(cleaned.when).toBe(when);
    expect(value.titulo).toBe('T\u0000');
  });
});
