import { describe, expect, it } from 'vitest';
import { align } from './align';
import { runChecks } from './checks';
import { informativeWords, isCommonWord, tooLittleToBack } from './informative';
import { missingComparison, missingQualifier, scaleReversed } from './qualifiers';
import { negatedElsewhere } from './polarity';
import { createSupportScorer } from './scorer';

const check = (claim: string, passage: string) => runChecks(claim, passage, align(claim, passage));
const support = async (claim: string, passage: string) => (await createSupportScorer().judge(claim, [passage]))[0]!;

describe('informative words: shared common words never back a claim', () => {
  it('tells common words from informative ones, in both languages', () => {
    expect(isCommonWord('va')).toBe(true);
    expect(isCommonWord('bien')).toBe(true);
    expect(isCommonWord('thing')).toBe(true);
    expect(isCommonWord('acuifero')).toBe(false);
    expect(informativeWords('Todo va bien con la cosecha de maíz').map((w) => w.word)).toEqual(['cosecha', 'maiz']);
  });

  it('a claim of fewer than two informative words is too little to back', () => {
    expect(tooLittleToBack('Todo va bien.')).toBe(true);
    expect(tooLittleToBack('Es ingeniera.')).toBe(true);
    expect(tooLittleToBack('It goes well.')).toBe(true);
    expect(tooLittleToBack('La cosecha de maíz fue buena.')).toBe(false);
  });

  it('caps a short claim below the backing bar even when the passage holds its one word', async () => {
    const passage = 'Marta trabaja como ingeniera de caminos en el puerto desde hace diez años.';
    expect(check('Es ingeniera.', passage).cap).toBeLessThan(0.7);
    expect((await support('Es ingeniera.', passage)).respaldo).toBeLessThan(0.7);
    expect((await support('Todo va bien.', 'La obra va despacio, pero el presupuesto va bien.')).respaldo).toBeLessThan(
      0.7,
    );
  });
});

describe('qualifiers: what makes a claim stronger must be stated', () => {
  it('finds a quantity, frequency or exclusivity word the passage lacks', () => {
    expect(missingQualifier('Las tiendas siempre abren los domingos.', 'Las tiendas suelen abrir los domingos.')).toBe(
      'siempre',
    );
    expect(missingQualifier('All bakeries close on Monday.', 'Some bakeries close on Monday.')).toBe('all');
    expect(missingQualifier('Solo los socios votan.', 'Los socios votan en la asamblea.')).toBe('solo');
    expect(missingQualifier('Siempre llueve en abril.', 'En abril siempre llueve.')).toBeUndefined();
  });

  it('reads no qualifier in fixed phrases and bounds', () => {
    expect(missingQualifier('Votan sobre todo los socios.', 'Votan los socios.')).toBeUndefined();
    expect(missingQualifier('Not only adults were vaccinated.', 'Adults were vaccinated.')).toBeUndefined();
  });

  it('caps support when the qualifier is missing', async () => {
    const passage = 'Las cooperativas del valle suelen vender el aceite a granel en otoño.';
    const r = await support('Las cooperativas del valle siempre venden el aceite a granel en otoño.', passage);
    expect(r.respaldo).toBeLessThan(0.7);
    expect(r.motivo).toContain('calificador no dicho: siempre');
  });
});

describe('scales: a comparison read the other way is no backing', () => {
  it('finds the other side of a scale in the passage', () => {
    expect(scaleReversed('La presión es más alta en el norte.', 'La presión es más baja en el norte.')).toEqual({
      claim: 'alta',
      text: 'baja',
    });
    expect(scaleReversed('Few farms use drip irrigation.', 'Many farms use drip irrigation.')).toEqual({
      claim: 'few',
      text: 'many',
    });
    expect(scaleReversed('El tren es lento.', 'El tren es rápido y cómodo.')).toEqual({
      claim: 'lento',
      text: 'rapido',
    });
    // The claim's side is there too: the passage compares both ways.
    expect(scaleReversed('Es más alta en el norte.', 'Es más alta en el norte y más baja en el sur.')).toBeUndefined();
  });

  it('a comparison the passage does not make is not stated; a bound is no comparison', () => {
    expect(missingComparison('La demanda de trigo es superior a la de cebada.', 'Hay demanda de trigo y cebada.')).toBe(
      'superior',
    );
    expect(missingComparison('Más de una granja cerró.', 'Dos granjas cerraron.')).toBeUndefined();
    expect(missingComparison('At least one farm closed.', 'Two farms closed.')).toBeUndefined();
  });

  it('a reversed scale on the same subject contradicts the claim', async () => {
    const passage = 'En el estudio, la humedad del suelo fue más baja en las parcelas con cubierta vegetal.';
    const r = await support(
      'En el estudio, la humedad del suelo fue más alta en las parcelas con cubierta vegetal.',
      passage,
    );
    expect(r.respaldo).toBeLessThan(0.7);
    expect(r.contradiccion).toBeGreaterThanOrEqual(0.5);
    expect(r.motivo).toContain('escala opuesta: alta frente a baja');
  });
});

describe('negation scoped to the word it reaches', () => {
  it('finds a shared word one text negates and the other affirms', () => {
    // The passage's own 'no' reaches another word: it does not cancel the claim's.
    expect(
      negatedElsewhere(
        'La sequía no causa pérdidas de cosecha.',
        'La sequía causa la mitad de las pérdidas de cosecha; las demás tienen causas no climáticas.',
      ),
    ).toBe('causa');
    expect(negatedElsewhere('The new dam has flooded the valley.', 'The new dam has not flooded the valley yet.')).toBe(
      'flood',
    );
  });

  it('finds nothing when both negate the same word, or neither does', () => {
    expect(
      negatedElsewhere('El puente no tiene peaje.', 'El puente, abierto en mayo, no tiene peaje.'),
    ).toBeUndefined();
    expect(negatedElsewhere('El puente tiene peaje.', 'El puente tiene peaje y no tiene arcén.')).toBeUndefined();
  });

  it('keeps a claim whose negation falls on another word than the passage’s below the bar', async () => {
    const passage =
      'Según el informe, la sequía causa la mitad de las pérdidas de cosecha del valle; las demás tienen causas no climáticas.';
    const r = await support('Según el informe, la sequía no causa pérdidas de cosecha del valle.', passage);
    expect(r.respaldo).toBeLessThan(0.7);
  });
});
