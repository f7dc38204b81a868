import { describe, expect, it } from 'vitest';
import { authorParts, parseAuthors, surname } from './authors';

describe('parseAuthors', () => {
  it('splits on semicolons and trims each name', () => {
    expect(parseAuthors('Kahneman, Daniel;  Tversky, Amos ')).toEqual(['Kahneman, Daniel', 'Tversky, Amos']);
  });

  it('keeps a single author', () => {
    expect(parseAuthors('Eco, Umberto')).toEqual(['Eco, Umberto']);
  });

  it('drops empty entries', () => {
    expect(parseAuthors(';Eco, Umberto;; ;')).toEqual(['Eco, Umberto']);
    expect(parseAuthors('')).toEqual([]);
    expect(parseAuthors('  ;  ')).toEqual([]);
  });

  it('collapses runs of whitespace inside a name', () => {
    expect(parseAuthors('García  Márquez,\n Gabriel')).toEqual(['García Márquez, Gabriel']);
  });

  it('keeps organisations whole', () => {
    expect(parseAuthors('World Health Organization; Smith, J.')).toEqual(['World Health Organization', 'Smith, J.']);
  });
});

describe('surname', () => {
  it('takes the part before the comma', () => {
    expect(surname('García Márquez, Gabriel')).toBe('García Márquez');
    expect(surname('Eco, Umberto')).toBe('Eco');
    expect(surname(' Eco ,Umberto')).toBe('Eco');
  });

  it('splits on the first comma only', () => {
    expect(surname('King, Martin Luther, Jr.')).toBe('King');
  });

  it('returns a name without comma whole', () => {
    expect(surname('World Health Organization')).toBe('World Health Organization');
    expect(surname('Eco')).toBe('Eco');
    expect(surname('  Eco  ')).toBe('Eco');
  });

  it('falls back to what follows the comma when nothing precedes it', () => {
    expect(surname(', Umberto')).toBe('Umberto');
    expect(surname(',')).toBe('');
    expect(surname('')).toBe('');
  });
});

describe('authorParts', () => {
  it('parts family, given and a suffix; keeps organisations literal', () => {
    expect(authorParts('Castañeda Ruiz, Mariana')).toEqual({ family: 'Castañeda Ruiz', given: 'Mariana' });
    expect(authorParts('van Beethoven, Ludwig')).toEqual({ family: 'van Beethoven', given: 'Ludwig' });
    expect(authorParts('King, Martin Luther, Jr.')).toEqual({ family: 'King', given: 'Martin Luther', suffix: 'Jr.' });
    expect(authorParts('Gates, William Henry, III')).toEqual({
      family: 'Gates',
      given: 'William Henry',
      suffix: 'III',
    });
    expect(authorParts('INFORM GmbH, Aachen')).toEqual({ family: 'INFORM GmbH', given: 'Aachen' });
    expect(authorParts('World Health Organization')).toEqual({ literal: 'World Health Organization' });
    expect(authorParts('Eco,')).toEqual({ family: 'Eco' });
  });

  it('keeps the surname the library list and citations show', () => {
    expect(surname('King, Martin Luther, Jr.')).toBe('King');
    expect(surname('Ek Chablé, María Fernanda')).toBe('Ek Chablé');
    expect(surname('van Beethoven, Ludwig')).toBe('van Beethoven');
  });
});
