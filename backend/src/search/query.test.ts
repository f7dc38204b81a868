import { describe, expect, it } from 'vitest';
import { foldPhrase, parseQuery } from './query';

describe('parseQuery', () => {
  it('separates literal phrases from the words to rank by, folding accents and case in words', () => {
    expect(parseQuery('Nitratos en "el Acuífero  kárstico" de Homún')).toEqual({
      phrases: ['el acuífero kárstico'],
      terms: ['nitratos', 'acuifero', 'karstico', 'homun'],
    });
  });

  it('drops stopwords and single letters but keeps numbers', () => {
    expect(parseQuery('the effect of a 5 mg dose on the liver').terms).toEqual(['effect', '5', 'mg', 'dose', 'liver']);
  });

  it('ignores an unclosed quote instead of failing', () => {
    expect(parseQuery('"sin cerrar').phrases).toEqual([]);
    expect(parseQuery('"sin cerrar').terms).toEqual(['cerrar']);
  });
});

describe('foldPhrase', () => {
  it('lower-cases and collapses whitespace, keeping accents', () => {
    expect(foldPhrase('  El  Acuífero\n Kárstico ')).toBe('el acuífero kárstico');
  });
});
