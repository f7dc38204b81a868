import { describe, expect, it } from 'vitest';
import { phraseKeys, phraseRegex } from './passages-search.repo';

describe('phraseKeys', () => {
  it('keys on words the parser reads as words in any context', () => {
    expect(phraseKeys('state-of-the-art filters')).toEqual(['state', 'of', 'the', 'art', 'filters']);
    expect(phraseKeys('(los cenotes), de Homún')).toEqual(['los', 'cenotes', 'de', 'homun']);
    expect(phraseKeys("children's water")).toEqual(['children', 's', 'water']);
  });

  it('never keys on pieces of numbers, addresses or paths', () => {
    expect(phraseKeys('95% ci 1.2-3.4 was')).toEqual(['ci', 'was']);
    expect(phraseKeys('see www.example.org/page or ana@example.org')).toEqual(['see', 'or']);
  });
});

describe('phraseRegex', () => {
  it('matches the words in order across any whitespace, punctuation literally', () => {
    const re = new RegExp(phraseRegex('p < 0.05 (two-sided)'), 'i');
    expect(re.test('was P <\n 0.05  (two-sided) overall')).toBe(true);
    expect(re.test('was p < 0x05 (two-sided)')).toBe(false);
    expect(re.test('p < 0.05 two-sided')).toBe(false);
  });
});
