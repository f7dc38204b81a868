import { readFile } from 'node:fs/promises';
import { parseHTML } from 'linkedom';
import { ConversionError, type Conversion, type Converter, type FoundMetadata } from '../converter';
import { cleanTitle } from '../metadata/clean-fields';
import { unitsFromOutline, type OutlineEvent } from '../sections';
import { decodeWith, sniffEncoding } from '../../formats/text-decode';
import { pageMetadata, type MetaDocument } from '../url/page-metadata';
import { BREAK, collapseWithBreaks } from '../text-repair/line-breaks';
import { textApart } from './html-note-calls';

/** Reads an HTML file (not a captured web page: no readability pass) into sections and paragraphs. */
export const htmlConverter: Converter = {
  kinds: ['html'],
  async convert(file, ctx) {
    const conversion = convertHtml(decodeHtml(await readFile(file.path)));
    await ctx.progress(1);
    return conversion;
  },
};

/** Converts HTML source text: sections from h1-h6, paragraphs from block elements. */
export function convertHtml(html: string): Conversion {
  if (!html.trim()) throw emptyError();
  const document = parseDocument(html);
  const root = documentRoot(document);
  const outline = root ? outlineOf(root) : [];
  const unidades = unitsFromOutline(outline);
  if (unidades.length === 0) throw emptyError();
  return { tipo: 'documento', unidades, metadatos: metadataOf(document, outline) };
}

/** The headings and paragraphs of an HTML document or fragment, in reading order. */
export function outlineFromHtml(html: string): OutlineEvent[] {
  const root = documentRoot(parseDocument(html));
  return root ? outlineOf(root) : [];
}

/**
 * Decodes HTML bytes: a BOM or valid UTF-8 wins; otherwise a charset declared in a meta tag, if the
 * platform knows it; otherwise windows-1252.
 */
export function decodeHtml(bytes: Uint8Array): string {
  const sniffed = sniffEncoding(bytes);
  if (sniffed.encoding === 'windows-1252') {
    const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 2048));
    const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head)?.[1];
    if (declared) {
      try {
        return new TextDecoder(declared).decode(bytes).replace(/\r\n?/g, '\n');
      } catch {
        // Unknown label: fall through to windows-1252.
      }
    }
  }
  return decodeWith(bytes, sniffed);
}

type Doc = ReturnType<typeof parseHTML>['document'];

/** The little of the DOM the walk needs (linkedom's own types are loose). */
interface DomNode {
  nodeType: number;
  childNodes: ArrayLike<DomNode>;
}
interface El extends DomNode {
  localName: string;
  textContent: string;
  parentElement: El | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest(selector: string): El | null;
  querySelector(selector: string): El | null;
}
interface TextNode extends DomNode {
  data: string;
}

function children(node: DomNode): DomNode[] {
  return Array.from(node.childNodes);
}

function isElement(node: DomNode): node is El {
  return node.nodeType === 1;
}

function documentRoot(document: Doc): El | undefined {
  return (document.documentElement as unknown as El | null) ?? undefined;
}

function parseDocument(html: string): Doc {
  // linkedom keeps only the first element of a bare fragment: give it a document to live in.
  const source = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  return parseHTML(source).document;
}

function emptyError(): ConversionError {
  return new ConversionError('El archivo no contiene texto.', 'The HTML file holds no text');
}

/** Never read: code, chrome and form controls. */
const SKIPPED = new Set([
  'head',
  'title',
  'meta',
  'link',
  'base',
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'button',
  'select',
  'option',
  'textarea',
  'input',
]);

