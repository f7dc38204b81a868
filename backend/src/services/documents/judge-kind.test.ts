import { describe, expect, it } from 'vitest';
import { createSupportScorer, LEXICAL_SCORER } from '../../support/scorer';
import { judgeKind } from './judge-kind';

describe('judgeKind', () => {
  it('is lexico for the scorer without a model, as /health names it', () => {
    expect(createSupportScorer().name).toBe(LEXICAL_SCORER);
    expect(judgeKind(createSupportScorer())).toBe('lexico');
  });

  it('is nli for a scorer with an NLI model', () => {
    const nli = { name: 'modelo-de-prueba (local, q8)', classify: async () => [] };
    expect(judgeKind(createSupportScorer({ nli }))).toBe('nli');
  });
});
