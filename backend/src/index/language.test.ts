import { describe, expect, it } from 'vitest';
import { isStopword, searchConfigOf } from './language';

describe('searchConfigOf', () => {
  it('tells Spanish from English by their function words', () => {
    expect(searchConfigOf('El agua de los cenotes que se filtra por la roca es la del acuífero.')).toBe('spanish');
    expect(searchConfigOf('The water of the cenotes that seeps through the rock is the aquifer.')).toBe('english');
  });

  it('falls back to the declared language, then to both (simple) when it cannot tell', () => {
    expect(searchConfigOf('Nitratos 44.9 mg/L', 'es-MX')).toBe('spanish');
    expect(searchConfigOf('Nitrate 44.9 mg/L', 'en')).toBe('english');
    expect(searchConfigOf('Nitrate 44.9 mg/L')).toBe('simple');
  });
});

describe('isStopword', () => {
  it('knows both languages', () => {
    expect(isStopword('los')).toBe(true);
    expect(isStopword('the')).toBe(true);
    expect(isStopword('acuifero')).toBe(false);
  });
});
