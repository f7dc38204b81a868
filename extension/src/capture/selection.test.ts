// @vitest-environment jsdom
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { QUOTE_CONTEXT, anchorQuote, captureSelection, selectorsOf } from './selection';

const ARTICLE = `<!doctype html><html><head><title>Nitratos</title>
<script>var analytics = "la concentración media de nitratos";</script></head>
<body>
  <nav>Inicio · Números</nav>
  <article>
    <h1>Nitratos en el acuífero</h1>
    <p>En el interior del anillo la concentración media de nitratos fue baja.</p>
    <p>En lluvias,   la concentración media de
       nitratos fue de <b>44,9 mg/L</b>, cerca del límite de la norma.</p>
    <p>En secas la concentración media de nitratos bajó a 31,2 mg/L.</p>
  </article>
</body></html>`;

function open(html = ARTICLE) {
  const dom = new JSDOM(html, { url: 'https://revista.example.org/articulos/nitratos' });
  return { doc: dom.window.document, window: dom.window };
}

/** Selects from `from` (its first occurrence in the body's text) through `to`, across elements. */
function select(doc: Document, from: string, to: string): Selection {
  const walker = doc.createTreeWalker(doc.body, 4);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  const locate = (needle: string, after: boolean) => {
    for (const node of nodes) {
      const i = node.data.indexOf(needle);
      if (i >= 0) return { node, offset: after ? i + needle.length : i };
    }
    throw new Error(`not found: ${needle}`);
  };
  const start = locate(from, false);
  const end = locate(to, true);
  const range = doc.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  const selection = doc.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('captureSelection', () => {
  it('gives the exact text (white space collapsed), 32 characters of context each side and its offsets', () => {
    const { doc } = open();
    const quote = captureSelection(select(doc, 'la concentración media de\n', '44,9 mg/L'), doc)!;
    expect(quote.exact).toBe('la concentración media de nitratos fue de 44,9 mg/L');
    expect(quote.prefix).toBe(' nitratos fue baja. En lluvias, ');
    expect(quote.prefix).toHaveLength(QUOTE_CONTEXT);
    expect(quote.suffix).toBe(', cerca del límite de la norma. ');
    expect(quote.suffix).toHaveLength(QUOTE_CONTEXT);
    // The position is over the body's raw text: it slices back the very characters selected.
    const text = doc.body.textContent!;
    expect(collapse(text.slice(quote.start, quote.end))).toBe(quote.exact);
    expect(text.slice(quote.start, quote.start + 3)).toBe('la ');
    expect(text.slice(quote.end - 4, quote.end)).toBe('mg/L');
  });

  it('trims white space selected at either end', () => {
    const { doc } = open();
    const quote = captureSelection(select(doc, ' 31,2 mg/L', '31,2 mg/L.'), doc)!;
    expect(quote.exact).toBe('31,2 mg/L.');
    expect(quote.prefix).toBe('concentración media de nitratos bajó a '.slice(-QUOTE_CONTEXT));
    expect(doc.body.textContent!.slice(quote.start, quote.end)).toBe('31,2 mg/L.');
  });

  it('names the two W3C selectors', () => {
    const { doc } = open();
    const quote = captureSelection(select(doc, '44,9', 'mg/L'), doc)!;
    expect(selectorsOf(quote)).toEqual([
      { type: 'TextQuoteSelector', exact: '44,9 mg/L', prefix: quote.prefix, suffix: quote.suffix },
      { type: 'TextPositionSelector', start: quote.start, end: quote.end },
    ]);
  });

  it('is undefined for a caret or a selection outside the body text', () => {
    const { doc } = open();
    const selection = select(doc, 'Inicio', 'Inicio');
    selection.collapseToStart();
    expect(captureSelection(selection, doc)).toBeUndefined();
    selection.removeAllRanges();
    expect(captureSelection(selection, doc)).toBeUndefined();
  });
});

describe('anchorQuote', () => {
  it('finds the quote again in the same page', () => {
    const { doc } = open();
    const quote = captureSelection(select(doc, 'la concentración media de\n', '44,9 mg/L'), doc)!;
    const range = anchorQuote(doc, quote)!;
    expect(collapse(range.toString())).toBe(quote.exact);
    expect(range.startContainer.parentElement?.textContent).toMatch(/^En lluvias/);
  });

  it('finds it after the text before it changed, whitespace reflowed and markup split, by its context', () => {
    const { doc } = open();
    const quote = captureSelection(select(doc, 'la concentración media de\n', '44,9 mg/L'), doc)!;

    // The page changes: a new paragraph with the same words earlier on (but other context), the quoted
    // paragraph re-indented onto one line and its words split across elements.
    const article = doc.querySelector('article')!;
    const decoy = doc.createElement('p');
    decoy.textContent = 'Resumen: la concentración media de nitratos fue de 44,9 mg/L según el informe.';
    article.querySelector('h1')!.after(decoy);
    article.querySelectorAll('p')[2]!.innerHTML =
      'En lluvias, la <em>concentración</em> media de nitratos fue de\n\t<b>44,9</b>\n\tmg/L, cerca del límite de la norma.';

    const range = anchorQuote(doc, quote)!;
    expect(collapse(range.toString())).toBe('la concentración media de nitratos fue de 44,9 mg/L');
    expect(range.startContainer.parentElement?.closest('p')?.textContent).toMatch(/^En lluvias/);
    expect(range.endContainer.textContent).toContain('mg/L');
    // Its saved position now points elsewhere: the context decided.
    expect(doc.body.textContent!.slice(quote.start, quote.end)).not.toMatch(/^la concentración media/);
  });

  it('uses the position to choose between places whose context matches as well', () => {
    const { doc } = open('<!doctype html><body><p>uno dos tres</p><p>uno dos tres</p><p>uno dos tres</p></body>');
    const third = anchorQuote(doc, { exact: 'dos', prefix: 'uno ', suffix: ' tres', start: 27 })!;
    expect(
      Array.from(doc.querySelectorAll('p')).indexOf(third.startContainer.parentElement as HTMLParagraphElement),
    ).toBe(2);
    const first = anchorQuote(doc, { exact: 'dos' })!;
    expect(
      Array.from(doc.querySelectorAll('p')).indexOf(first.startContainer.parentElement as HTMLParagraphElement),
    ).toBe(0);
  });

  it('never anchors in script text, and is undefined once the words are gone', () => {
    const { doc } = open(
      ARTICLE.replace(
        /<article>[\s\S]*<\/article>/,
        '<p>Otra cosa.</p><script>var x = "nitratos fue de 44,9";</script>',
      ),
    );
    expect(anchorQuote(doc, { exact: 'nitratos fue de 44,9' })).toBeUndefined();
    expect(anchorQuote(doc, { exact: '   ' })).toBeUndefined();
  });
});
