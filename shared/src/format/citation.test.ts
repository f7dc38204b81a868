import { describe, expect, it } from 'vitest';
import { formatCitation } from './citation';

const doc = (autores: string[], anio?: number | null, titulo = 'Un título') => ({ titulo, autores, anio });

describe('formatCitation', () => {
  it('cites one author by surname, year and locator', () => {
    expect(formatCitation(doc(['Eco, Umberto'], 1977), 'p. 45')).toBe('(Eco, 1977, p. 45)');
    expect(formatCitation(doc(['García Márquez, Gabriel'], 1967), 'p. 9')).toBe('(García Márquez, 1967, p. 9)');
  });

  it('accepts authors already reduced to surnames', () => {
    expect(formatCitation(doc(['Eco'], 1977), 'p. 45')).toBe('(Eco, 1977, p. 45)');
  });

  it('joins two authors with y in Spanish and & in English', () => {
    const d = doc(['Kahneman, Daniel', 'Tversky, Amos'], 1979);
    expect(formatCitation(d, 'pp. 263-264')).toBe('(Kahneman y Tversky, 1979, pp. 263-264)');
    expect(formatCitation(d, 'pp. 263-264', { idioma: 'es' })).toBe('(Kahneman y Tversky, 1979, pp. 263-264)');
    expect(formatCitation(d, 'pp. 263-264', { idioma: 'en' })).toBe('(Kahneman & Tversky, 1979, pp. 263-264)');
  });

  it('cites three or more authors as the first et al.', () => {
    expect(formatCitation(doc(['Smith, A.', 'Jones, B.', 'Lee, C.']), '1:02:03')).toBe(
      '(Smith et al., s. f., 1:02:03)',
    );
    expect(formatCitation(doc(['Smith, A.', 'Jones, B.', 'Lee, C.', 'Kim, D.'], 2020), 'p. 1', { idioma: 'en' })).toBe(
      '(Smith et al., 2020, p. 1)',
    );
  });

  it('keeps an organisation whole', () => {
    expect(formatCitation(doc(['World Health Organization'], 2021), 'p. 3')).toBe(
      '(World Health Organization, 2021, p. 3)',
    );
  });

  it('skips blank author entries when counting', () => {
    expect(formatCitation(doc(['', 'Eco, Umberto', '  '], 1977), 'p. 45')).toBe('(Eco, 1977, p. 45)');
  });

  it('writes s. f. or n.d. when the year is missing or null', () => {
    expect(formatCitation(doc(['Eco, Umberto']), 'p. 45')).toBe('(Eco, s. f., p. 45)');
    expect(formatCitation(doc(['Eco, Umberto'], null), 'p. 45')).toBe('(Eco, s. f., p. 45)');
    expect(formatCitation(doc(['Eco, Umberto'], null), 'p. 45', { idioma: 'en' })).toBe('(Eco, n.d., p. 45)');
  });

  it('omits an empty locator', () => {
    expect(formatCitation(doc(['Eco, Umberto'], 1977), '')).toBe('(Eco, 1977)');
    expect(formatCitation(doc(['Eco, Umberto'], 1977), '   ')).toBe('(Eco, 1977)');
    expect(formatCitation(doc(['Eco, Umberto']), '', { idioma: 'en' })).toBe('(Eco, n.d.)');
  });

  it('cites by title when there are no authors', () => {
    expect(formatCitation(doc([], 2020, 'Informe anual'), 'p. 2')).toBe('(Informe anual, 2020, p. 2)');
    expect(formatCitation(doc([], 2020, '  Informe\n anual '), 'p. 2')).toBe('(Informe anual, 2020, p. 2)');
  });

  it('keeps a title of exactly 40 characters whole', () => {
    const title = 'a'.repeat(19) + ' ' + 'b'.repeat(20);
    expect(title).toHaveLength(40);
    expect(formatCitation(doc([], 2020, title), '')).toBe(`(${title}, 2020)`);
  });

  it('cuts a long title at a word boundary and adds an ellipsis', () => {
    const title = 'Historia de la lectura en el mundo occidental desde la Antigüedad';
    expect(formatCitation(doc([], 1998, title), 'p. 10')).toBe('(Historia de la lectura en el mundo…, 1998, p. 10)');
  });

  it('cuts right before a space that falls at the 41st character', () => {
    const title = 'a'.repeat(40) + ' tail';
    expect(formatCitation(doc([], 2020, title), '')).toBe(`(${'a'.repeat(40)}…, 2020)`);
  });

  it('drops punctuation left before the ellipsis', () => {
    const title = 'Pensar rápido, pensar despacio: reconsideraciones';
    expect(formatCitation(doc([], 2011, title), '')).toBe('(Pensar rápido, pensar despacio…, 2011)');
    const dash = 'Thinking about the thinking mind — reconsiderations';
    expect(formatCitation(doc([], 2011, dash), '', { idioma: 'en' })).toBe('(Thinking about the thinking mind…, 2011)');
  });

  it('cuts inside a single word longer than the limit', () => {
    const title = 'x'.repeat(60);
    expect(formatCitation(doc([], 2020, title), '')).toBe(`(${'x'.repeat(40)}…, 2020)`);
  });

  it('counts characters, not UTF-16 units', () => {
    const title = '😀'.repeat(39) + ' fin';
    expect(formatCitation(doc([], 2020, title), '')).toBe(`(${'😀'.repeat(39)}…, 2020)`);
  });

  it('names an untitled, authorless document', () => {
    expect(formatCitation(doc([], 2020, ''), 'p. 1')).toBe('(Sin título, 2020, p. 1)');
    expect(formatCitation(doc([], 2020, ' '), 'p. 1', { idioma: 'en' })).toBe('(Untitled, 2020, p. 1)');
  });

  it('writes years before the common era as negative numbers', () => {
    expect(formatCitation(doc(['Aristóteles'], -350), 'p. 3')).toBe('(Aristóteles, -350, p. 3)');
  });
});
