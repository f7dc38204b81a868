import { describe, expect, it } from 'vitest';
import { repairMojibake } from './mojibake';

/** Bytes of UTF-8 text read back one byte a character, as a producer's wrong decoding leaves them. */
function misread(text: string, table: 'latin1' | 'windows-1252'): string {
  return new TextDecoder(table).decode(new TextEncoder().encode(text));
}

describe('repairMojibake', () => {
  it.each([
    // Read as Windows-1252 (and Latin-1, which TextDecoder treats alike)
    ['Peña Nieto, Enrique', misread('Peña Nieto, Enrique', 'windows-1252')],
    ['Gonçalves, João', misread('Gonçalves, João', 'windows-1252')],
    ['Ångström’s law – a study', misread('Ångström’s law – a study', 'windows-1252')],
    ['Dvořák, Antonín', misread('Dvořák, Antonín', 'windows-1252')],
    ['Éléments d’économie', misread('Éléments d’économie', 'windows-1252')],
    // Read as PDFDocEncoding by pdf.js: 'Á' is C3 81, whose 0x81 PDFDocEncoding writes '†'
    ['Álvarez Núñez, Íñigo', 'Ã†lvarez NÃºÃ±ez, Ã“Ã±igo'],
  ])('repairs %s', (expected, broken) => {
    expect(broken).not.toBe(expected);
    expect(repairMojibake(broken)).toBe(expected);
  });

  it('repairs text mangled twice', () => {
    const twice = misread(misread('Muñoz', 'windows-1252'), 'windows-1252');
    expect(repairMojibake(twice)).toBe('Muñoz');
  });

  it.each([
    'Lombraña González, Daniel',
    'INFORMAÇÃO E SOCIEDADE',
    'CAFÉ”: a quoted capital',
    'Ålesund – Ærø',
    'Plain ASCII title',
    '¿Quién justifica qué?',
  ])('leaves text that shows no mojibake as it is: %s', (text) => {
    expect(repairMojibake(text)).toBe(text);
  });

  it('refuses text that shows mojibake no encoding undoes', () => {
    // A mangled name beside characters no one-byte encoding writes: the repair cannot be certain.
    expect(repairMojibake('GonzÃ¡lez 王')).toBeUndefined();
    // Lead and continuation that make no valid UTF-8 once a byte is lost.
    expect(repairMojibake('LombraÃ GonzÃ¡lez')).toBeUndefined();
  });
});
