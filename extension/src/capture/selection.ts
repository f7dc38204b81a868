/** W3C Web Annotation TextQuoteSelector: the quoted text with a little of what surrounds it. */
export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix: string;
  suffix: string;
}

/** W3C Web Annotation TextPositionSelector: offsets in the document's text (`document.body.textContent`). */
export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

/**
 * A saved selection: the TextQuote (`exact`, `prefix`, `suffix`, white space collapsed) and the
 * TextPosition (`start`, `end`) of the exact text, in one flat object with the W3C field names.
 */
export interface CapturedQuote {
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
}

/** Characters of context kept each side of a quote. */
export const QUOTE_CONTEXT = 32;

/**
 * The user's selection in the page's body as a quote to re-find later: the selected text with white space
 * runs collapsed to one space and trimmed, the 32 characters (after collapsing) before and after it, and
 * the offsets of the trimmed text in `doc.body.textContent`. Undefined when nothing in the body is
 * selected (a collapsed caret, text inside a form field). Several ranges (Firefox) count as one, from the
 * first start to the last end.
 */
export function captureSelection(selection: Selection, doc: Document): CapturedQuote | undefined {
  const body = doc.body;
  if (!body || selection.rangeCount === 0) return undefined;
  const first = selection.getRangeAt(0);
  const last = selection.getRangeAt(selection.rangeCount - 1);
  if (!body.contains(first.startContainer) || !body.contains(last.endContainer)) return undefined;

  const text = bodyText(doc).text;
  let start = textOffset(doc, first.startContainer, first.startOffset);
  let end = textOffset(doc, last.endContainer, last.endOffset);
  const selected = text.slice(start, end);
  start += selected.length - selected.trimStart().length;
  end -= selected.length - selected.trimEnd().length;
  if (end <= start) return undefined;

  return {
    exact: collapse(text.slice(start, end)),
    prefix: collapse(text.slice(Math.max(0, start - QUOTE_CONTEXT * 8), start)).slice(-QUOTE_CONTEXT),
    suffix: collapse(text.slice(end, end + QUOTE_CONTEXT * 8)).slice(0, QUOTE_CONTEXT),
    start,
    end,
  };
}

/** The quote as the two W3C selectors, for an annotation's `target.selector`. */
export function selectorsOf(quote: CapturedQuote): [TextQuoteSelector, TextPositionSelector] {
  return [
    { type: 'TextQuoteSelector', exact: quote.exact, prefix: quote.prefix, suffix: quote.suffix },
    { type: 'TextPositionSelector', start: quote.start, end: quote.end },
  ];
}

/** What {@link anchorQuote} needs: the exact text; context and position help choose among repeats. */
export interface QuoteToFind {
  exact: string;
  prefix?: string;
  suffix?: string;
  start?: number;
}

/**
 * Finds a saved quote in the page as it is now: every place its exact text occurs (white space ignored,
 * so reflowed or re-indented text still matches), scored by how much of the saved prefix and suffix
 * surrounds it; among equals, the one nearest the saved position. Text inside scripts and styles is never
 * a match. Undefined when the exact text is no longer there.
 */
export function anchorQuote(doc: Document, quote: QuoteToFind): Range | undefined {
  if (!doc.body) return undefined;
  const { nodes, starts, text } = bodyText(doc);
  const page = skeleton(text);
  const exact = skeleton(quote.exact).text;
  if (!exact) return undefined;
  const prefix = skeleton(quote.prefix ?? '').text;
  const suffix = skeleton(quote.suffix ?? '').text;

  let best: { at: number; score: number; distance: number } | undefined;
  for (let at = page.text.indexOf(exact); at >= 0; at = page.text.indexOf(exact, at + 1)) {
    const rawStart = page.map[at]!;
    if (isCode(nodes[nodeAt(starts, rawStart)]!)) continue;
    const score =
      commonSuffix(page.text.slice(Math.max(0, at - prefix.length), at), prefix) +
      commonPrefix(page.text.slice(at + exact.length, at + exact.length + suffix.length), suffix);
    const distance = quote.start === undefined ? 0 : Math.abs(rawStart - quote.start);
    if (!best || score > best.score || (score === best.score && distance < best.distance)) {
      best = { at, score, distance };
    }
  }
  if (!best) return undefined;

  const rawStart = page.map[best.at]!;
  const rawEnd = page.map[best.at + exact.length - 1]! + 1;
  const startNode = nodeAt(starts, rawStart);
  const endNode = nodeAt(starts, rawEnd - 1);
  const range = doc.createRange();
  range.setStart(nodes[startNode]!, rawStart - starts[startNode]!);
  range.setEnd(nodes[endNode]!, rawEnd - starts[endNode]!);
  return range;
}

// --- text model ----------------------------------------------------------------------------------

const SHOW_TEXT = 0x4; // NodeFilter.SHOW_TEXT, without relying on the page's globals

/** The body's text nodes in order, where each starts in the body's text, and that text (= textContent). */
function bodyText(doc: Document): { nodes: Text[]; starts: number[]; text: string } {
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  const walker = doc.createTreeWalker(doc.body, SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode as Text;
    nodes.push(node);
    starts.push(text.length);
    text += node.data;
  }
  return { nodes, starts, text };
}

/** Offset in the body's text of a DOM boundary point: the length of the text before it. */
function textOffset(doc: Document, container: Node, offset: number): number {
  const before = doc.createRange();
  before.setStart(doc.body, 0);
  before.setEnd(container, offset);
  return before.toString().length;
}

/** Index of the text node holding character `offset` (binary search over the start offsets). */
function nodeAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function isCode(node: Text): boolean {
  return node.parentElement?.closest('script, style, noscript, template') != null;
}

/** The text without any white space, and for each of its characters the offset in the original. */
function skeleton(text: string): { text: string; map: number[] } {
  let out = '';
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    out += text[i];
    map.push(i);
  }
  return { text: out, map };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
