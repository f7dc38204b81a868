import { describe, expect, it } from 'vitest';
import { LEXICAL_SCORER } from './scorer';
import { VERDICT_CALIBRATION, type VerdictCalibration } from './verdict-calibration';
import { calibrationLanguage, scorerPath, verdictProbability } from './verdict-probability';

const MAPS: VerdictCalibration = {
  lexico: {
    en: [
      [0.2, 0.3],
      [0.8, 0.7],
    ],
    es: [
      [0.2, 0.1],
      [0.8, 0.5],
    ],
    otras: [
      [0.2, 0.2],
      [0.8, 0.6],
    ],
  },
};
const EN = 'The river water is of good quality in the town.';
const ES = 'El agua del río es de buena calidad en el pueblo.';
const NLI = 'some-model (local, q8) (NLI) + comprobaciones';

describe('verdictProbability', () => {
  it("reads the support through the map of the claim's language, interpolating between breakpoints", () => {
    expect(verdictProbability(LEXICAL_SCORER, EN, 0.5, 3, MAPS).probabilidad).toBeCloseTo(0.5);
    expect(verdictProbability(LEXICAL_SCORER, ES, 0.5, 3, MAPS).probabilidad).toBeCloseTo(0.3);
    expect(verdictProbability(LEXICAL_SCORER, ES, 0.95, 3, MAPS)).toEqual({ probabilidad: 0.5, uncalibrated: 0.95 });
    expect(verdictProbability(LEXICAL_SCORER, ES, 0, 3, MAPS).probabilidad).toBe(0.1);
  });

  it('uses the pooled map for a claim whose language has none or cannot be told', () => {
    expect(calibrationLanguage('Kafka Tokio Berlín 2019.', MAPS.lexico!)).toBe('otras');
    expect(calibrationLanguage('A água do rio é de boa qualidade na cidade.', MAPS.lexico!)).toBe('otras');
    expect(verdictProbability(LEXICAL_SCORER, 'Kafka Tokio Berlín 2019.', 0.5, 3, MAPS).probabilidad).toBeCloseTo(0.4);
  });

  it('gives 0 when no passage was weighed', () => {
    expect(verdictProbability(LEXICAL_SCORER, EN, 0, 0, MAPS).probabilidad).toBe(0);
  });

  it('keeps the support of a path that has no map', () => {
    expect(scorerPath(NLI)).toBe('nli');
    expect(scorerPath('a test scorer')).toBeUndefined();
    expect(verdictProbability(NLI, EN, 0.83, 3, MAPS).probabilidad).toBe(0.83);
    expect(verdictProbability('a test scorer', EN, 0.83, 3, MAPS).probabilidad).toBe(0.83);
  });

  it('has fitted maps for the lexical path that never decrease and stay within 0-1', () => {
    const maps = VERDICT_CALIBRATION.lexico!;
    expect(Object.keys(maps)).toEqual(expect.arrayContaining(['en', 'es', 'otras']));
    for (const points of Object.values(maps)) {
      points.forEach(([x, y], i) => {
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(1);
        if (i > 0) {
          expect(x).toBeGreaterThanOrEqual(points[i - 1]![0]);
          expect(y).toBeGreaterThanOrEqual(points[i - 1]![1]);
        }
      });
    }
  });
});
