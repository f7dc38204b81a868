import { describe, expect, it } from 'vitest';
import { annotationText, noteText } from './note-text';

describe('noteText', () => {
  it("reduces a Zotero note's HTML to its paragraphs, one block a paragraph", () => {
    const html =
      '<div data-schema-version="9"><h1>Resumen</h1><p>La lectura <strong>lenta</strong> &amp; atenta.</p>' +
      '<blockquote><p>Cita</p></blockquote></div>';
    expect(noteText(html)).toBe('Resumen\n\nLa lectura lenta & atenta.\n\nCita');
  });

  it('gives an empty string for an empty note', () => {
    expect(noteText('<div data-schema-version="9"><p></p></div>')).toBe('');
  });
});

describe('annotationText', () => {
  it('gives the page, the marked text in quotes and the comment', () => {
    expect(annotationText({ text: 'leer despacio', comment: 'clave', pageLabel: '47' })).toBe(
      'p. 47: «leer despacio» — clave',
    );
  });

  it('gives a comment alone, its HTML reduced to text', () => {
    expect(annotationText({ text: null, comment: '<p>Revisar</p>', pageLabel: 'xii' })).toBe('p. xii: Revisar');
  });

  it('gives nothing for an annotation with neither text nor comment', () => {
    expect(annotationText({ text: null, comment: null, pageLabel: '3' })).toBeUndefined();
  });
});
