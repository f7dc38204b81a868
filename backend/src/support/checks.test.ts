import { describe, expect, it } from 'vitest';
import { align } from './align';
import { runChecks, sameSubject } from './checks';
import { claimClauses } from './clauses';
import { compareEntities, entities } from './entities';
import { generalRule } from './framework';
import { compareNumbers, durationsInHours, parseNumber, quantities } from './numbers';
import { comparePolarity, direction, negationCues, prefixAntonym } from './polarity';
import { createSupportScorer } from './scorer';

const check = (claim: string, passage: string) => runChecks(claim, passage, align(claim, passage));

describe('figures', () => {
  it('reads decimals with point or comma, thousands in either style', () => {
    expect(parseNumber('44.9')).toBe(44.9);
    expect(parseNumber('44,9')).toBe(44.9);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('1.000.000')).toBe(1_000_000);
    expect(parseNumber('0,5')).toBe(0.5);
  });

  it('knows units, percentages, years and approximations; names with digits are not figures', () => {
    const q = quantities('Unos 45 mg/L en 2019; el 12 % de los pozos y 30 pacientes con IL-6 y H1N1.');
    expect(q.map((x) => [x.value, x.unit, x.year, x.approximate])).toEqual([
      [45, 'mg/l', false, true],
      [2019, '', true, false],
      [12, '%', false, false],
      [30, 'pacie', false, false],
    ]);
    expect(quantities('45 per cent')[0]!.unit).toBe('%');
    expect(quantities('45 por ciento')[0]!.unit).toBe('%');
    // Spelled figures only before a duration or 'mil'; spaced thousands read whole.
    expect(quantities('dos días, three weeks, dos mil pozos, 2 000 pozos').map((q) => q.value)).toEqual([
      2, 3, 2000, 2000,
    ]);
    expect(quantities('los dos cenotes y una muestra')).toEqual([]);
    expect(durationsInHours('en menos de dos días o 3 semanas; 90 minutos')).toBe('en menos de 48 h o 504 h; 1.5 h');
  });

  it('tells a stated figure from a different one of the same unit, and from one not stated', () => {
    const passage = 'En Homún los nitratos alcanzaron 44.9 mg/L en 2019.';
    expect(compareNumbers('Los nitratos alcanzaron 44,9 mg/L.', passage, passage)[0]!.status).toBe('matched');
    const conflict = compareNumbers('Los nitratos alcanzaron 45 mg/L.', passage, passage)[0]!;
    expect(conflict).toMatchObject({ status: 'conflict', other: { value: 44.9 } });
    expect(compareNumbers('Los nitratos alcanzaron 45 mg/L en 2020.', passage, passage)[1]!.status).toBe('conflict');
    expect(compareNumbers('Hay 12 pozos.', passage, passage)[0]!.status).toBe('missing');
    // 'about 45' is 44.9 within 5 %.
    expect(compareNumbers('Los nitratos rondaron aproximadamente 45 mg/L.', passage, passage)[0]!.status).toBe(
      'matched',
    );
  });

  it('compares percentages whatever their spelling', () => {
    const passage = 'Vaccination reduced cases by 45 per cent.';
    expect(compareNumbers('Vaccination reduced cases by 45%.', passage, passage)[0]!.status).toBe('matched');
    expect(compareNumbers('Vaccination reduced cases by 54%.', passage, passage)[0]!.status).toBe('conflict');
  });
});

describe('polarity', () => {
  it('finds negation in Spanish and English, not in fixed phrases', () => {
    expect(negationCues('El tratamiento no reduce la mortalidad.')).toBe(1);
    expect(negationCues('Nunca se observó ningún efecto.')).toBe(2);
    expect(negationCues("The drug doesn't work.")).toBe(1);
    expect(negationCues('The effect is no longer seen.')).toBe(1);
    expect(negationCues('Sin embargo, el efecto fue claro.')).toBe(0);
    expect(negationCues('Not only the dose but also the timing mattered.')).toBe(0);
  });

  it('reads the direction of change in both languages', () => {
    expect(direction('La temperatura aumentó.')).toBe(1);
    expect(direction('Mortality decreased sharply.')).toBe(-1);
    expect(direction('El fármaco redujo la presión.')).toBe(-1);
    expect(direction('Prices rose and wages fell.')).toBe(0);
  });

  it('finds a flipped negation, an opposite direction, and agreement', () => {
    expect(
      comparePolarity('El tratamiento no reduce la mortalidad.', 'El tratamiento reduce la mortalidad.'),
    ).toMatchObject({
      negationFlip: true,
      directionFlip: false,
    });
    expect(comparePolarity('Exercise increases bone density.', 'Exercise decreases bone density.')).toMatchObject({
      directionFlip: true,
    });
    expect(comparePolarity('Exercise increases bone density.', 'Exercise raised bone density.')).toMatchObject({
      directionFlip: false,
      negationFlip: false,
      directionAgree: true,
    });
    // 'does not reduce' against 'increases': neither agrees nor is a flip.
    expect(comparePolarity('It does not reduce risk.', 'It increases risk.')).toMatchObject({
      directionFlip: false,
      negationFlip: false,
      directionAgree: false,
    });
  });

  it('treats a negating prefix as a negation', () => {
    expect(prefixAntonym('Ca2+ cycling is UCP1-dependent.', 'Ca2+ cycling is UCP1 independent.')).toBe(true);
    expect(prefixAntonym('La prueba es ineficaz.', 'La prueba es eficaz.')).toBe(true);
    expect(prefixAntonym('Prices increase.', 'The crease is deep.')).toBe(false);
    expect(comparePolarity('The test is accurate.', 'The test is inaccurate.').negationFlip).toBe(true);
  });
});

