import { describe, expect, it } from 'vitest';
import { splitClaims } from './claims';

const texts = (text: string) => splitClaims(text).map((s) => s.text);

describe('splitClaims', () => {
  it('splits Spanish and English sentences, with offsets into the text', () => {
    const text = 'El acuífero corre bajo la península. Karst aquifers carry water quickly! ¿Qué pasa con el agua?';
    const sentences = splitClaims(text);
    expect(sentences.map((s) => s.text)).toEqual([
      'El acuífero corre bajo la península',
      'Karst aquifers carry water quickly',
      '¿Qué pasa con el agua',
    ]);
    const [first, second, third] = sentences;
    expect(text.slice(first!.start, first!.end)).toBe('El acuífero corre bajo la península');
    expect(text.slice(first!.start, first!.after)).toBe('El acuífero corre bajo la península.');
    expect(text.slice(second!.end, second!.after)).toBe('!');
    expect(third!.question).toBe(true);
    expect(first!.question).toBe(false);
  });

  it('does not split at abbreviations, decimals, et al., initials or before lower case', () => {
    expect(
      texts(
        'Según Smith et al. (2019) la concentración llegó a 44.9 mg/L en Homún. ' +
          'J. R. R. Tolkien escribió sobre la Tierra Media, p. ej. en El Hobbit. ' +
          'Los EE. UU. usan aprox. tres veces más agua, e.g. in Texas. ' +
          'Dr. Pérez measured it at 3.5 m depth in No. 5 well. ' +
          'It fell a lot... but then rose again.',
      ),
    ).toEqual([
      'Según Smith et al. (2019) la concentración llegó a 44.9 mg/L en Homún',
      'J. R. R. Tolkien escribió sobre la Tierra Media, p. ej. en El Hobbit',
      'Los EE. UU. usan aprox. tres veces más agua, e.g. in Texas',
      'Dr. Pérez measured it at 3.5 m depth in No. 5 well',
      'It fell a lot... but then rose again',
    ]);
  });

  it('ends a sentence after etc. when a capital follows, and keeps closing quotes and brackets', () => {
    const text = 'Midieron nitratos, fosfatos, etc. Luego los compararon con la norma. El agua (H2O) «es vital».';
    const sentences = splitClaims(text);
    expect(sentences.map((s) => s.text)).toEqual([
      'Midieron nitratos, fosfatos, etc',
      'Luego los compararon con la norma',
      'El agua (H2O) «es vital»',
    ]);
    expect(text.slice(sentences[2]!.start, sentences[2]!.after)).toBe('El agua (H2O) «es vital».');
  });

  it('splits a sentence into clauses where each side makes a claim, not lists', () => {
    const [s] = splitClaims(
      'Los nitratos del acuífero superan la norma en Homún, mientras que el fósforo del agua se mantiene estable.',
    );
    expect(s!.clauses.map((c) => c.text)).toEqual([
      'Los nitratos del acuífero superan la norma en Homún',
      'el fósforo del agua se mantiene estable',
    ]);
    const [list] = splitClaims('We measured nitrate, phosphate, and sulfate in every well of the region.');
    expect(list!.clauses).toHaveLength(1);
    const [semi] = splitClaims('Karst aquifers carry water quickly; nitrate pollution spreads through the caves.');
    expect(semi!.clauses.map((c) => c.text)).toEqual([
      'Karst aquifers carry water quickly',
      'nitrate pollution spreads through the caves',
    ]);
    expect(semi!.clauses[0]!.after).toBe(semi!.clauses[0]!.end + 1);
  });

  it('reads Markdown: headings, code and tables are no claims; list items and blank lines end sentences', () => {
    const text = [
      '# Los cenotes de la península',
      '',
      'El acuífero kárstico aflora en los cenotes',
      'de toda la península de Yucatán.',
      '',
      '- La concentración de nitratos alcanzó 44.9 mg/L',
      '- El fósforo del agua se mantuvo estable todo el año',
      '',
      '```',
      'Esto es código que no se cita nunca.',
      '```',
      '| a | b |',
      '> Una cita en bloque también dice algo del agua.',
    ].join('\n');
    expect(texts(text)).toEqual([
      'El acuífero kárstico aflora en los cenotes\nde toda la península de Yucatán',
      'La concentración de nitratos alcanzó 44.9 mg/L',
      'El fósforo del agua se mantuvo estable todo el año',
      'Una cita en bloque también dice algo del agua',
    ]);
  });

  it('leaves out fragments too short to claim anything', () => {
    expect(texts('Sí. No lo sé. Gracias por todo.')).toEqual([]);
  });

  it('takes a short unpunctuated line that heads a paragraph as a heading, not a claim', () => {
    const text = [
      'Aguas del páramo andino y sus turberas',
      '',
      'Regulación hídrica en la cordillera',
      '',
      'El páramo es un ecosistema de alta montaña que regula el agua. Las turberas guardan carbono.',
      '',
      '## Métodos de campo',
      '',
      'Se midieron los caudales de dos cuencas entre 2015 y 2018.',
    ].join('\n');
    expect(texts(text)).toEqual([
      'El páramo es un ecosistema de alta montaña que regula el agua',
      'Las turberas guardan carbono',
      'Se midieron los caudales de dos cuencas entre 2015 y 2018',
    ]);
  });

  it('keeps as claims a lone unpunctuated line, notes typed without full stops, list items and lead-ins', () => {
    expect(texts('El páramo regula el agua de Bogotá')).toEqual(['El páramo regula el agua de Bogotá']);
    expect(texts('El páramo regula el agua de Bogotá\n\nLas turberas guardan mucho carbono')).toEqual([
      'El páramo regula el agua de Bogotá',
      'Las turberas guardan mucho carbono',
    ]);
    expect(texts('- El páramo regula el agua de Bogotá\n\nLas turberas guardan mucho carbono.')).toEqual([
      'El páramo regula el agua de Bogotá',
      'Las turberas guardan mucho carbono',
    ]);
    expect(
      texts('Se usaron estos dos instrumentos de campo:\n\nvertederos triangulares y sensores de presión.'),
    ).toEqual(['Se usaron estos dos instrumentos de campo', 'vertederos triangulares y sensores de presión']);
  });

  it('does not take a long unpunctuated line as a heading', () => {
    const long =
      'La precipitación anual en las cuencas altas del páramo supera con holgura los mil quinientos milímetros';
    expect(texts(`${long}\n\nLas turberas guardan mucho carbono.`)).toEqual([
      long,
      'Las turberas guardan mucho carbono',
    ]);
  });
});
