import { describe, expect, it } from 'vitest';
import { isGarbled, textQuality } from './text-quality';

const ENGLISH =
  'User acceptance of technology has been an important field of study for over two decades now. Although ' +
  'many models have been proposed to explain and predict the use of a system, the Technology Acceptance Model ' +
  'has been the only one which has captured the most attention of the Information Systems community.';
const SPANISH =
  'La aceptación de la tecnología por los usuarios ha sido un campo de estudio importante durante más de dos ' +
  'décadas. Aunque se han propuesto muchos modelos para explicar y predecir el uso de un sistema, el modelo ' +
  'de aceptación tecnológica es el que más atención ha recibido de la comunidad de sistemas de información.';
const FRENCH =
  "L'acceptation de la technologie par les utilisateurs est un domaine d'étude important depuis plus de deux " +
  "décennies. Bien que de nombreux modèles aient été proposés pour expliquer et prédire l'utilisation d'un " +
  "système, le modèle d'acceptation de la technologie est celui qui a le plus retenu l'attention.";
const GREEK =
  'Η αποδοχή της τεχνολογίας από τους χρήστες αποτελεί σημαντικό πεδίο μελέτης εδώ και δύο δεκαετίες. ' +
  'Παρόλο που έχουν προταθεί πολλά μοντέλα για να εξηγήσουν και να προβλέψουν τη χρήση ενός συστήματος.';
/** A page of pdfjs__TAMReview.pdf as its fonts map it: most glyphs to ASCII punctuation. */
const TAM_PAGE =
  "2\n\n7 %(-.48&79)&\n\n! (-.45) 1 % ' %\nPerceivedEaseofUse PerceivedUsefulness, AttitudeTowardUsing\n& 2 * 3\n" +
  "3 &\n% % 3 %\n\n& % % * %\n% %:-:7:;\n7&\n\n' (-.45)\n% &$\n\n( ) '\n&! % %\n(< = * > <\n700;)&2\n" +
  "?+ % %\n(< = * > < 700;)&\n\n&\n\n' !$\n-.45 700/ 3\n' & %\n* * ' %\n% 6 % % 3* (-./5)\n%\n&\n% % %&\n$%? % %";

describe('textQuality', () => {
  it('reads prose in Latin and other scripts as text', () => {
    for (const text of [ENGLISH, SPANISH, FRENCH, GREEK]) {
      expect(textQuality(text).garbled, text.slice(0, 20)).toBeUndefined();
    }
  });

  it('reads tables of contents, formulas, tables of figures and bullet lists as text', () => {
    const toc = Array.from({ length: 12 }, (_, i) => `1.${i} Topologische Räume . . . . . . . . . . . ${i * 3}`);
    const formula =
      'Sei (X, T) ein topologischer Raum und x ∈ X. { ∅, { 0, 1 } , { 1 } } = ⋃ U ⊆ M , U ∈ T : x ≤ y + z';
    const table = 'DISTRICT DIRECTOR 37,499.96 — 12,000.00 — 1,234.56 | 08/15/2014 | $ 2,345.00 | 17.5 % | 3.2 % |';
    const bullets = '• Primero — el orden\n• Segundo — la forma\n• Tercero — el fin\n• Cuarto: nada más · y así';
    for (const text of [toc.join('\n'), formula.repeat(2), table.repeat(2), bullets.repeat(2)]) {
      expect(textQuality(text).garbled, text.slice(0, 20)).toBeUndefined();
    }
  });

  it('finds a layer of glyphs mapped to punctuation', () => {
    expect(textQuality(TAM_PAGE).garbled).toBe('signos');
    expect(textQuality(TAM_PAGE).noiseWords).toBeGreaterThan(0.4);
  });

  it('finds replacement characters and private-use code points', () => {
    const lost = 'Th\ufffd m\ufffd\ufffdel h\ufffds b\ue001\ue002n th\ue003 \ufffdnly \ufffdne '.repeat(4);
    expect(textQuality(lost).garbled).toBe('caracteres_perdidos');
  });

  it('finds letters mapped to other letters (too few vowels for any language written in Latin script)', () => {
    // ENGLISH with every letter shifted by three, as a font with an offset glyph map gives it.
    const shifted = ENGLISH.replace(/[a-z]/gi, (c) => {
      const base = c <= 'Z' ? 65 : 97;
      return String.fromCharCode(((c.charCodeAt(0) - base + 3) % 26) + base);
    });
    expect(textQuality(shifted).garbled).toBe('letras_improbables');
    expect(textQuality(ENGLISH).vowels).toBeGreaterThan(0.3);
  });

  it('finds glyph numbers read as characters, on however little text (issue 33)', () => {
    // The one line of pdfminer.six's samples/contrib/issue-791-non-unicode-cmap.pdf as pdf.js extracts it
    // (the page shows 'Peněžní prostředky na účtech').
    expect(textQuality('3HQČåQtSURVWĜHGN\\QD~þWHFK').garbled).toBe('glifos_desplazados');
    // Any text read as glyph numbers of the Macintosh order: every character 29 code points low, spaces lost.
    const asGlyphNumbers = (text: string) =>
      text.replace(/ /g, '').replace(/[\x3e-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 29));
    expect(textQuality(asGlyphNumbers('Saldo de las cuentas corrientes')).garbled).toBe('glifos_desplazados');
    expect(textQuality(asGlyphNumbers(ENGLISH)).garbled).toBe('glifos_desplazados');
  });

  it('reads capitals, codes and formulas as text, not as glyph numbers', () => {
    for (const text of [
      'INTRODUCTION TO THE THEORY OF COMPUTATION',
      ENGLISH.toUpperCase(),
      SPANISH.toUpperCase(),
      'ISBN 978-84-376-0494-7 DOI 10.1016/S0140-6736(20)30183-5',
      'CH3CH2OH NaCl H2SO4 KMnO4 Fe2O3 CaCO3 MgSO4 BRCA1 IL-6 TNF',
      'NCBI HTTP XML SQL PDF HTML CSS JSON',
      'DNA RNA PCR MRI CT BMI HDL LDL TSH FSH LH',
      'SCHMIDT KLNG STRSS 12 BRL',
    ]) {
      expect(textQuality(text).garbled, text.slice(0, 20)).toBeUndefined();
    }
  });

  it('does not judge a few words', () => {
    expect(isGarbled('% & !')).toBe(false);
    expect(isGarbled('')).toBe(false);
    expect(isGarbled('xyz')).toBe(false);
  });
});
