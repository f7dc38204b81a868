import { describe, expect, it } from 'vitest';
import { mendLineEndHyphens, undoLineEndHyphens } from './line-end-hyphens';

/** One page's text mended, with the rest of the document (other pages) as vocabulary. */
const mend = (text: string, ...otherPages: string[]) => undoLineEndHyphens([text, ...otherPages])[0];
const rules = (...pages: string[]) => mendLineEndHyphens(pages).decisions.map((d) => `${d.action} ${d.rule}`);

describe('undoLineEndHyphens: words cut by hyphenation are joined', () => {
  it('moves the word end to the first line, so the lines stay as many (en)', () => {
    expect(mend('The committee discov-\ners the truth in the papers\npertaining to the loca-\ntion.')).toBe(
      'The committee discovers\nthe truth in the papers\npertaining to the location.',
    );
  });

  it('joins words the document writes whole elsewhere, in es, pt, fr and de', () => {
    expect(mend('La infor-\nmación del archivo.', 'Toda la información es pública.')).toBe(
      'La información\ndel archivo.',
    );
    expect(mend('A infor-\nmação do arquivo.', 'A informação é pública.')).toBe('A informação\ndo arquivo.');
    expect(mend('Le pro-\nblème est résolu.', 'Un problème connu.')).toBe('Le problème\nest résolu.');
    expect(mend('Das Donaudampf-\nschiff fährt.')).toBe('Das Donaudampfschiff\nfährt.');
  });

  it('joins a word written nowhere else when a word of the document begins the same way', () => {
    expect(rules('The loca-\ntion matters.', 'Both locations are known.')).toEqual(['join stem written whole']);
  });

  it('joins by default: most line-end hyphens cut a word (es, pt, de)', () => {
    expect(mend('una investi-\ngación nueva')).toBe('una investigación\nnueva');
    expect(mend('uma situa-\nção nova')).toBe('uma situação\nnova');
    expect(mend('die Verzweigungs-\ngrade')).toBe('die Verzweigungsgrade');
  });

  it('drops a line that held only the end of the word', () => {
    expect(mend('the truth is discov-\ners.\n\nNext paragraph.')).toBe('the truth is discovers.\n\nNext paragraph.');
  });

  it('joins at a soft hyphen (U+00AD) whatever the vocabulary, and at U+2010', () => {
    expect(mend('the infor\u00ad\nmation age', 'an infor-mation')).toBe('the information\nage');
    expect(mend('the loca\u2010\ntion of it')).toBe('the location\nof it');
  });

  it('takes out soft hyphens inside a word: they are invisible', () => {
    expect(mend('the infor\u00admation')).toBe('the information');
  });

  it('joins a word in capitals the document writes whole elsewhere', () => {
    expect(mend('ARCHIVO DE INFOR-\nMACIÓN PÚBLICA', 'la información')).toBe('ARCHIVO DE INFORMACIÓN\nPÚBLICA');
  });
});

describe('undoLineEndHyphens: compounds keep their hyphen', () => {
  it('keeps self-evident, e-mail and Jean-Paul, joining the lines (en)', () => {
    expect(mend('It is self-\nevident to us that an e-\nmail from Jean-\nPaul came.', 'Nothing is evident.')).toBe(
      'It is self-evident\nto us that an e-mail\nfrom Jean-Paul\ncame.',
    );
  });

  it('keeps bien-être and c’est-à-dire (fr)', () => {
    expect(mend('pour le bien-\nêtre de tous', 'il peut être')).toBe('pour le bien-être\nde tous');
    expect(mend('c’est-à-\ndire le reste', 'que dire')).toBe('c’est-à-dire\nle reste');
  });

  it('keeps a capital after the cut: Ost-West, García-Márquez (de, es)', () => {
    expect(mend('auf der Ost-\nWest-Achse')).toBe('auf der Ost-West-Achse');
    expect(mend('según García-\nMárquez (1967)')).toBe('según García-Márquez\n(1967)');
  });

  it('keeps a compound the document writes hyphenated elsewhere (es, en)', () => {
    expect(mend('un enfoque teórico-\npráctico del curso', 'el curso teórico-práctico')).toBe(
      'un enfoque teórico-práctico\ndel curso',
    );
    expect(rules('a data-\ndriven method', 'data-driven work')).toEqual(['keep written hyphenated']);
  });

  it('follows the document when it writes the compound whole more often (email)', () => {
    expect(mend('an e-\nmail to us', 'the email and the email')).toBe('an email\nto us');
  });

  it('keeps Portuguese clitics when the document hyphenates them (pode-se, utiliza-se)', () => {
    const rest = 'Sabe-se que o método, como se observa, funciona. Verifica-se e aplica-se bem. Nota-se.';
    expect(mend('Para isso utiliza-\nse o método', rest)).toBe('Para isso utiliza-se\no método');
    expect(mend('o que pode-\nse ver', 'Aqui pode ser feito, e pode-se ver.')).toBe('o que pode-se\nver');
  });

  it('keeps bem-estar, pós-graduação, non-linear and well-known after their known first parts', () => {
    expect(mend('o bem-\nestar social', 'sem estar lá')).toBe('o bem-estar\nsocial');
    expect(mend('a pós-\ngraduação')).toBe('a pós-graduação');
    expect(mend('a non-\nlinear model')).toBe('a non-linear\nmodel');
    expect(mend('a well-\nknown model', 'it is known')).toBe('a well-known\nmodel');
  });

  it('keeps a compound whose second part ends others of the document (-based)', () => {
    expect(mend('a crowd-\nbased study', 'tree-based and rule-based methods, a crowd of')).toBe('a crowd-based\nstudy');
  });

  it('keeps the hyphen of a web address', () => {
    expect(mend('see https://example.org/line-\nend-hyphens for it')).toBe(
      'see https://example.org/line-end-hyphens\nfor it',
    );
  });
});

describe('undoLineEndHyphens: lines left as they are', () => {
  it('leaves a hyphen before a blank line (the end of a paragraph)', () => {
    expect(mend('the loca-\n\ntion')).toBe('the loca-\n\ntion');
  });

  it('leaves number ranges and numbers after a hyphen', () => {
    expect(mend('between 1990-\n2000 and COVID-\n19 cases')).toBe('between 1990-\n2000 and COVID-\n19 cases');
  });

  it('leaves list dashes and a dash standing alone', () => {
    const list = 'Two items:\n- first one\n- second one -\nand more';
    expect(mend(list)).toBe(list);
  });

  it('leaves a suspended hyphen before a conjunction (de, en)', () => {
    expect(mend('die Staats-\nund Regierungschefs')).toBe('die Staats-\nund Regierungschefs');
    expect(mend('pre-\nand post-war')).toBe('pre-\nand post-war');
  });

  it('leaves the non-breaking hyphen (U+2011) and line breaks without a hyphen', () => {
    expect(mend('self\u2011\nevident')).toBe('self\u2011\nevident');
    expect(mend('the location\nof it')).toBe('the location\nof it');
  });

  it('never joins across pages', () => {
    expect(undoLineEndHyphens(['the loca-', 'tion of it'])).toEqual(['the loca-', 'tion of it']);
  });
});

describe('mendLineEndHyphens', () => {
  it('reports each decision with its rule and the words on either side', () => {
    expect(mendLineEndHyphens(['It is self-\nevident.']).decisions).toEqual([
      { action: 'keep', rule: 'compound head', before: 'self', after: 'evident.' },
    ]);
  });

  it('mends a word cut twice over three lines', () => {
    expect(mend('in-\ncompre-\nhensible words')).toBe('incomprehensible\nwords');
  });
});
