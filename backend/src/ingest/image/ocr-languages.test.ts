import { describe, expect, it } from 'vitest';
import { firstPassSuffices, languagesSeenIn, ocrLanguages } from './ocr-languages';

describe('the OCR languages of a document', () => {
  it('are its own with English beside it, from a code or a tag', () => {
    expect(ocrLanguages('de')).toEqual(['deu', 'eng']);
    expect(ocrLanguages('pt-BR')).toEqual(['por', 'eng']);
    expect(ocrLanguages('ca')).toEqual(['cat', 'eng']);
    expect(ocrLanguages('en-US')).toEqual(['eng']);
    expect(ocrLanguages('zh')).toBeUndefined();
    expect(ocrLanguages(undefined)).toBeUndefined();
  });

  it('are told by a first reading, and read again only when it was in other languages', () => {
    const french =
      'Le conseil municipal a décidé que la rue sera fermée pendant les travaux, et les habitants ne sont pas ' +
      'contents de cette décision qui a été prise sans eux dans la salle du conseil pour la deuxième fois.';
    expect(languagesSeenIn(french)).toEqual(['fra', 'eng']);
    expect(firstPassSuffices(['fra', 'eng'])).toBe(false);
    expect(firstPassSuffices(['spa', 'eng'])).toBe(true);
    expect(languagesSeenIn('Mxyz 1234')).toBeUndefined();
  });
});
