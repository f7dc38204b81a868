import { describe, expect, it } from 'vitest';
import { foldText } from './fold';

describe('foldText', () => {
  it('folds case, accents and whitespace, and turns note calls into spaces', () => {
    expect(foldText('  Ñandú\tCAFÉ\n here¹ ')).toBe('nandu cafe here');
    expect(foldText('Validación, São Paulo')).toBe('validacion, sao paulo');
  });

  it('gives ASCII text the same result as the full Unicode path', () => {
    // The same words with one accented letter added and taken out again go through the Unicode path.
    for (const ascii of ['  Hello\tWORLD\n ', 'p < 0.05 (95% CI 1.2-3.4)', 'A\r\nB\f\vC', '']) {
      const unicode = foldText(`${ascii}é`);
      expect(foldText(ascii)).toBe(unicode.slice(0, -1).trim());
    }
  });
});
