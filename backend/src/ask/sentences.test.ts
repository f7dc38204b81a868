import { describe, expect, it } from 'vitest';
import { SentenceStream, splitSentences } from './sentences';

describe('splitSentences', () => {
  it('keeps footnote markers with the sentence they follow, before or after the full stop', () => {
    expect(splitSentences('Texto uno.[^1] Texto dos[^2]. Tres.')).toEqual([
      'Texto uno.[^1]',
      'Texto dos[^2].',
      'Tres.',
    ]);
    expect(splitSentences('Uno. [^1] Dos.[^1][^2] Tres')).toEqual(['Uno. [^1]', 'Dos.[^1][^2]', 'Tres']);
  });

  it('ends a sentence at a footnote after its full stop even when the next word is in lower case', () => {
    expect(splitSentences('Uno alcanzó 44.9 mg/L.[^2] municipio: Homún; nitratos: 44.9[^1]')).toEqual([
      'Uno alcanzó 44.9 mg/L.[^2]',
      'municipio: Homún; nitratos: 44.9[^1]',
    ]);
  });

  it('does not break inside numbers, after initials, abbreviations, or before a lower-case word', () => {
    expect(
      splitSentences('En la p. 45 dice algo. El Dr. Pérez midió 44.9 mg/L. J. Smith, e.g. esto, lo dijo.'),
    ).toEqual(['En la p. 45 dice algo.', 'El Dr. Pérez midió 44.9 mg/L.', 'J. Smith, e.g. esto, lo dijo.']);
    expect(splitSentences('Dijo que no. Luego se fue.')).toEqual(['Dijo que no.', 'Luego se fue.']);
  });

  it('ends sentences at line breaks and keeps list numbers inside their item', () => {
    expect(splitSentences('Intro[^1]\n\n- uno[^2]\n- dos\n1. Primero.\n2. Segundo.')).toEqual([
      'Intro[^1]',
      '- uno[^2]',
      '- dos',
      '1. Primero.',
      '2. Segundo.',
    ]);
  });

  it('handles questions, exclamations and closing quotes', () => {
    expect(splitSentences('¿Qué es? Es esto! Y “aquello.” Fin')).toEqual([
      '¿Qué es?',
      'Es esto!',
      'Y “aquello.”',
      'Fin',
    ]);
  });
});

describe('SentenceStream', () => {
  const text = 'Uno. [^1] Dos.[^1][^2]\n\n- item uno[^3]\n- item dos. Fin del 44.9 en 2019.[^4] ';

  it('gives the same sentences whatever the pieces, each with its separator, and holds back what may grow', () => {
    for (const size of [1, 2, 3, 7, text.length]) {
      const stream = new SentenceStream();
      const out: string[] = [];
      for (let i = 0; i < text.length; i += size) out.push(...stream.push(text.slice(i, i + size)));
      out.push(...stream.end());
      expect(out).toEqual([
        'Uno. [^1]',
        ' Dos.[^1][^2]',
        '\n\n- item uno[^3]',
        '\n- item dos.',
        ' Fin del 44.9 en 2019.[^4]',
      ]);
    }
  });

  it('does not close a sentence while a marker may still follow it', () => {
    const stream = new SentenceStream();
    expect(stream.push('Uno.')).toEqual([]);
    expect(stream.push(' [^')).toEqual([]);
    expect(stream.push('2] Dos')).toEqual(['Uno. [^2]']);
    expect(stream.end()).toEqual([' Dos']);
  });
});