describe('named things', () => {
  it('finds names inside a sentence, acronyms and codes, not the first word', () => {
    expect(entities('Madrid tiene más habitantes que Barcelona según el INE.')).toEqual(['barcelona', 'ine']);
    expect(entities('BRCA1 mutations raise risk in Ashkenazi women.')).toEqual(['brca1', 'ashkenazi']);
  });

  it('reports the claim names a passage lacks and the ones it names instead', () => {
    const sentence = 'La capital de Australia es Canberra.';
    expect(compareEntities('La capital de Australia es Sídney.', sentence, sentence)).toEqual({
      claim: ['australia', 'sidney'],
      missing: ['sidney'],
      others: ['canberra'],
    });
    expect(compareEntities('Levels of IL-6 rose.', 'IL6 levels rose.', 'IL6 levels rose.').missing).toEqual([]);
  });
});

describe('runChecks', () => {
  it('lets a passage that states the claim through', () => {
    const c = check(
      'En Homún los nitratos alcanzaron 44.9 mg/L en 2019.',
      'En Homún los nitratos alcanzaron 44.9 mg/L en 2019.',
    );
    expect(c).toMatchObject({ cap: 1, contradiction: 0, motivos: [] });
  });

  it('reads the negation of each clause in its own clause: a copy of "A, pero no B" is no flip', () => {
    const passage =
      'Estudios anteriores encontraron nitratos por encima de los valores naturales cerca de Mérida, pero no en el interior del anillo.';
    expect(check(passage, passage)).toMatchObject({ contradiction: 0 });
    expect(check(passage, passage).motivos).not.toContain('negación invertida');
    // The clause the passage negates is still read against its own clause.
    const flipped = check(
      'Estudios anteriores encontraron nitratos cerca de Mérida, pero también los encontraron en el interior del anillo.',
      passage,
    );
    expect(flipped.motivos).toContain('negación invertida');
  });

  it('caps support and signals contradiction for a different figure on the same subject', () => {
    const c = check(
      'En Homún los nitratos alcanzaron 45 mg/L en 2019.',
      'En Homún los nitratos alcanzaron 44.9 mg/L en 2019.',
    );
    expect(c.cap).toBeLessThanOrEqual(0.15);
    expect(c.contradiction).toBeGreaterThanOrEqual(0.6);
    expect(c.flags.numberConflict).toBe(1);
    expect(c.motivos[0]).toBe('cifra distinta: 45 frente a 44.9');
  });

  it('caps without contradiction a figure the passage does not state', () => {
    const c = check(
      'Homún tiene 12 cenotes contaminados por nitratos.',
      'Los cenotes de Homún están contaminados por nitratos.',
    );
    expect(c.cap).toBe(0.5);
    expect(c.contradiction).toBe(0);
  });

  it('signals contradiction for a flipped negation (English and Spanish)', () => {
    const en = check(
      'Vitamin D does not reduce hip fractures in older women.',
      'Vitamin D reduced hip fractures in older women.',
    );
    expect(en.flags.negationFlip).toBe(true);
    expect(en.contradiction).toBeGreaterThanOrEqual(0.6);
    const es = check('La vacuna nunca protege a los ancianos.', 'La vacuna protege a los ancianos.');
    expect(es.flags.negationFlip).toBe(true);
    expect(es.cap).toBeLessThanOrEqual(0.25);
  });

  it('only caps a flip on a passage about something else', () => {
    const c = check('La vacuna no protege a los ancianos.', 'El museo abre los domingos por la mañana.');
    expect(c.contradiction).toBe(0);
  });

  it('caps a missing name, and treats a swapped one on the same subject as a contradiction', () => {
    const missing = check('La ley fue aprobada en Chile.', 'La ley fue aprobada por el congreso.');
    expect(missing.cap).toBe(0.45);
    const swapped = check(
      'La capital de Australia es Sídney, su ciudad más poblada.',
      'La capital de Australia es Canberra, no su ciudad más poblada.',
    );
    expect(swapped.flags.entitySwap).toBe(true);
    expect(swapped.cap).toBeLessThanOrEqual(0.2);
  });

  it('needs most of the claim covered to call it the same subject', () => {
    expect(sameSubject(0.2)).toBe(0);
    expect(sameSubject(0.8)).toBe(1);
  });
});

