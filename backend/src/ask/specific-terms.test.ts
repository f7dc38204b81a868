import { describe, expect, it } from 'vitest';
import { holdsFocus, holdsSpecificTerms, questionFocus, sentenceBefore, specificTerms } from './specific-terms';

const texts = (q: string) => specificTerms(q).map((t) => t.text);

describe('specificTerms', () => {
  it("takes a question's names and figures, not its first word, question words or common words", () => {
    expect(texts('¿Qué concentración de sulfatos alcanzó Villaverde en 2017?')).toEqual(['Villaverde', '2017']);
    expect(texts('Which aquifer did the Riverton Water Board sample in 1999?')).toEqual([
      'Riverton Water Board',
      '1999',
    ]);
    expect(texts('Qual foi a vazão do rio Pardinho em 2012?')).toEqual(['Pardinho', '2012']);
    expect(texts('¿Qué dice el informe sobre la calidad del agua?')).toEqual([]);
  });

  it('keeps a name whole across its joining words, an acronym and a name written with inner capitals', () => {
    expect(texts('¿Qué denunció la Junta de Regantes del Valle en marzo?')).toEqual(['Junta de Regantes del Valle']);
    expect(texts('How many members does a QRT team have?')).toEqual(['QRT']);
    expect(texts('what does myParser read?')).toEqual(['myParser']);
    expect(specificTerms('What does the Soil Moisture Index measure?')[0]!.initials).toBe('SMI');
  });

  it('drops a title before a name', () => {
    expect(texts('What did Mr Lindqvist say about the bridge?')).toEqual(['Lindqvist']);
  });
});

describe('holdsSpecificTerms', () => {
  const terms = specificTerms('¿Qué concentración de sulfatos alcanzó Villaverde en 2017?');

  it('needs every name and figure of the question', () => {
    expect(holdsSpecificTerms(terms, 'En Villaverde los sulfatos alcanzaron 80 mg/L en 2017.')).toBe(true);
    expect(holdsSpecificTerms(terms, 'En Villaverde los sulfatos alcanzaron 80 mg/L en 2015.')).toBe(false);
    expect(holdsSpecificTerms(terms, 'La media de sulfatos de la comarca fue de 60 mg/L en 2017.')).toBe(false);
  });

  it('finds a name by half of its words or its initials, and a figure whatever its decimal mark', () => {
    const board = specificTerms('What did the Riverton Water Board find?');
    expect(holdsSpecificTerms(board, 'The Riverton board found lead in two wells.')).toBe(true);
    expect(holdsSpecificTerms(board, 'The RWB found lead in two wells.')).toBe(true);
    expect(holdsSpecificTerms(board, 'The board found lead in two wells.')).toBe(false);
    expect(holdsSpecificTerms(specificTerms('Which site measured 12,5 units?'), 'A site measured 12.5 units.')).toBe(
      true,
    );
  });

  it('holds for a question that names nothing', () => {
    expect(holdsSpecificTerms(specificTerms('¿Qué es un acuífero?'), 'Un acuífero guarda agua.')).toBe(true);
  });
});

describe('questionFocus', () => {
  it('is answered by a sentence about either of two things a question joins', () => {
    const focus = questionFocus('¿Qué se midió en Villaverde en 2017 y en Robledo?');
    expect(focus.map((f) => f.terms.map((t) => t.text))).toEqual([['Villaverde', '2017'], ['Robledo']]);
    expect(holdsFocus(focus, 'En Robledo se midieron sulfatos.')).toBe(true);
    expect(holdsFocus(focus, 'En Villaverde se midieron sulfatos en 2016.')).toBe(false);
  });

  it('does not split a Portuguese question at its article', () => {
    const focus = questionFocus('Qual é a população de São Paulo segundo o censo de 2010?');
    expect(focus.map((f) => f.terms.map((t) => t.text))).toEqual([['São Paulo', '2010']]);
    expect(holdsFocus(focus, 'O censo de 2010 contou 11 milhões de habitantes em Campinas.')).toBe(false);
  });

  it('takes the part of a question that names nothing by its words', () => {
    const focus = questionFocus('What is known about Riverton and about karst aquifers?');
    expect(holdsFocus(focus, 'Karst aquifers carry water through caves.')).toBe(true);
    expect(holdsFocus(focus, 'Caves carry water quickly.')).toBe(false);
    expect(holdsFocus(questionFocus('What is known about Riverton?'), 'Karst aquifers carry water.')).toBe(false);
    expect(holdsFocus(questionFocus('What do karst aquifers carry?'), 'Caves carry water.')).toBe(true);
  });
});

describe('sentenceBefore', () => {
  const passage = 'El pozo 7 se cerró en 2016. Se encontró arsénico en su agua.\n\nOtro párrafo distinto.';

  it('gives the sentence right before, across whitespace and footnote-free wording', () => {
    expect(sentenceBefore(passage, 'Se encontró arsénico en su agua.')).toBe('El pozo 7 se cerró en 2016.');
    expect(sentenceBefore(passage, 'Otro párrafo distinto.')).toBe('Se encontró arsénico en su agua.');
  });

  it('gives nothing for the first sentence or one the passage does not hold', () => {
    expect(sentenceBefore(passage, 'El pozo 7 se cerró en 2016.')).toBeUndefined();
    expect(sentenceBefore(passage, 'Una frase que no está.')).toBeUndefined();
  });
});
