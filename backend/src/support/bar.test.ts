import { describe, expect, it } from 'vitest';
import { backingPassage, CONFIANZA_ALTA_RESPALDO, confidenceOf, verdictOf } from './bar';
import type { SupportJudgement } from '../ai/support-scorer';

const j = (respaldo: number, contradiccion = 0): SupportJudgement => ({
  respaldo,
  contradiccion,
  relacion: contradiccion >= 0.5 ? 'CONTRADICCION' : respaldo >= 0.7 ? 'APOYO_DIRECTO' : 'CONTEXTO',
});

describe('verdictOf', () => {
  it('is respaldada when a passage backs the whole claim, with the best support as probability', () => {
    expect(verdictOf([j(0.3), j(0.82)], [])).toEqual({ veredicto: 'respaldada', probabilidad: 0.82 });
  });

  it('is contradicha for a strong contradiction no backing outweighs', () => {
    expect(verdictOf([j(0.2, 0.8), j(0.4)], [])).toEqual({ veredicto: 'contradicha', probabilidad: 0.4 });
    // A stronger backing wins over a contradiction.
    expect(verdictOf([j(0.1, 0.75), j(0.9)], []).veredicto).toBe('respaldada');
    // A stronger contradiction wins over a backing.
    expect(verdictOf([j(0.1, 0.95), j(0.8)], []).veredicto).toBe('contradicha');
    // A weak contradiction is not enough.
    expect(verdictOf([j(0.2, 0.55)], []).veredicto).toBe('sin_respaldo');
  });

  it('is parcial when some clauses are backed and not all', () => {
    expect(verdictOf([j(0.5)], [[j(0.85)], [j(0.2)]])).toEqual({ veredicto: 'parcial', probabilidad: 0.5 });
  });

  it('is respaldada when every clause is backed, by the weakest clause', () => {
    expect(
      verdictOf(
        [j(0.5), j(0.4)],
        [
          [j(0.9), j(0.1)],
          [j(0.2), j(0.75)],
        ],
      ),
    ).toEqual({
      veredicto: 'respaldada',
      probabilidad: 0.75,
    });
  });

  it('is sin_respaldo when nothing backs it, 0 when nothing was found', () => {
    expect(verdictOf([j(0.3)], [[j(0.3)], [j(0.2)]]).veredicto).toBe('sin_respaldo');
    expect(verdictOf([], [])).toEqual({ veredicto: 'sin_respaldo', probabilidad: 0 });
  });
});

describe('backingPassage (what cite cites)', () => {
  it('is the best-supported passage at the threshold, and none when a stronger contradiction stands', () => {
    expect(backingPassage([j(0.3), j(0.82)])).toBe(1);
    expect(backingPassage([j(0.3), j(0.6)])).toBe(-1);
    expect(backingPassage([j(0.3), j(0.6)], 0.5)).toBe(1);
    expect(backingPassage([j(0.1, 0.95), j(0.8)])).toBe(-1);
    expect(backingPassage([j(0.1, 0.75), j(0.9)])).toBe(1);
    expect(backingPassage([])).toBe(-1);
  });

  it('agrees with the verdict: a claim is cited exactly when verify finds it respaldada by one passage', () => {
    const cases = [[j(0.82)], [j(0.1, 0.95), j(0.8)], [j(0.2, 0.55)], [j(0.71), j(0.2, 0.7)], [j(0.69)]];
    for (const judged of cases) {
      expect(backingPassage(judged) >= 0).toBe(verdictOf(judged, []).veredicto === 'respaldada');
    }
  });
});

describe('confidenceOf (ask)', () => {
  const sentence = (respaldo: number, onQuestion = true, keep = true) => ({ keep, respaldo, onQuestion });
  const facts = (sentences: ReturnType<typeof sentence>[], covered = 0.8, answered = true) => ({
    sentences,
    covered,
    answered,
  });

  it('is alta only when every sentence stood, is well backed and is about what the question names', () => {
    expect(confidenceOf(facts([sentence(0.95), sentence(0.9)]))).toBe('alta');
    expect(confidenceOf(facts([sentence(0.95), sentence(0.95, false)]))).toBe('media');
    expect(confidenceOf(facts([sentence(0.95), sentence(CONFIANZA_ALTA_RESPALDO - 0.01)]))).toBe('media');
    expect(confidenceOf(facts([sentence(0.95), sentence(0, false, false)]))).toBe('media');
    expect(confidenceOf(facts([sentence(0.95)], 0.8, false))).toBe('media');
  });

  it('is baja when nothing stood or the answer is about something else', () => {
    expect(confidenceOf(facts([sentence(0, false, false)]))).toBe('baja');
    expect(confidenceOf(facts([sentence(0.95)], 0.1))).toBe('baja');
  });
});
