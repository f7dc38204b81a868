import { describe, expect, it } from 'vitest';
import { blocks, heading, inline } from './inline';

describe('inline', () => {
  it('collapses whitespace, newlines included, and trims', () => {
    expect(inline('  Obra\n\tabierta  ')).toBe('Obra abierta');
    expect(inline('a\r\n\r\nb')).toBe('a b');
    expect(inline('   ')).toBe('');
  });
});

describe('heading', () => {
  it('keeps a multi-line title on the heading line', () => {
    expect(heading('Obra\nabierta')).toBe('# Obra abierta');
  });

  it('names an empty title', () => {
    expect(heading(' \n ')).toBe('# Sin título');
  });
});

describe('blocks', () => {
  it('separates non-empty blocks with a blank line and ends with a newline', () => {
    expect(blocks(['# T', '', 'a', 'b'])).toBe('# T\n\na\n\nb\n');
    expect(blocks([])).toBe('\n');
  });
});
