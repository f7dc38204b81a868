import { Readability } from '@mozilla/readability';
import { captureFileName } from './slug';
import { absoluteUrl, withoutFragment } from './web';

/**
 * A web page as the user saw it, ready to upload as a file: `POST /documentos?nombre=…&url=…` with `html`
 * as the body (content type `text/html`). The backend reads an HTML file that comes with its origin URL as
 * that web page: `web` anchors on `url`, metadata from the tags kept in the head.
 */
export interface CapturedPage {
  kind: 'page';
  /** The page's address without its fragment: the upload's `url`. */
  url: string;
  /** The page's title as its metadata give it, for the user interface; the backend reads its own. */
  titulo: string;
  /** The upload's `nombre`: '<slug of the title>.html'. */
  nombre: string;
  contentType: 'text/html';
  /** A small self-contained HTML document: the page's bibliographic tags and its article. */
  html: string;
  /** True when Readability found the article; false when the page's visible structure was kept whole. */
  article: boolean;
  /** When the capture was made, ISO 8601. Not inside `html`: the same page captured twice is one document. */
  capturedAt: string;
}

/**
 * Captures a page in the content script: Mozilla Readability runs on a clone of the live DOM (logged-in and
 * paywalled text included, elements the page hides left out) and keeps the article with its headings,
 * paragraphs, lists, quotes, tables and figure captions; navigation, ads and comments go. When Readability
 * finds no article (under 500 characters of text), the page's visible structure is kept instead, without
 * navigation and the page's own header and footer.
 * The head keeps what the backend reads metadata from: `<title>`, `lang`, the citation_*, Dublin Core,
 * OpenGraph and `article:*` tags, the canonical link and the JSON-LD scripts. Scripts, styles, frames,
 * media and every attribute that is not content are dropped.
 */
export function capturePage(doc: Document, now: Date = new Date()): CapturedPage {
  const clone = doc.cloneNode(true) as Document;
  dropHidden(doc, clone);
  const fallbackBody = clone.body?.cloneNode(true) as HTMLElement | undefined;

  let parsed: ReturnType<Readability<Node>['parse']> = null;
  try {
    parsed = new Readability<Node>(clone, { serializer: (node) => node }).parse();
  } catch {
    // Readability gives up on some unusual documents: the visible structure is kept instead.
  }
  // Readability always returns its best attempt; under its own threshold that is no article.
  const articleNode =
    parsed?.content && (parsed.textContent?.trim().length ?? 0) >= ARTICLE_MIN_CHARS ? parsed.content : undefined;

  const title = doc.title.trim();
  const out = doc.implementation.createHTMLDocument(title);
  copyHead(doc, out);

  const content = articleNode ?? (fallbackBody && withoutChrome(fallbackBody));
  if (content) {
    out.body.append(out.importNode(content, true));
    sanitize(out.body, doc.baseURI);
    if (articleNode && parsed?.byline?.trim() && !hasAuthorTags(doc)) {
      // Readability took the byline out of the article: put it back where a second reading finds it again.
      const byline = out.createElement('p');
      byline.className = 'byline';
      byline.textContent = parsed.byline.trim();
      out.body.prepend(byline, '\n');
    }
  }

  const url = withoutFragment(doc.URL);
  const titulo = bestTitle(doc, parsed?.title) || url;
  return {
    kind: 'page',
    url,
    titulo,
    nombre: captureFileName(titulo, 'html'),
    contentType: 'text/html',
    html: `<!doctype html>\n${out.documentElement.outerHTML}\n`,
    article: articleNode !== undefined,
    capturedAt: now.toISOString(),
  };
}

/** Readability's own `charThreshold`: text it needs to call what it found an article. */
const ARTICLE_MIN_CHARS = 500;

// --- head ----------------------------------------------------------------------------------------

