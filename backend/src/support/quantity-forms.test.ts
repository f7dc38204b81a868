import { describe, expect, it } from 'vitest';
import { compareNumbers } from './numbers';
import { canonicalQuantities } from './quantity-forms';

describe('canonicalQuantities', () => {
  it.each([
    ['44,9 miligramos por litro', '44,9 mg/L'],
    ['3 milligrams per liter', '3 mg/L'],
    ['el 25 por ciento', 'el 25 %'],
    ['12 per cent', '12 %'],
    ['5 grados centígrados', '5 °C'],
    ['Una cuarta parte de los pozos', '25 % de los pozos'],
    ['half of the wells', '50 % of the wells'],
    ['un tercio', '~33 %'],
    ['speedups of 10x and more', 'speedups of 10 × and more'],
    ['a tenfold speedup', 'a 10 × speedup'],
    ['diez veces más rápido', '10 × más rápido'],
    ['entre 10 y 20 mg/L', '10 – 20 mg/L'],
    ['10-20 mg/L', '10 – 20 mg/L'],
    ['from 3 to 5 wells', '3 – 5 wells'],
    ['el 12 de marzo de 2021', 'el 2021-03-12'],
    ['on March 12, 2021', 'on 2021-03-12'],
    ['on 12 March 2021', 'on 2021-03-12'],
    ['mayo de 2019', '2019-05'],
    ['del 1/5/2019', 'del 2019-05-01'],
    ['cuarenta y ocho horas', '48 horas'],
    ['en cuarenta cenotes', 'en 40 cenotes'],
    ['in twelve equations', 'in 12 equations'],
    ['forty-two wells', '42 wells'],
    ['veinticinco por ciento', '25 %'],
    ['Once cenotes superaron', '11 cenotes superaron'],
    ['four of the five participants', '4 of the 5 (80 %) participants'],
    ['80.000 km²', '80.000 km2'],
  ])('%s → %s', (text, expected) => {
    expect(canonicalQuantities(text)).toBe(expected);
  });

  it('leaves number words that are rarely figures: a lone article, English once, tens joined by y', () => {
    for (const text of ['un perro y una gata', 'Once the model is trained, it works', 'the one who came']) {
      expect(canonicalQuantities(text)).toBe(text);
    }
    expect(canonicalQuantities('veinte y treinta')).toBe('20 y 30');
  });

  it('leaves alone what is not a quantity of this kind: ISO dates, dimensions, words', () => {
    for (const text of ['fecha: 2019-05-01', 'a 2x2 matrix', 'metros de profundidad', 'la mitad']) {
      expect(canonicalQuantities(text)).toBe(text === 'la mitad' ? '50 %' : text);
    }
  });
});

describe('dates in the number check', () => {
  const check = (claim: string, passage: string) =>
    compareNumbers(canonicalQuantities(claim), canonicalQuantities(passage), canonicalQuantities(passage)).map(
      (f) => `${f.claim.raw}:${f.status}`,
    );

  it('matches a date written another way, and a month by a day in it', () => {
    expect(check('el 12 de marzo de 2021', 'muestreo del 2021-03-12')).toEqual(['2021:matched', '2021-03-12:matched']);
    expect(check('en marzo de 2021', 'muestreo del 2021-03-12')).toEqual(['2021:matched', '2021-03:matched']);
  });

  it('finds another day of the same kind a conflict', () => {
    expect(check('el 15 de marzo de 2021', 'muestreo del 2021-03-12')).toEqual(['2021:matched', '2021-03-15:conflict']);
  });
});