/** Elements that end the running paragraph (anything else is inline). */
const BLOCKS = new Set([
  'html',
  'body',
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'main',
  'menu',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'ul',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const BLOCK_SELECTOR = [...BLOCKS].join(',');

function outlineOf(root: El): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  let buffer = '';
  let prefix = '';

  const paragraph = (text: string) => {
    if (!text) return;
    events.push({ kind: 'paragraph', text: prefix + text });
    prefix = '';
  };
  const flush = () => {
    paragraph(collapseWithBreaks(buffer));
    buffer = '';
  };

  const visit = (node: DomNode) => {
    if (node.nodeType === 3) {
      buffer += (node as TextNode).data;
      return;
    }
    if (!isElement(node)) return;
    const el = node;
    const tag = el.localName.toLowerCase();
    if (isSkipped(el, tag)) return;
    if (tag === 'br') {
      buffer += BREAK;
      return;
    }
    if (!BLOCKS.has(tag)) {
      const apart = textApart(el, buffer);
      if (apart !== undefined) {
        buffer += apart;
        return;
      }
      for (const child of children(el)) visit(child);
      return;
    }
    flush();
    if (/^h[1-6]$/.test(tag)) {
      events.push({ kind: 'heading', level: Number(tag[1]), text: inlineText(el).replace(/\n/g, ' ') });
      return;
    }
    if (tag === 'pre') {
      paragraph(el.textContent.replace(/^\s*\n|\s+$/g, ''));
      return;
    }
    if (tag === 'tr' && !cellsHoldBlocks(el)) {
      const cells = children(el).filter((c): c is El => isElement(c) && /^t[dh]$/i.test(c.localName));
      paragraph(
        cells
          .map((c) => inlineText(c))
          .filter(Boolean)
          .join(' | '),
      );
      return;
    }
    if (tag === 'li') prefix = listMarker(el);
    for (const child of children(el)) visit(child);
    flush();
    prefix = '';
  };

  visit(root);
  flush();
  return events;
}

/** Page chrome is skipped, but an article's own header (its title, byline) is content. */
function isSkipped(el: El, tag: string): boolean {
  if (SKIPPED.has(tag)) return true;
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  if ((tag === 'header' || tag === 'footer') && !el.parentElement?.closest('article, main')) return true;
  return false;
}

function cellsHoldBlocks(row: El): boolean {
  return children(row).some((c) => isElement(c) && c.querySelector(BLOCK_SELECTOR) != null);
}

function listMarker(li: El): string {
  const list = li.parentElement;
  if (list?.localName.toLowerCase() !== 'ol') return '- ';
  const start = Number.parseInt(list.getAttribute('start') ?? '1', 10);
  const items = children(list).filter((c) => isElement(c) && c.localName.toLowerCase() === 'li');
  return `${(Number.isFinite(start) ? start : 1) + items.indexOf(li)}. `;
}

/** Text of an element's subtree with whitespace collapsed (line breaks kept), skipping code and chrome. */
function inlineText(el: El): string {
  let text = '';
  const visit = (node: DomNode) => {
    if (node.nodeType === 3) text += (node as TextNode).data;
    else if (isElement(node)) {
      const child = node;
      const tag = child.localName.toLowerCase();
      if (isSkipped(child, tag)) return;
      if (tag === 'br') text += BREAK;
      else if (!BLOCKS.has(tag) && textApart(child, text) !== undefined) text += textApart(child, text);
      else {
        const block = BLOCKS.has(tag);
        if (block) text += ' ';
        for (const c of children(child)) visit(c);
        if (block) text += ' ';
      }
    }
  };
  for (const c of children(el)) visit(c);
  return collapseWithBreaks(text);
}

/**
 * The page's metadata through the one reader a captured web page also uses (`url/page-metadata.ts`), so
 * that an HTML file reads its citation_*, Dublin Core, JSON-LD and OpenGraph tags exactly as its capture
 * would; a file's first h1 stands in for a title the page does not give.
 */
function metadataOf(document: Doc, outline: OutlineEvent[]): FoundMetadata {
  const metadatos = pageMetadata(document as unknown as MetaDocument);
  if (!metadatos.titulo) {
    const firstH1 = cleanTitle(outline.find((e) => e.kind === 'heading' && e.level === 1)?.text);
    if (firstH1) metadatos.titulo = firstH1;
  }
  return metadatos;
}
