import { describe, expect, it } from 'vitest';
import { markdownText, plainText, richFromHtml } from './rich-text';

describe('richFromHtml', () => {
  it('reads citeproc HTML: italics, entities, small caps and the layout of numeric entries', () => {
    const entry = richFromHtml(
      '  <div class="csl-entry">\n    <div class="csl-left-margin">[2]</div><div class="csl-right-inline">J. Smith &#38; ' +
        'A. Lee, <i>Karst &amp; <span style="font-style:normal;">water</span></i>, <span style="font-variant:small-caps;">Ed</span>.</div>\n  </div>\n',
    );
    expect(entry).toEqual([
      { text: '[2] J. Smith & A. Lee, ' },
      { text: 'Karst & ', italic: true },
      { text: 'water, ' },
      { text: 'Ed', smallCaps: true },
      { text: '.' },
    ]);
    expect(plainText(entry)).toBe('[2] J. Smith & A. Lee, Karst & water, Ed.');
  });

  it('writes Markdown emphasis that hugs its text and escapes Markdown characters', () => {
    const rich = richFromHtml('(<i>Sin autor </i>, s. f., a*b_c)');
    expect(markdownText(rich)).toBe('(*Sin autor* , s. f., a\\*b\\_c)');
    expect(markdownText(richFromHtml('<b><i>Todo</i></b>'))).toBe('***Todo***');
  });
});
