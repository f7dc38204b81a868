import { describe, expect, it } from 'vitest';
import { detectLanguage, documentLanguage, isStopword, phraseLanguage, searchConfigOf } from './language';

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

const SPANISH =
  'El agua de los cenotes que se filtra por la roca es la del acuífero, y la mayor parte llega al mar por ríos ' +
  'subterráneos que no se ven desde la superficie durante todo el año.';
const ENGLISH =
  'The water of the cenotes that seeps through the rock is the aquifer, and most of it reaches the sea by ' +
  'underground rivers which are not seen from the surface at any time of the year.';
const PORTUGUESE =
  'A água dos cenotes que se infiltra pela rocha é a do aquífero, e a maior parte chega ao mar pelos rios ' +
  'subterrâneos que não são vistos da superfície em nenhuma época do ano, como também os lagos da região.';
const GERMAN =
  'Das Wasser der Cenoten, das durch den Fels sickert, ist das des Grundwasserleiters, und der größte Teil ' +
  'erreicht das Meer über unterirdische Flüsse, die von der Oberfläche aus nicht zu sehen sind und die auch im Sommer fließen.';

describe('detectLanguage', () => {
  it('tells the language of a text by its function words', () => {
    expect(detectLanguage(SPANISH)).toBe('es');
    expect(detectLanguage(ENGLISH)).toBe('en');
    expect(detectLanguage(PORTUGUESE)).toBe('pt');
    expect(detectLanguage(GERMAN)).toBe('de');
  });

  it('says nothing about a text too short to tell', () => {
    expect(detectLanguage('Nitratos 44.9 mg/L')).toBeUndefined();
    expect(detectLanguage('')).toBeUndefined();
  });
});

describe('documentLanguage', () => {
  it('believes the text over the properties, keeping a declared tag that agrees', () => {
    expect(documentLanguage(SPANISH, 'en-US')).toEqual({ idioma: 'es', origen: 'texto' });
    expect(documentLanguage(SPANISH, 'es-CO')).toEqual({ idioma: 'es-CO', origen: 'texto' });
    expect(documentLanguage('Tabla 1', 'en-US')).toEqual({ idioma: 'en-US', origen: 'propiedades' });
    expect(documentLanguage('Tabla 1', undefined)).toEqual({});
  });
});

describe('phraseLanguage', () => {
  it('tells a title’s language by its function words, or nothing when they do not tell', () => {
    expect(phraseLanguage('Qualidade dos dados sobre óbitos no Rio de Janeiro')).toBe('pt');
    expect(phraseLanguage('Quality of data on myocardial infarction deaths')).toBe('en');
    expect(phraseLanguage('Calidad de los datos del registro')).toBe('es');
    expect(phraseLanguage('Machine Learning')).toBeUndefined();
    // As many Spanish as French words: no language.
    expect(phraseLanguage('la historia')).toBeUndefined();
  });
});