describe('general rules and clauses', () => {
  it('recognizes a general rule', () => {
    expect(generalRule('Todos los mayores de 18 años tienen derecho a votar.')).toBe(true);
    expect(generalRule('Every employer must keep records.')).toBe(true);
    expect(generalRule('Juan votó en 2020.')).toBe(false);
  });

  it('splits a text into its claims', () => {
    expect(
      claimClauses(
        'Los nitratos subieron en 2019, y los fosfatos bajaron en 2020. Vitamin D and calcium reduce fractures.',
      ),
    ).toEqual([
      'Los nitratos subieron en 2019',
      'los fosfatos bajaron en 2020',
      'Vitamin D and calcium reduce fractures',
    ]);
    expect(claimClauses('El agua corre.')).toEqual(['El agua corre']);
  });
});

describe('a negation of a negation', () => {
  it('counts as none: the sentence affirms', () => {
    expect(negationCues('No digo que no vaya a llover mañana.')).toBe(0);
    expect(negationCues("I don't say that it is not late.")).toBe(0);
    expect(negationCues('No digo que vaya a llover mañana.')).toBe(1);
    expect(negationCues('No llueve y no hace frío.')).toBe(2);
  });

  it('does not make an affirmed claim contradicted', async () => {
    const [j] = await createSupportScorer().judge('Los trenes de la costa llegan a tiempo en invierno.', [
      'No creo que no lleguen a tiempo en invierno los trenes de la costa.',
    ]);
    expect(j!.relacion).not.toBe('CONTRADICCION');
    expect(j!.contradiccion).toBeLessThan(0.5);
  });
});

describe('a negation that reaches none of the claim', () => {
  it('is no contradiction, only no support', () => {
    const claim = 'Las cooperativas deben vender queso de oveja curado.';
    const elsewhere = check(
      claim,
      'Las cooperativas deben vender, con envases que no contaminen, queso de oveja curado.',
    );
    expect(elsewhere.flags.negationFlip).toBe(true);
    expect(elsewhere.contradiction).toBe(0);
    expect(elsewhere.cap).toBeLessThan(0.7);
    expect(
      check(
        'The ferry crosses the bay in winter.',
        'Nothing stops the tourists, and the ferry crosses the bay in winter.',
      ).contradiction,
    ).toBe(0);
  });

  it('contradicts when it reaches a word both texts hold', () => {
    expect(
      check('Las cooperativas venden queso de oveja curado.', 'Las cooperativas no venden queso de oveja curado.')
        .contradiction,
    ).toBeGreaterThanOrEqual(0.6);
    expect(
      check('The ferry does not cross the bay in winter.', 'The ferry crosses the bay in winter.').contradiction,
    ).toBeGreaterThanOrEqual(0.6);
  });
});

describe('a state that goes on against one that ended', () => {
  it('contradicts, either way round, in both languages', () => {
    const es = check(
      'El alcalde permanece en el cargo.',
      'El alcalde dejó el cargo en mayo, tras seis años en el ayuntamiento.',
    );
    expect(es.contradiction).toBeGreaterThanOrEqual(0.6);
    expect(es.motivos.join('; ')).toContain('estado cambiado');
    expect(
      check('The keeper stayed at the lighthouse.', 'The keeper went home after ten winters at the lighthouse.')
        .contradiction,
    ).toBeGreaterThanOrEqual(0.6);
    expect(
      check(
        'La tienda dejó de abrir los domingos.',
        'La tienda sigue abriendo los domingos por la mañana.',
      ).motivos.join('; '),
    ).toContain('estado cambiado');
  });

  it('leaves a state that goes on in both alone', () => {
    expect(
      check('El alcalde permanece en el cargo.', 'El alcalde permanece en el cargo desde 2019.').contradiction,
    ).toBe(0);
    expect(
      check('Global temperature keeps rising.', 'Glaciers on the left bank keep melting.').motivos.join('; '),
    ).not.toContain('estado cambiado');
  });
});
