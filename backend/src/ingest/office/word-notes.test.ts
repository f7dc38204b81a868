import { describe, expect, it } from 'vitest';
import { notesOutline } from './word-notes';

describe('notesOutline', () => {
  it('puts each note in a last section, led by its mark', () => {
    expect(
      notesOutline([
        { marker: '[1]', paragraphs: ['Uno.', 'Sigue.'] },
        { marker: '[2]', paragraphs: [' '] },
      ]),
    ).toEqual([
      { kind: 'heading', level: 1, text: 'Notas' },
      { kind: 'paragraph', text: '[1] Uno.' },
      { kind: 'paragraph', text: 'Sigue.' },
    ]);
    expect(notesOutline([])).toEqual([]);
  });
});
