import { parseHTML } from 'linkedom';
import { outlineFromHtml } from '../html/html';
import { mathText, type MathNode } from './mathml-text';
import type { OutlineEvent } from '../sections';
import { svgParagraphs, type SvgNode } from './svg-text';
import { type El, tokens } from './epub-xml';

// ---------------------------------------------------------------------------------------------------------
// Content documents

/** Stands for a page marker in the outline text: MARK_OPEN + index into the book's labels + MARK_CLOSE. */
const MARK_OPEN = '\uE001';
const MARK_CLOSE = '\uE002';
const MARK = new RegExp(`${MARK_OPEN}(\\d+)${MARK_CLOSE}`, 'g');
const LIST_PREFIX = /^(?:- |\d+\. )/;
const INLINE = new Set(['a', 'span', 'b', 'i', 'em', 'strong', 'small', 'sup', 'sub', 'abbr', 'cite', 'br', 'hr']);

/**
 * The outline of one content document, with every page start replaced by a marker the outline walk keeps
 * in place: pagebreak elements and page-list targets become `MARK_OPEN index MARK_CLOSE`, `index` pointing
 * into `labels` (which this appends to).
 */
export function markedOutline(
  source: string,
  pages: Map<string, string> | undefined,
  labels: (string | null)[],
): OutlineEvent[] {
  const { document } = parseHTML(asHtmlDocument(source));
  const mark = (label: string | null | undefined) => {
    labels.push(folio(label));
    return document.createTextNode(`${MARK_OPEN}${labels.length - 1}${MARK_CLOSE}`);
  };
  readFormulasAndDrawings(document as unknown as MarkupDocument);
  const elements = [...document.querySelectorAll('*')] as unknown as El[];
  for (const el of elements) {
    if (el.localName === 'epub:case') {
      // Of an epub:switch, only the fallback (epub:default) is plain content.
      el.remove();
      continue;
    }
    if (el.localName === 'header' || el.localName === 'footer') {
      // A book has no site chrome: its headers hold section headings, its footers notes. The HTML walk
      // would skip them as page chrome, so they become plain blocks.
      rename(el, 'div');
      continue;
    }
    const id = el.getAttribute('id') ?? (el.localName === 'a' ? el.getAttribute('name') : null);
    const listed = id != null ? pages?.get(id) : undefined;
    const types = [...tokens(el.getAttribute('epub:type')), ...tokens(el.getAttribute('role'))];
    const isBreak = types.includes('pagebreak') || types.includes('doc-pagebreak');
    if (!isBreak && listed === undefined) continue;
    const label = listed ?? el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent;
    const text = el.textContent.trim();
    if (isBreak || (INLINE.has(el.localName) && (text === '' || folio(text) === folio(label)))) {
      // The marker's own text is the folio, not content.
      el.replaceWith(mark(label));
    } else {
      // An element that starts the page (a paragraph, a section) keeps its content.
      el.before(mark(label));
    }
  }
  const start = pages?.get('');
  if (start !== undefined) document.body?.prepend(mark(start));
  relevelHeadings(elements);
  return outlineFromHtml(document.toString()).map((event) => ({ ...event, text: tightenFormulas(event.text) }));
}

/** What `readFormulasAndDrawings` needs of a parsed content document. */
interface MarkupDocument {
  querySelectorAll(selector: string): ArrayLike<El & MathNode & SvgNode>;
  createElement(tag: string): El;
  createTextNode(text: string): unknown;
}

/**
 * Puts the text of MathML and inline SVG where the HTML walk (which skips both, as a web page's are
 * decoration) reads it: each `<math>` becomes its text in the sentence (see `mathml-text.ts`), set apart
 * by spaces when displayed; each outermost `<svg>` that draws text becomes a block of paragraphs (see `svg-text.ts`), so a
 * fixed-layout page set as SVG reads as paragraphs of its section.
 */
function readFormulasAndDrawings(document: MarkupDocument): void {
  for (const math of Array.from(document.querySelectorAll('math'))) {
    if (!math.isConnected) continue;
    // Inline, a formula sits tight against its punctuation ('size n.'); displayed, it stands apart.
    const display = math.getAttribute('display') === 'block' || math.getAttribute('mode') === 'display';
    const text = mathText(math);
    math.replaceWith(document.createTextNode(display ? ` ${text} ` : `${text}${FORMULA_END}`));
  }
  for (const svg of Array.from(document.querySelectorAll('svg'))) {
    if (!svg.isConnected) continue;
    const paragraphs = svgParagraphs(svg);
    if (paragraphs.length === 0) continue;
    const block = document.createElement('div');
    for (const text of paragraphs) {
      const p = document.createElement('p');
      p.append(document.createTextNode(text));
      block.append(p);
    }
    svg.replaceWith(block);
  }
}

