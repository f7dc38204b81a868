import { describe, expect, it } from 'vitest';
import { cleanSentences, isCleanSentence, joinLines } from './clean-sentences';

describe('isCleanSentence', () => {
  it('keeps prose', () => {
    for (const s of [
      'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.',
      'asn1Parser reads a single file with ASN.1 definitions and writes a C array.',
      '“The aquifer is shallow,” she said.',
      'Las muestras (e.g. las de Fig. 3) se tomaron en mayo.',
    ]) {
      expect([s, isCleanSentence(s)]).toEqual([s, true]);
    }
  });

  it('leaves out headings, captions, usage and code lines, cut fragments and lists of numbers', () => {
    for (const s of [
      '3.1 Invoking asn1Parser .',
      '2 Resultados del muestreo',
      'Calidad Del Agua En Los Cenotes De Yucatán.',
      'Usage: asn1Parser [OPTION] FILE',
      'Figure 3: Speedups of TraceMonkey over the interpreter.',
      'Fig. 2. Nitrate levels by month.',
      'Tabla 2. Concentración de nitratos por municipio.',
      'npm install --save-dev vitest and then run it.',
      'const x = compile(trace); return x;',
      'with ASN.1 definitions and generates a C array that is used to',
      'fill the structures of the library.',
      'The results show that infor- mation flows quickly through caves.',
      '12.4 15.6 18.9 22.1 and 25.',
      'Nitrates rose',
      'The server is hosted de Jong [Page 1] Internet-Draft remoteStorage December 2014 on another domain.',
    ]) {
      expect([s, isCleanSentence(s)]).toEqual([s, false]);
    }
  });
});

describe('cleanSentences', () => {
  it('splits a heading glued to the sentence after it, and does not split on e.g., Fig. 3 or decimals', () => {
    expect(
      cleanSentences(
        '3.1 Invoking asn1Parser . The asn1Parser tool reads ASN.1 definitions, e.g. those of Fig. 3, and ' +
          'writes a C array of 44.9 kB. Usage: asn1Parser [OPTION] FILE 3.2 Invoking asn1Coding .',
      ),
    ).toEqual(['The asn1Parser tool reads ASN.1 definitions, e.g. those of Fig. 3, and writes a C array of 44.9 kB.']);
  });

  it("leaves out a table's caption: the short line right before a table, and the words after a caption label", () => {
    expect(
      cleanSentences(
        'El caudal medio del arroyo fue de doce litros por segundo.\n\nCaudal medio mensual del arroyo, litros.\n\n' +
          'Mes | Caudal\nMayo | 14\n\nTabela 3. Caudal medio mensual del arroyo por estación.',
      ),
    ).toEqual(['El caudal medio del arroyo fue de doce litros por segundo.']);
  });

  it('keeps a longer line of prose that happens to come before a table', () => {
    const prose = 'Las cuencas que se estudiaron en este trabajo se sitúan entre los 3200 y los 4100 metros.';
    expect(cleanSentences(`${prose}\n\nCuenca | Altitud\nNorte | 3600`)).toEqual([prose]);
  });
});

describe('joinLines', () => {
  it('joins wrapped lines and a list with its lead-in, and leaves paragraphs and tables apart', () => {
    expect(joinLines('La precipitación anual supera los 1500 mm,\ncon dos estaciones lluviosas.')).toBe(
      'La precipitación anual supera los 1500 mm, con dos estaciones lluviosas.',
    );
    expect(
      joinLines('Se usaron dos instrumentos:\n\n- vertederos triangulares;\n\n- sensores de presión.\n\nFin.'),
    ).toBe('Se usaron dos instrumentos: vertederos triangulares; sensores de presión.\n\nFin.');
    expect(
      joinLines('Thus, it is essential to have an understanding of the Technology Acceptance\nModel. This paper…'),
    ).toBe('Thus, it is essential to have an understanding of the Technology Acceptance Model. This paper…');
    expect(joinLines('Resultados\nEn Homún subió.\n\na | b\nc | d')).toBe(
      'Resultados\nEn Homún subió.\n\na | b\nc | d',
    );
  });

  it('leaves out the page’s reference numbers after a sentence, and reference entries', () => {
    expect(
      cleanSentences(
        'One day later, Jamie Zawinski from Netscape registered mozilla.org.[4] The project was named Mozilla.[5]\n' +
          '6. ^ "Netscape Announces mozilla.org, a Dedicated Team and Web Site". Retrieved 2012-08-19.',
      ),
    ).toEqual([
      'One day later, Jamie Zawinski from Netscape registered mozilla.org.',
      'The project was named Mozilla.',
    ]);
  });
});