/** Meta tags the backend reads bibliographic metadata from (by name, property or itemprop). */
const META_PREFIXES = /^(?:citation_|dc\.|dcterms\.|og:|article:|prism\.|bepress_|eprints\.|book:|video:)/i;
const META_NAMES = new Set([
  'author',
  'description',
  'keywords',
  'date',
  'datepublished',
  'datecreated',
  'application-name',
  'content-language',
  'language',
  'twitter:title',
  'twitter:creator',
]);

function copyHead(doc: Document, out: Document): void {
  const head = out.head;
  const charset = out.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  head.prepend(charset);

  const root = doc.documentElement;
  const lang = root.getAttribute('lang') ?? root.getAttribute('xml:lang');
  if (lang?.trim()) out.documentElement.setAttribute('lang', lang.trim());
  const dir = root.getAttribute('dir');
  if (dir === 'rtl' || dir === 'ltr') out.documentElement.setAttribute('dir', dir);

  const seen = new Set<string>();
  for (const meta of Array.from(doc.querySelectorAll('meta'))) {
    const content = meta.getAttribute('content')?.trim();
    const name = meta.getAttribute('name')?.trim();
    const property = meta.getAttribute('property')?.trim();
    const itemprop = meta.getAttribute('itemprop')?.trim();
    if (!content || ![name, property, itemprop].some(isBibliographic)) continue;
    const key = JSON.stringify([name, property, itemprop, content]);
    if (seen.has(key)) continue;
    seen.add(key);
    const copy = out.createElement('meta');
    if (name) copy.setAttribute('name', name);
    if (property) copy.setAttribute('property', property);
    if (itemprop && !name && !property) copy.setAttribute('itemprop', itemprop);
    copy.setAttribute('content', content);
    head.append('\n', copy);
  }

  const canonical = doc.querySelector('link[rel~="canonical" i][href]')?.getAttribute('href');
  const canonicalUrl = canonical && absoluteUrl(canonical, doc.baseURI);
  if (canonicalUrl) {
    const link = out.createElement('link');
    link.setAttribute('rel', 'canonical');
    link.setAttribute('href', canonicalUrl);
    head.append('\n', link);
  }

  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))) {
    const json = script.textContent?.trim();
    if (!json) continue;
    const copy = out.createElement('script');
    copy.setAttribute('type', 'application/ld+json');
    // '</script>' inside a JSON string would end the element early; '<\/' is the same JSON.
    copy.textContent = json.replace(/<\//g, '<\\/');
    head.append('\n', copy);
  }
  head.append('\n');
}

function isBibliographic(key: string | undefined): boolean {
  return !!key && (META_PREFIXES.test(key) || META_NAMES.has(key.toLowerCase()));
}

function hasAuthorTags(doc: Document): boolean {
  return doc.querySelector('meta[name="citation_author" i], meta[name="dc.creator" i], meta[name="author" i]') != null;
}

function bestTitle(doc: Document, readabilityTitle: string | null | undefined): string {
  const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content')?.trim();
  return (
    meta('meta[name="citation_title" i]') ||
    meta('meta[name="dc.title" i]') ||
    meta('meta[property="og:title" i]') ||
    readabilityTitle?.trim() ||
    doc.title.trim()
  );
}

// --- body ----------------------------------------------------------------------------------------

/**
 * Removes from the clone what the live page does not show (`hidden`, `display: none`): closed menus,
 * cookie banners, templates for other screen sizes. The clone has the live document's elements in the
 * same order, so the two element lists match index for index.
 */
function dropHidden(live: Document, clone: Document): void {
  const view = live.defaultView;
  if (!view || !live.body || !clone.body) return;
  const liveElements = Array.from(live.body.getElementsByTagName('*'));
  const cloneElements = Array.from(clone.body.getElementsByTagName('*'));
  if (liveElements.length !== cloneElements.length) return;
  const hidden: Element[] = [];
  let inside: Element | undefined;
  liveElements.forEach((el, i) => {
    if (inside?.contains(el)) return;
    if (el.hasAttribute('hidden') || view.getComputedStyle(el).display === 'none') {
      hidden.push(cloneElements[i]!);
      inside = el;
    }
  });
  for (const el of hidden) el.remove();
}

