import { describe, expect, it } from 'vitest';
import { citationInsertion, joinToPrevious, LEADING_SPACE_HTML } from './content';
import { pasaje } from './testing/pasajes';

describe('citationInsertion', () => {
  it('links the cita to the reader', () => {
    expect(citationInsertion(pasaje(), 'cita')).toEqual({
      html: '<a href="http://127.0.0.1:8787/leer/eco77?pagina=47">(Eco, 1977, p. 45)</a>',
      text: '(Eco, 1977, p. 45)',
    });
  });

  it('quotes the literal text, whitespace collapsed, before the cita', () => {
    const ins = citationInsertion(pasaje(), 'textual');
    expect(ins.text).toBe(
      '“La semiótica se ocupa de cualquier cosa que pueda considerarse como signo.” (Eco, 1977, p. 45)',
    );
    expect(ins.html).toMatch(
      /^“La semiótica .* signo\.” <a href="http:\/\/127\.0\.0\.1:8787\/leer\/eco77\?pagina=47">/,
    );
  });

  it('escapes text and refuses non-web links', () => {
    const ins = citationInsertion(
      pasaje({ cita: '(A<b>, 2020)', texto: '"x" & <y>', enlace: 'javascript:alert(1)' }),
      'textual',
    );
    expect(ins.html).toBe('“&#34;x&#34; &#38; &#60;y&#62;” (A&#60;b&#62;, 2020)');
    expect(ins.html).not.toContain('href');
  });
});

describe('joinToPrevious', () => {
  const ins = { html: '<a href="https://x.org/">(A, 2020)</a>', text: '(A, 2020)' };

  it('adds a space after a word, not after a space, an opening mark or at the start', () => {
    expect(joinToPrevious(ins, 'o')).toEqual({ html: `${LEADING_SPACE_HTML}${ins.html}`, text: ' (A, 2020)' });
    for (const before of ['', ' ', '\n', '(', '«', '“']) expect(joinToPrevious(ins, before)).toBe(ins);
  });

  it('starts block content on its own line', () => {
    const block = { ...ins, block: true };
    expect(joinToPrevious(block, '.').text).toBe('\n(A, 2020)');
    expect(joinToPrevious(block, '\n')).toBe(block);
  });
});
