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

  it('folds marks that follow an ASCII letter, and reordered marks, as in the whole text', () => {
    // A combining acute after a plain 'e', two marks in non-canonical order, a Greek final sigma.
    expect(foldText('Cafe\u0301 a\u0323\u0302 ΟΔΟΣ x² ﬁn')).toBe('cafe a οδος x ﬁn');
    const whole = (s: string) =>
      s
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/[\u00b2\u00b3\u00b9\u2070-\u209f]/gu, ' ')
        .toLowerCase();
    for (const s of ['Ça va, Ἀθῆναι!', 'ΣΟΦΟΣ Σ', 'naïve\u0308 coöperation', '한국어 Ǆemal İstanbul'])
      expect(foldText(s)).toBe(whole(s).replace(/\s+/g, ' ').trim());
  });
});