/** Without Readability: the body minus navigation and the page's own header and footer. */
function withoutChrome(body: HTMLElement): HTMLElement {
  for (const el of Array.from(
    body.querySelectorAll('nav, [role="navigation"], [role="banner"], [role="contentinfo"]'),
  )) {
    el.remove();
  }
  for (const el of Array.from(body.querySelectorAll('header, footer'))) {
    if (!el.parentElement?.closest('article, main')) el.remove();
  }
  return body;
}

/** Elements dropped with their content: code, media, embedded documents and form controls. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'canvas',
  'svg',
  'math',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'map',
  'area',
  'input',
  'button',
  'select',
  'textarea',
  'dialog',
  'link',
  'meta',
  'base',
  'head',
  'title',
]);

/** Elements kept, with the attributes each may keep besides `lang` and `dir`. */
const KEPT: Record<string, readonly string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  div: [],
  section: [],
  article: [],
  main: [],
  header: [],
  footer: [],
  aside: [],
  address: [],
  blockquote: ['cite'],
  q: ['cite'],
  pre: [],
  code: [],
  ul: [],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  dl: [],
  dt: [],
  dd: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  figure: [],
  figcaption: [],
  details: [],
  summary: [],
  a: ['href'],
  em: [],
  strong: [],
  b: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  abbr: ['title'],
  cite: [],
  dfn: [],
  kbd: [],
  samp: [],
  var: [],
  time: ['datetime'],
  bdi: [],
  bdo: [],
  wbr: [],
};

const BLOCK_SELECTOR = Object.keys(KEPT)
  .filter(
    (tag) =>
      !/^(?:a|em|strong|b|i|u|s|del|ins|sub|sup|small|mark|abbr|cite|dfn|kbd|samp|var|time|bdi|bdo|wbr|br|code|q)$/.test(
        tag,
      ),
  )
  .join(',');

/**
 * Keeps the structure the backend reads (blocks, headings, lists, tables) and nothing else: dropped
 * elements go with their content; other elements (span, font, custom elements) give way to their content,
 * or become a div when they hold blocks, so paragraphs stay apart; attributes go but for a few that carry
 * content, and links become absolute.
 */
function sanitize(root: Element, baseUri: string): void {
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      const tag = child.localName.toLowerCase();
      if (DROPPED.has(tag)) {
        child.remove();
        continue;
      }
      walk(child);
      const allowed = KEPT[tag];
      if (allowed) {
        cleanAttributes(child, allowed, baseUri);
        continue;
      }
      const keepsBlocks = child.querySelector(BLOCK_SELECTOR) != null;
      if (keepsBlocks) {
        const div = child.ownerDocument.createElement('div');
        div.append(...Array.from(child.childNodes));
        child.replaceWith(div);
      } else {
        child.replaceWith(...Array.from(child.childNodes));
      }
    }
  };
  walk(root);
  // Comments are no content; the backend would skip them, but they cost bytes.
  const doc = root.ownerDocument;
  const comments = doc.createTreeWalker(root, 0x80 /* NodeFilter.SHOW_COMMENT */);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  for (const comment of found) comment.parentNode?.removeChild(comment);
  cleanAttributes(root, [], baseUri);
}

function cleanAttributes(el: Element, allowed: readonly string[], baseUri: string): void {
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    const keep = name === 'lang' || name === 'dir' || allowed.includes(name);
    if (!keep) el.removeAttribute(attr.name);
  }
  if (el.localName === 'a') {
    const href = el.getAttribute('href');
    const absolute = href ? absoluteUrl(href, baseUri) : undefined;
    if (absolute && /^(?:https?|mailto|ftp):/i.test(absolute)) el.setAttribute('href', absolute);
    else el.removeAttribute('href');
  }
}
