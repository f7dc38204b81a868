import { describe, expect, it } from 'vitest';
import { documentVocabulary, foldWord, hasWordStartingWith } from './hyphen-vocabulary';

const line = (text: string, cutBefore = false, cutAfter = false) => ({ text, cutBefore, cutAfter });

describe('documentVocabulary', () => {
  it('counts words folded (case, composed accents) and leaves out the halves of cut words', () => {
    const vocabulary = documentVocabulary([
      line('La Información y la informacio\u0301n del infor-', false, true),
      line('mación pública', true),
    ]);
    expect(vocabulary.words.get('información')).toBe(2);
    expect(vocabulary.words.has('infor')).toBe(false);
    expect(vocabulary.words.has('mación')).toBe(false);
    expect(vocabulary.words.get('pública')).toBe(1);
  });

  it('counts compounds whole, their parts as words, and how many compounds each part begins or ends', () => {
    const vocabulary = documentVocabulary([line('tree-based, rule\u2010based and rule-based methods; c’est-à-dire')]);
    expect(vocabulary.compounds.get('rule-based')).toBe(2);
    expect(vocabulary.compounds.get('est-à-dire')).toBe(1);
    expect(vocabulary.words.get('based')).toBe(3);
    expect(vocabulary.tails.get('based')).toBe(2);
    expect(vocabulary.heads.get('rule')).toBe(1);
  });
});

describe('hasWordStartingWith', () => {
  const vocabulary = documentVocabulary([line('locations discovered archive')]);

  it('finds a word that begins with the prefix, or is it', () => {
    expect(hasWordStartingWith(vocabulary, 'location')).toBe(true);
    expect(hasWordStartingWith(vocabulary, 'archive')).toBe(true);
    expect(hasWordStartingWith(vocabulary, 'discovers')).toBe(false);
    expect(hasWordStartingWith(vocabulary, 'zz')).toBe(false);
  });
});

describe('foldWord', () => {
  it('composes, lower-cases and writes every inner hyphen as U+002D', () => {
    expect(foldWord('Teo\u0301rico\u2010Pra\u0301ctico')).toBe('teórico-práctico');
  });
});
