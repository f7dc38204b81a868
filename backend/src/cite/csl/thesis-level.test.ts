import { describe, expect, it } from 'vitest';
import { thesisEntryType } from './thesis-level';

describe('thesisEntryType', () => {
  it.each([
    ['Tesis doctoral', 'phdthesis'],
    ['Tese (Doutorado)', 'phdthesis'],
    ['Thèse de doctorat', 'phdthesis'],
    ['PhD thesis', 'phdthesis'],
    ['Ph.D. Dissertation', 'phdthesis'],
    ['Dissertation', 'phdthesis'],
    ['Tesi di dottorato', 'phdthesis'],
    ['Dissertação (Mestrado)', 'mastersthesis'],
    ['Tesis de Maestría', 'mastersthesis'],
    ['Mémoire de master', 'mastersthesis'],
    ["Master's thesis", 'mastersthesis'],
    ['Masterarbeit', 'mastersthesis'],
    ['Diplomarbeit', 'mastersthesis'],
    ['Trabajo fin de máster', 'mastersthesis'],
    ['Mémoire de maîtrise', 'mastersthesis'],
  ])('%s is a @%s', (genre, type) => {
    expect(thesisEntryType(genre)).toBe(type);
  });

  it.each([
    'Tesis',
    'Tesis de grado',
    'Trabajo fin de grado',
    'Memoria de título',
    'Trabalho de conclusão de curso',
    'Bachelorarbeit',
    '',
    undefined,
  ])("leaves a genre that names no level (%s) to citation-js's @misc", (genre) => {
    expect(thesisEntryType(genre)).toBeUndefined();
  });
});