/**
 * Ends an inline formula in the outline text: the markup around a formula often leaves a space between it
 * and the punctuation that follows ('size <span><math>…</math> </span>.'), which the outline then keeps.
 */
const FORMULA_END = '\uE003';
const SPACED_PUNCTUATION = new RegExp(`${FORMULA_END}\\s+(?=[.,;:!?)\\]])`, 'g');

/** Removes the formula ends from outline text, and the space between a formula and its punctuation. */
function tightenFormulas(text: string): string {
  if (!text.includes(FORMULA_END)) return text;
  return text.replace(SPACED_PUNCTUATION, '').replaceAll(FORMULA_END, '');
}

/**
 * Removes the markers from outline text. Returns the clean text, the label indexes of every marker, and
 * those of the markers before any of the text (a page that starts with this paragraph). A list item's
 * '- ' or '3. ' prefix does not count as text.
 */
export function takeMarkers(raw: string, paragraph: boolean): [string, number[], number[]] {
  if (!raw.includes(MARK_OPEN)) return [raw.trim(), [], []];
  const markers: number[] = [];
  const leading: number[] = [];
  for (const match of raw.matchAll(MARK)) {
    const index = Number(match[1]);
    markers.push(index);
    const before = raw.slice(0, match.index).replace(MARK, '').replace(LIST_PREFIX, '');
    if (before.trim() === '') leading.push(index);
  }
  let text = raw
    .replace(MARK, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
  if (paragraph && /^(?:-|\d+\.)$/.test(text)) text = '';
  return [text, markers, leading];
}

/**
 * Sets heading levels by sectioning depth where the tags say less: in a document that nests
 * `<section><h1>` inside `<section><h1>`, the inner heading becomes an h2. Depth counts from the
 * shallowest heading of the document, so a document's outermost headings keep their tags.
 */
function relevelHeadings(elements: El[]): void {
  const headings = elements.filter((el) => el.isConnected && /^h[1-6]$/.test(el.localName));
  const depth = (el: El) => {
    let n = 0;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (up.localName === 'section' || up.localName === 'article') n++;
    }
    return n;
  };
  const depths = headings.map(depth);
  const shallowest = Math.min(...depths);
  for (const [i, heading] of headings.entries()) {
    const level = Math.min(6, depths[i]! - shallowest + 1);
    if (level <= Number(heading.localName[1])) continue;
    rename(heading, `h${level}`);
  }
}

/** Replaces an element by one with another tag and the same attributes and children. */
function rename(el: El, tag: string): void {
  const renamed = el.ownerDocument.createElement(tag);
  for (const { name, value } of Array.from(el.attributes)) renamed.setAttribute(name, value);
  renamed.append(...Array.from(el.childNodes));
  el.replaceWith(renamed);
}

/** A printed folio from a page label: '45', 'xii', '[45]' → '45', 'p. 45' → '45'; null for 'Inside Cover'. */
function folio(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const label = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^(?:page|p[áa]gina|p[áa]g|pg|p)(?:\.\s*|\s+|(?=\d))/i, '')
    .trim();
  if (!label || /\s/.test(label) || label.length > 16 || !/[\p{L}\p{N}]/u.test(label)) return null;
  return label;
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const SELF_CLOSING = /<([a-zA-Z][\w:.-]*)((?:\s+[^\s/>"'=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/>/g;

/**
 * XHTML as the HTML parser needs it. XHTML is XML, but read as XML its HTML entities (&nbsp;) are lost,
 * and read as HTML its self-closed elements (`<a id="p1"/>`, `<span epub:type="pagebreak"/>`) swallow what
 * follows them; so self-closed non-void elements get an end tag and the HTML parser reads the result.
 */
export function asHtmlDocument(xhtml: string): string {
  // The page markers' own characters cannot come from the book.
  const html = xhtml
    .replace(/[\uE001-\uE003]/g, '')
    .replace(SELF_CLOSING, (whole, tag: string, attributes: string) =>
      VOID_ELEMENTS.has(tag.toLowerCase()) ? whole : `<${tag}${attributes}></${tag}>`,
    );
  return /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
}

/** Markup, not the ciphertext of a content document whose encryption is not declared. */
export function looksLikeMarkup(text: string): boolean {
  return !text.includes('\u0000') && /<[a-zA-Z!?]/.test(text.slice(0, 4096));
}
