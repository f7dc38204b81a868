import { describe, expect, it } from 'vitest';
import { featureScores } from './feature-rerank';
import { parseQuery } from './query';

const cand = (texto: string, lexical = 1, titulo = 'Otro libro') => ({ texto, lexical, titulo });

describe('featureScores', () => {
  const q = 'nitratos cenotes Homún';
  const parsed = parseQuery(q);

  it('prefers passages holding more of the query words, close together', () => {
    const [all, some, far] = featureScores(parsed, q, [
      cand('Los nitratos de los cenotes de Homún superan la norma.'),
      cand('Los nitratos superan la norma en la región.'),
      cand(`Homún ${'palabra '.repeat(60)} cenotes ${'palabra '.repeat(60)} nitratos`),
    ]);
    expect(all).toBeGreaterThan(far!);
    expect(far).toBeGreaterThan(some!);
  });

  it('matches words by their stem and ignores accents', () => {
    const [stemmed, none] = featureScores(parseQuery('nitrato cenote homun'), 'nitrato cenote homun', [
      cand('Nitratos en los cenotes de Homún.'),
      cand('Nada que ver con el tema.', 0.1),
    ]);
    expect(stemmed).toBeGreaterThan(0.8);
    expect(none).toBeLessThan(0.45);
  });

  it('rewards a title hit and the query typed as a whole, and stays within 0-1', () => {
    const scores = featureScores(parsed, q, [
      cand('nitratos cenotes Homún', 1, 'Nitratos en cenotes de Homún'),
      cand('nitratos, cenotes y Homún', 1),
      cand('', 0),
    ]);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(scores[0]).toBe(1);
  });
});
