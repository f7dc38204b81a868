import type { AnclaSeccion } from '@folio/shared';
import { DOMParser, parseHTML } from 'linkedom';
import {
  ConversionError,
  type Block,
  type Conversion,
  type ConvertContext,
  type Converter,
  type FoundMetadata,
  type SourceFile,
  type Unit,
} from '../converter';
import { outlineFromHtml } from '../html/html';
import { authorsFromMetadata, authorsFromTags } from '../metadata/author-names';
import { mathText, type MathNode } from './mathml-text';
import { cleanTitle, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';
import { unitsFromOutline, type OutlineEvent } from '../sections';
import { svgParagraphs, type SvgNode } from './svg-text';
import { resolveEntryPath, withZip, type ZipArchive } from '../../formats/zip';

/**
 * Reads an EPUB (2 or 3): the content documents in spine order, as sections and paragraphs anchored by
 * heading path (`ruta`), paragraph number within the section (`parrafo`) and, when the book carries its
 * print pagination, the printed page each paragraph starts on (`impresa`).
 */
export const epubConverter: Converter = {
  kinds: ['epub'],
  convert: convertEpub,
};

/**
 * Converts an EPUB file.
 *
 * - Reading order: the spine's linear items in order, then its non-linear ones (notes, answers …), which
 *   are supplementary but still the book's text. The navigation document is read only when the spine
 *   lists it, and then only outside its `<nav>` elements.
 * - `ruta`: the headings in force, across documents: a document without headings continues the section
 *   of the one before (books are often split mid-chapter), unless the table of contents names it, in
 *   which case that title heads it. Headings nested in `<section>`/`<article>` count one level per
 *   sectioning element when the tags alone say less (books that use `<h1>` at every depth).
 * - `impresa`: from the page-list (EPUB 3 nav, else EPUB 2 NCX `pageList`) and from `epub:type="pagebreak"`
 *   / `role="doc-pagebreak"` markers. A paragraph gets the page it starts on; a page runs on across
 *   documents until the next marker. Labels that are not folios ('Inside Cover') give null. Books with no
 *   pagination at all get no `impresa`.
 * - Text outside the HTML flow: inline MathML is kept in its sentence as text (alt text, a TeX annotation or
 *   a linear form: `mathml-text.ts`) and inline SVG `<text>` is read as paragraphs (`svg-text.ts`), so
 *   that fixed-layout pages drawn as SVG are not taken for a book without text.
 * - Failures (`ConversionError`): DRM or encrypted content, a broken or bomb-like zip (see `formats/zip.ts`), a
 *   package without container or spine, and books without text.
 */
export async function convertEpub(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  return withZip(file.path, { limits: ctx.limits, signal: ctx.signal }, (zip) => readBook(zip, ctx));
}

async function readBook(zip: ZipArchive, ctx: ConvertContext): Promise<Conversion> {
  const encrypted = await encryptedEntries(zip);
  const opfPath = await packagePath(zip);
  if (encrypted.has(opfPath)) throw drmError('the package document is encrypted');
  const pkg = parsePackage(await zip.readText(opfPath), opfPath);
  const spine = spineDocuments(pkg);
  if (spine.length === 0) {
    throw damagedEpub(
      'el paquete no indica ningún documento de lectura (spine)',
      'the spine lists no content document',
    );
  }
  const encryptedDoc = spine.find((doc) => encrypted.has(doc.path));
  if (encryptedDoc) throw drmError(`${encryptedDoc.path} is encrypted`);

  const navigation = await readNavigation(zip, pkg, encrypted);
  const labels: (string | null)[] = [];
  const events: BookEvent[] = [];
  let page: string | null = null;
  let readable = 0;
  for (const [i, doc] of spine.entries()) {
    ctx.signal?.throwIfAborted();
    if (!doc.linear) page = null;
    const html = zip.has(doc.path) ? await zip.readText(doc.path) : undefined;
    if (html !== undefined && looksLikeMarkup(html)) {
      readable += 1;
      const outline = markedOutline(html, navigation.pages.get(doc.path), labels);
      const chapter: BookEvent[] = [];
      for (const event of outline) {
        const [text, markers, leading] = takeMarkers(event.text, event.kind === 'paragraph');
        if (event.kind === 'heading') {
          if (markers.length > 0) page = labels[markers.at(-1)!]!;
          if (text) chapter.push({ kind: 'heading', level: event.level, text });
          continue;
        }
        const startPage = leading.length > 0 ? labels[leading.at(-1)!]! : page;
        if (markers.length > 0) page = labels[markers.at(-1)!]!;
        if (text) chapter.push({ kind: 'paragraph', text, impresa: startPage });
      }
      const title = navigation.toc.get(doc.path);
      if (title && chapter.some((e) => e.kind === 'paragraph') && !chapter.some((e) => e.kind === 'heading')) {
        chapter.unshift({ kind: 'heading', level: title.depth, text: title.text });
      }
      events.push(...chapter);
    }
    await ctx.progress((i + 1) / spine.length);
  }
  if (readable === 0) {
    throw damagedEpub('ningún documento de lectura se puede leer', 'no content document could be read');
  }

  const unidades = anchorPages(
    unitsFromOutline(events.map((e): OutlineEvent => (e.kind === 'heading' ? e : { kind: 'paragraph', text: e.text }))),
    events.flatMap((e) => (e.kind === 'paragraph' ? [e.impresa] : [])),
    labels.length > 0,
  );
  if (unidades.length === 0) {
    throw new ConversionError(
      'El libro no contiene texto (sus documentos están vacíos o solo tienen imágenes).',
      'The EPUB holds no text (empty content documents or images only)',
    );
  }
  return { tipo: 'epub', unidades, metadatos: metadataOf(pkg) };
}

/** A heading, or a paragraph with the printed page it starts on. */
type BookEvent =
  { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string; impresa: string | null };

/**
 * Adds `impresa` to every paragraph block, in order (`unitsFromOutline` keeps every non-empty paragraph,
 * in order, as one block). Without pagination in the book, anchors stay as they are.
 */
function anchorPages(units: Unit[], pages: (string | null)[], paginated: boolean): Unit[] {
  if (!paginated) return units;
  let next = 0;
  return units.map((unit) => {
    const bloques: Block[] = (unit.bloques ?? []).map((block) => {
      const ancla: AnclaSeccion = { ...(block.ancla as AnclaSeccion), impresa: pages[next++] ?? null };
      return { texto: block.texto, ancla };
    });
    return { ...unit, ancla: bloques[0]?.ancla ?? unit.ancla, bloques };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Container, package, DRM

const CONTAINER = 'META-INF/container.xml';
/** Files that only DRM schemes put in a book: Adobe ADEPT, Apple FairPlay, Readium LCP. */
const DRM_FILES = ['META-INF/rights.xml', 'META-INF/sinf.xml', 'META-INF/license.lcpl', 'license.lcpl'];
/** Font obfuscation, which hides fonts from copying but leaves the text readable. */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/**
 * The entries `META-INF/encryption.xml` says are encrypted, font obfuscation aside. A DRM scheme's own
 * files fail the book at once.
 */
async function encryptedEntries(zip: ZipArchive): Promise<Set<string>> {
  const drm = DRM_FILES.find((name) => zip.has(name));
  if (drm) throw drmError(`${drm} present`);
  const encrypted = new Set<string>();
  if (!zip.has('META-INF/encryption.xml')) return encrypted;
  const doc = parseXml(await zip.readText('META-INF/encryption.xml'));
  for (const data of descendants(doc, 'EncryptedData')) {
    const algorithm = descendants(data, 'EncryptionMethod')[0]?.getAttribute('Algorithm')?.trim() ?? '';
    if (FONT_OBFUSCATION.has(algorithm)) continue;
    for (const reference of descendants(data, 'CipherReference')) {
      // URIs in encryption.xml are relative to the root of the container.
      const path = resolveEntryPath('', reference.getAttribute('URI') ?? '');
      if (path) encrypted.add(path);
    }
  }
  return encrypted;
}

/** The package document named by the container (its first rendition), else the only .opf in the archive. */
async function packagePath(zip: ZipArchive): Promise<string> {
  if (zip.has(CONTAINER)) {
    const container = parseXml(await zip.readText(CONTAINER));
    const rootfiles = descendants(container, 'rootfile');
    const rootfile =
      rootfiles.find((r) => r.getAttribute('media-type') === 'application/oebps-package+xml') ?? rootfiles[0];
    const path = rootfile ? resolveEntryPath('', rootfile.getAttribute('full-path') ?? '') : undefined;
    if (path && zip.has(path)) return zip.entry(path)!.name;
  }
  const opfs = zip.entries.filter((e) => e.name.toLowerCase().endsWith('.opf'));
  if (opfs.length === 1) return opfs[0]!.name;
  throw damagedEpub(
    'falta META-INF/container.xml o el paquete OPF que indica',
    'no META-INF/container.xml or the package document it names',
  );
}

interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
  fallback?: string;
}

interface Package {
  path: string;
  doc: XmlNode;
  manifest: Map<string, ManifestItem>;
  spine: { idref: string; linear: boolean }[];
  /** The NCX named by the spine (EPUB 2). */
  tocId?: string;
}

function parsePackage(xml: string, path: string): Package {
  const doc = parseXml(xml);
  if (descendants(doc, 'package').length === 0 && descendants(doc, 'manifest').length === 0) {
    throw damagedEpub('el paquete OPF no se puede leer', 'the package document is not an OPF');
  }
  const manifest = new Map<string, ManifestItem>();
  for (const item of descendants(doc, 'item')) {
    const id = item.getAttribute('id');
    const target = resolveEntryPath(path, item.getAttribute('href') ?? '');
    if (!id || !target || manifest.has(id)) continue;
    manifest.set(id, {
      id,
      path: target,
      mediaType: (item.getAttribute('media-type') ?? '').trim().toLowerCase(),
      properties: tokens(item.getAttribute('properties')),
      fallback: item.getAttribute('fallback') ?? undefined,
    });
  }
  const spineElement = descendants(doc, 'spine')[0];
  const spine = (spineElement ? descendants(spineElement, 'itemref') : []).flatMap((ref) => {
    const idref = ref.getAttribute('idref');
    return idref ? [{ idref, linear: ref.getAttribute('linear')?.trim().toLowerCase() !== 'no' }] : [];
  });
  return { path, doc, manifest, spine, tocId: spineElement?.getAttribute('toc') ?? undefined };
}

const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/html+xml']);

/** Spine items that are (or fall back to) HTML content documents: linear ones first, then the rest. */
function spineDocuments(pkg: Package): { path: string; linear: boolean }[] {
  const docs: { path: string; linear: boolean }[] = [];
  const seen = new Set<string>();
  for (const { idref, linear } of pkg.spine) {
    let item = pkg.manifest.get(idref);
    for (let hops = 0; item && !CONTENT_TYPES.has(item.mediaType) && hops < 8; hops++) {
      item = item.fallback ? pkg.manifest.get(item.fallback) : undefined;
    }
    if (!item || !CONTENT_TYPES.has(item.mediaType) || seen.has(item.path)) continue;
    seen.add(item.path);
    docs.push({ path: item.path, linear });
  }
  return [...docs.filter((d) => d.linear), ...docs.filter((d) => !d.linear)];
}

// ---------------------------------------------------------------------------------------------------------
// Navigation: table of contents and page list

interface Navigation {
  /** First table-of-contents entry of each document: its title and depth (1 for top level). */
  toc: Map<string, { text: string; depth: number }>;
  /** Per document, the page that starts at each fragment ('' for the document's start). */
  pages: Map<string, Map<string, string>>;
}

/** Reads the EPUB 3 navigation document, and the NCX for whatever it lacks. */
async function readNavigation(zip: ZipArchive, pkg: Package, encrypted: Set<string>): Promise<Navigation> {
  const toc = new Map<string, { text: string; depth: number }>();
  const pages = new Map<string, Map<string, string>>();
  const addPage = (target: string | null, label: string) => {
    const link = target ? splitLink(target) : undefined;
    if (!link) return;
    const byFragment = pages.get(link.path) ?? new Map<string, string>();
    if (!byFragment.has(link.fragment)) byFragment.set(link.fragment, label);
    pages.set(link.path, byFragment);
  };
  const addToc = (target: string | null, text: string, depth: number) => {
    const link = target ? splitLink(target) : undefined;
    const title = text.replace(/\s+/g, ' ').trim();
    if (link && title && !toc.has(link.path)) toc.set(link.path, { text: title, depth });
  };

  const readable = (item: ManifestItem | undefined) =>
    item && !encrypted.has(item.path) && zip.has(item.path) ? item : undefined;
  const nav = readable([...pkg.manifest.values()].find((item) => item.properties.includes('nav')));
  if (nav) {
    const { document } = parseHTML(asHtmlDocument(await zip.readText(nav.path)));
    for (const element of document.querySelectorAll('nav') as unknown as El[]) {
      const types = [...tokens(element.getAttribute('epub:type')), ...tokens(element.getAttribute('role'))];
      const resolve = (a: El) => resolveLink(nav.path, a.getAttribute('href'));
      if (types.includes('page-list') || types.includes('doc-pagelist')) {
        for (const a of element.querySelectorAll('a[href]')) addPage(resolve(a), a.textContent);
      } else if (types.includes('toc') || types.includes('doc-toc')) {
        for (const a of element.querySelectorAll('a[href]')) addToc(resolve(a), a.textContent, depthIn(a, element));
      }
    }
  }

  const ncx = readable(
    (pkg.tocId ? pkg.manifest.get(pkg.tocId) : undefined) ??
      [...pkg.manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml'),
  );
  if (ncx && (toc.size === 0 || pages.size === 0)) {
    const doc = parseXml(await zip.readText(ncx.path));
    const label = (node: XmlNode) => descendants(node, 'text')[0]?.textContent ?? '';
    const src = (node: XmlNode) => resolveLink(ncx.path, descendants(node, 'content')[0]?.getAttribute('src'));
    if (pages.size === 0) {
      for (const target of descendants(doc, 'pageTarget')) addPage(src(target), label(target));
    }
    if (toc.size === 0) {
      for (const point of descendants(doc, 'navPoint')) {
        let depth = 0;
        for (let up: XmlNode | null = point; up; up = up.parentElement) if (localName(up) === 'navpoint') depth++;
        addToc(src(point), label(point), depth);
      }
    }
  }
  return { toc, pages };
}

/** A link resolved against the document holding it, as 'path#fragment'. */
function resolveLink(from: string, href: string | null | undefined): string | null {
  if (!href) return null;
  const path = resolveEntryPath(from, href);
  if (!path) return null;
  const hash = href.indexOf('#');
  return hash >= 0 ? `${path}#${href.slice(hash + 1)}` : path;
}

function splitLink(link: string): { path: string; fragment: string } {
  const hash = link.indexOf('#');
  if (hash < 0) return { path: link, fragment: '' };
  let fragment = link.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // Keep a malformed escape as written.
  }
  return { path: link.slice(0, hash), fragment };
}

/** Nesting depth of a TOC link: the list items around it inside the nav, 1 for the top level. */
function depthIn(a: El, nav: El): number {
  let depth = 0;
  for (let up = a.parentElement; up && up !== nav; up = up.parentElement) if (up.localName === 'li') depth++;
  return Math.max(1, depth);
}

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
function markedOutline(
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
function takeMarkers(raw: string, paragraph: boolean): [string, number[], number[]] {
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
function asHtmlDocument(xhtml: string): string {
  // The page markers' own characters cannot come from the book.
  const html = xhtml
    .replace(/[\uE001-\uE003]/g, '')
    .replace(SELF_CLOSING, (whole, tag: string, attributes: string) =>
      VOID_ELEMENTS.has(tag.toLowerCase()) ? whole : `<${tag}${attributes}></${tag}>`,
    );
  return /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
}

/** Markup, not the ciphertext of a content document whose encryption is not declared. */
function looksLikeMarkup(text: string): boolean {
  return !text.includes('\u0000') && /<[a-zA-Z!?]/.test(text.slice(0, 4096));
}

// ---------------------------------------------------------------------------------------------------------
// Metadata

/**
 * Title (the `title-type` main one, else the first), authors (creators with no role or 'aut', else
 * editors; each from its file-as form when it has one, so 'Castañeda Ruiz, Mariana' stays whole), year of
 * the publication date, language.
 */
function metadataOf(pkg: Package): FoundMetadata {
  const metadata = descendants(pkg.doc, 'metadata')[0] ?? pkg.doc;
  const refines = new Map<string, Map<string, string>>();
  for (const meta of descendants(metadata, 'meta')) {
    const target = meta.getAttribute('refines')?.trim().replace(/^#/, '');
    const property = meta.getAttribute('property')?.trim();
    if (!target || !property) continue;
    const properties = refines.get(target) ?? new Map<string, string>();
    if (!properties.has(property)) properties.set(property, meta.textContent.trim());
    refines.set(target, properties);
  }
  const refined = (el: XmlNode, property: string) => {
    const id = el.getAttribute('id');
    return id ? refines.get(id)?.get(property) : undefined;
  };

  const metadatos: FoundMetadata = {};
  const titles = descendants(metadata, 'title');
  const main = titles.find((t) => refined(t, 'title-type') === 'main') ?? titles[0];
  const titulo = cleanTitle(main?.textContent);
  if (titulo) metadatos.titulo = titulo;

  const creators = descendants(metadata, 'creator').map((el) => ({
    name: el.textContent.replace(/\s+/g, ' ').trim(),
    role: (attribute(el, 'role') ?? refined(el, 'role'))?.trim().toLowerCase(),
    fileAs: (attribute(el, 'file-as') ?? refined(el, 'file-as'))?.replace(/\s+/g, ' ').trim(),
  }));
  const authorsOf = (role: string) => creators.filter((c) => (c.role ?? 'aut') === role);
  const chosen = authorsOf('aut').length > 0 ? authorsOf('aut') : authorsOf('edt');
  const autores: string[] = [];
  for (const creator of chosen) {
    const names =
      creator.fileAs && /^[^,;&]+,[^,;&]+$/.test(creator.fileAs)
        ? authorsFromTags([creator.fileAs])
        : authorsFromMetadata(creator.name);
    for (const name of names) {
      if (!autores.some((a) => a.toLowerCase() === name.toLowerCase())) autores.push(name);
    }
  }
  if (autores.length > 0) metadatos.autores = autores;

  const dates = descendants(metadata, 'date').map((el) => ({
    value: el.textContent,
    event: attribute(el, 'event')?.trim().toLowerCase(),
  }));
  const published =
    dates.find((d) => d.event === 'publication') ??
    dates.find((d) => d.event === undefined) ??
    dates.find((d) => d.event !== 'modification' && d.event !== 'creation');
  const metaDate = descendants(metadata, 'meta').find((m) =>
    ['dcterms:issued', 'dcterms:date', 'dc:date'].includes(m.getAttribute('property')?.trim() ?? ''),
  );
  const anio = yearFromDate(published?.value) ?? yearFromDate(metaDate?.textContent);
  if (anio) metadatos.anio = anio;

  const idioma = normalizeLanguage(descendants(metadata, 'language')[0]?.textContent);
  if (idioma) metadatos.idioma = idioma;
  return metadatos;
}

// ---------------------------------------------------------------------------------------------------------
// XML and DOM helpers (linkedom's own types are loose)

interface XmlNode {
  tagName?: string;
  localName: string;
  textContent: string;
  parentElement: XmlNode | null;
  attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<XmlNode>;
}

interface El extends XmlNode {
  parentElement: El | null;
  isConnected: boolean;
  ownerDocument: { createElement(tag: string): El };
  childNodes: ArrayLike<unknown>;
  querySelectorAll(selector: string): El[] & ArrayLike<El>;
  setAttribute(name: string, value: string): void;
  append(...nodes: unknown[]): void;
  replaceWith(...nodes: unknown[]): void;
  before(...nodes: unknown[]): void;
  remove(): void;
}

/** Parses XML leniently (a broken OPF is read as far as it goes). */
function parseXml(xml: string): XmlNode {
  return new DOMParser().parseFromString(xml, 'text/xml') as unknown as XmlNode;
}

/** The name without its namespace prefix, lower case ('dc:Title' → 'title'). */
function localName(el: XmlNode): string {
  const name = el.tagName ?? el.localName;
  return name.slice(name.lastIndexOf(':') + 1).toLowerCase();
}

/** Descendant elements with this local name, whatever their prefix. */
function descendants(root: XmlNode, name: string): XmlNode[] {
  const wanted = name.toLowerCase();
  return Array.from(root.querySelectorAll('*')).filter((el) => localName(el) === wanted);
}

/** An attribute by local name ('opf:file-as' or 'file-as'). */
function attribute(el: XmlNode, name: string): string | undefined {
  for (const attr of Array.from(el.attributes)) {
    if (attr.name === name || attr.name.endsWith(`:${name}`)) return attr.value;
  }
  return undefined;
}

function tokens(value: string | null | undefined): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

function drmError(detail: string): ConversionError {
  return new ConversionError(
    'El libro está protegido con DRM (contenido cifrado) y no se puede leer.',
    `EPUB is DRM-protected: ${detail}`,
  );
}

function damagedEpub(reason: string, detail: string): ConversionError {
  return new ConversionError(`El EPUB está dañado: ${reason}.`, `Broken EPUB: ${detail}`);
}
