import { open } from 'node:fs/promises';
import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import {
  ConversionError,
  type Conversion,
  type ConvertContext,
  type Converter,
  type FoundMetadata,
  type SourceFile,
} from './converter';
import { outlineFromHtml } from './html';
import { authorsFromMetadata, cleanTitle, normalizeLanguage, yearFromDate } from './metadata';
import { unitsFromOutline, type OutlineEvent } from './sections';
import { resolveEntryPath, withZip, type ZipArchive } from './zip';

/**
 * Reads Word documents (DOCX, DOCM, DOTX) with mammoth: paragraph styles that stand for headings
 * (by outline level, or by name in several languages) become sections, footnotes and endnotes follow the
 * body in a last section 'Notas', table rows become paragraphs, and the core properties give the metadata.
 * Headers, footers and comments are not the document's text and are left out; so are tables of contents.
 */
export const docxConverter: Converter = {
  kinds: ['docx'],
  async convert(file, ctx) {
    const conversion = await convertDocx(file, ctx);
    await ctx.progress(1);
    return conversion;
  },
};

/** Converts a DOCX file on disk. Fails with a `ConversionError` for empty, encrypted, broken or textless files. */
export async function convertDocx(
  file: Pick<SourceFile, 'path'>,
  ctx: Pick<ConvertContext, 'limits' | 'signal'>,
): Promise<Conversion> {
  await checkZipContainer(file.path, 'DOCX');
  return withZip(file.path, { limits: ctx.limits, signal: ctx.signal }, async (zip) => {
    const packageRels = zip.has('_rels/.rels') ? relationships(await zip.readText('_rels/.rels')) : [];
    const main =
      target(packageRels, '_rels/.rels', 'officeDocument') ??
      (zip.has('word/document.xml') ? 'word/document.xml' : undefined);
    if (!main || !zip.has(main)) {
      throw new ConversionError(
        'El archivo no es un documento DOCX válido: falta el texto principal.',
        'Not a DOCX package: no main document part',
      );
    }
    const partRelsName = relsPathOf(main);
    const partRels = zip.has(partRelsName) ? relationships(await zip.readText(partRelsName)) : [];
    const stylesPart = target(partRels, partRelsName, 'styles');
    const styles = stylesPart && zip.has(stylesPart) ? wordStyles(await zip.readText(stylesPart)) : new Map();
    const corePart = target(packageRels, '_rels/.rels', 'core-properties') ?? 'docProps/core.xml';
    // Broken properties cost the metadata, not the document.
    const core = zip.has(corePart) ? coreProperties(await zip.readText(corePart)) : {};

    const html = await docxToHtml(zip, styles, ctx.signal);
    ctx.signal?.throwIfAborted();
    const { outline, notes, titleParagraph } = outlineOfMammothHtml(html);
    const unidades = unitsFromOutline([...outline, ...notesOutline(notes)]);
    if (unidades.length === 0) throw noTextError('DOCX');
    return { tipo: 'documento', unidades, metadatos: wordMetadata({ ...core, titleParagraph }) };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Shared by the word-processor converters (DOCX, ODT, RTF).

/** Name of the section that holds footnotes and endnotes, after the body. */
export const NOTES_HEADING = 'Notas';

/** A footnote or endnote: its mark as it appears in the body ('[1]') and its paragraphs. */
export interface Note {
  marker: string;
  paragraphs: string[];
}

/** The 'Notas' section: each note's paragraphs, the first one led by the note's mark. Empty without notes. */
export function notesOutline(notes: readonly Note[]): OutlineEvent[] {
  const events: OutlineEvent[] = [];
  for (const note of notes) {
    const paragraphs = note.paragraphs.map((p) => p.trim()).filter(Boolean);
    if (paragraphs.length === 0) continue;
    paragraphs[0] = `${note.marker} ${paragraphs[0]}`;
    for (const text of paragraphs) events.push({ kind: 'paragraph', text });
  }
  return events.length > 0 ? [{ kind: 'heading', level: 1, text: NOTES_HEADING }, ...events] : [];
}

const HEADING_NAME =
  /^(?:heading|t[ií]tulo|encabezado|[üu]berschrift|titre|titolo|kop|cabe[çc]alho|nag[łl][óo]wek|rubrik|overskrift|otsikko|nadpis|заголовок|ba[şs]l[ıi]k)\s*([1-9])$/iu;
const TITLE_NAME = /^(?:title|t[ií]tulo|titre|titel|titolo)$/iu;
const TOC_NAME =
  /^(?:(?:toc|tdc|contents|tm|inhaltsverzeichnis|verzeichnis|sommario|inhoudsopgave)\s*[1-9]|(?:toc|contents) heading|encabezado de tdc|contents heading)$/iu;

/** Style names as ODF writes them internally ('Heading_20_1') and as people do ('Heading 1'). */
function styleNameText(name: string): string {
  return name.replace(/_([0-9a-f]{2})_/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).trim();
}

/**
 * Heading level (1-9) a paragraph style name stands for: 'heading 2' as Word stores it, 'Heading 2',
 * 'Heading_20_2' (ODF), and the localized names other producers write ('Título 2', 'Encabezado 2',
 * 'Überschrift 2', 'Titre 2' …). Undefined for any other name.
 */
export function headingLevelOfStyleName(name: string | null | undefined): number | undefined {
  if (!name) return undefined;
  const match = HEADING_NAME.exec(styleNameText(name));
  return match ? Number(match[1]) : undefined;
}

/** True for the style of a document's title ('Title', 'Título', 'Titre' …); it is read as a level-1 heading. */
export function isTitleStyleName(name: string | null | undefined): boolean {
  return !!name && TITLE_NAME.test(styleNameText(name));
}

/** True for the styles of a generated table of contents ('toc 1', 'TDC 1', 'Contents 1', 'TOC Heading' …). */
export function isTocStyleName(name: string | null | undefined): boolean {
  return !!name && TOC_NAME.test(styleNameText(name));
}

/** What a word-processor file says about itself; the paragraph in the Title style stands in for a missing title. */
export interface WordProperties {
  title?: string;
  creator?: string;
  created?: string;
  language?: string;
  titleParagraph?: string;
}

/** Cleans the properties of a word-processor file into found metadata. */
export function wordMetadata(props: WordProperties): FoundMetadata {
  const metadatos: FoundMetadata = {};
  const titulo = cleanTitle(props.title) ?? cleanTitle(props.titleParagraph);
  if (titulo) metadatos.titulo = titulo;
  // authorsFromMetadata keeps 'Castañeda Ruiz, Mariana' whole: a name already in 'Surnames, Given' form is
  // never re-split, so double surnames survive when the file marks them that way.
  const autores = authorsFromMetadata(props.creator);
  if (autores.length > 0) metadatos.autores = autores;
  const anio = yearFromDate(props.created);
  if (anio) metadatos.anio = anio;
  const idioma = normalizeLanguage(props.language);
  if (idioma) metadatos.idioma = idioma;
  return metadatos;
}

/** The file has no bytes at all. */
export function emptyFileError(): ConversionError {
  return new ConversionError('El archivo está vacío.', 'The file is empty');
}

/** The file was read but holds no text. */
export function noTextError(format: string): ConversionError {
  return new ConversionError('El archivo no contiene texto.', `The ${format} file holds no text`);
}

/** The file is password- or DRM-protected. */
export function encryptedError(format: string): ConversionError {
  return new ConversionError(
    'El documento está cifrado o protegido con contraseña o DRM y no se puede leer.',
    `The ${format} document is encrypted (password or DRM protected)`,
  );
}

/** The file is broken or not of its format; `detail` goes to the English message only. */
export function damagedError(format: string, detail: string): ConversionError {
  return new ConversionError(
    `El archivo ${format} está dañado o no es válido.`,
    `Corrupt or invalid ${format} file: ${detail}`,
  );
}

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Checks that a file meant to be a zip-based office document is one. An empty file, and an OLE compound
 * file in its place (what Office writes for a password- or IRM-protected document, or a legacy binary
 * document) fail with a `ConversionError` that says which.
 */
export async function checkZipContainer(path: string, format: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) throw emptyFileError();
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (CFB_MAGIC.every((b, i) => head[i] === b)) throw await compoundFileError(handle, size, format);
    if (head[0] !== 0x50 || head[1] !== 0x4b) throw damagedError(format, 'not a zip archive');
  } finally {
    await handle.close();
  }
}

const utf16 = (s: string) => Buffer.from(s, 'utf16le');
/** Stream names of an OLE compound file, as its directory stores them (UTF-16LE). */
const ENCRYPTED_STREAMS = [utf16('EncryptedPackage'), utf16('DataSpaces')];
const LEGACY_STREAMS = [utf16('WordDocument'), utf16('PowerPoint Document'), utf16('Workbook')];

/** Encrypted OOXML ('EncryptedPackage' stream) or a legacy binary file ('WordDocument' …)? */
async function compoundFileError(
  handle: Awaited<ReturnType<typeof open>>,
  size: number,
  format: string,
): Promise<ConversionError> {
  const chunk = 1 << 20;
  const overlap = 64;
  const buffer = Buffer.alloc(chunk + overlap);
  let legacy = false;
  for (let position = 0; position < size; position += chunk) {
    const { bytesRead } = await handle.read(buffer, 0, chunk + overlap, position);
    const window = buffer.subarray(0, bytesRead);
    if (ENCRYPTED_STREAMS.some((name) => window.includes(name))) return encryptedError(format);
    legacy ||= LEGACY_STREAMS.some((name) => window.includes(name));
  }
  if (legacy) {
    return new ConversionError(
      'Es un documento de Office 97-2003 (.doc, .ppt o .xls), que todavía no se puede leer; guárdelo en formato actual (.docx, .pptx, .xlsx).',
      `Legacy binary Office document in place of ${format}`,
    );
  }
  return damagedError(format, 'an OLE compound file, not a zip archive');
}

// ---------------------------------------------------------------------------------------------------------
// Mammoth.

/** How a paragraph style is read; 'body' overrides mammoth's own mapping of heading names. */
type Role = { heading: number } | 'title' | 'toc' | 'body' | undefined;

interface WordStyle {
  name?: string;
  basedOn?: string;
  /** w:outlineLvl, 0-9 (9 = body text). */
  outline?: number;
}

const HEADING_TAGS = [1, 2, 3, 4, 5, 6].map((n) => `p.FolioHeading${n} => h${n}:fresh`);
const STYLE_MAP = [
  ...HEADING_TAGS,
  'p.FolioTitle => h1.folio-title:fresh',
  'p.FolioToc => !',
  'p.FolioBody => p:fresh',
];
const ID_PREFIX = 'folio-';

/** Runs mammoth over the archive through the safe zip reader, so every byte it inflates is under the limits. */
async function docxToHtml(
  zip: ZipArchive,
  styles: Map<string, WordStyle>,
  signal: AbortSignal | undefined,
): Promise<string> {
  // mammoth's `file` input is its own zip abstraction (exists/read), which lets it read through zip.ts
  // instead of loading the archive again with JSZip outside the limits.
  const input = {
    file: {
      exists: (name: string) => zip.has(name),
      read: async (name: string, encoding?: string) => {
        if (!encoding) return new Uint8Array(await zip.read(name));
        if (encoding === 'base64') return (await zip.read(name)).toString('base64');
        return zip.readText(name);
      },
    },
  } as unknown as { buffer: Buffer };
  try {
    const result = await mammoth.convertToHtml(input, {
      styleMap: STYLE_MAP,
      includeDefaultStyleMap: true,
      // A style map embedded in the file is the file's say over how it is read: not taken.
      includeEmbeddedStyleMap: false,
      externalFileAccess: false,
      ignoreEmptyParagraphs: true,
      idPrefix: ID_PREFIX,
      // Images are never read: their alt text is not text of the document and their bytes are not needed.
      convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      transformDocument: (document: MammothElement) => markParagraphRoles(document, styles),
    });
    return result.value;
  } catch (error) {
    // Limits and aborts from the zip reader pass through; anything mammoth throws is about the file.
    if (error instanceof ConversionError || signal?.aborted) throw error;
    throw damagedError('DOCX', error instanceof Error ? error.message : String(error));
  }
}

interface MammothElement {
  type?: string;
  styleId?: string | null;
  styleName?: string | null;
  children?: MammothElement[];
}

/** Gives paragraphs whose style is a heading, the title or a table of contents a style id the style map knows. */
function markParagraphRoles(element: MammothElement, styles: Map<string, WordStyle>): MammothElement {
  if (element.children) element.children = element.children.map((child) => markParagraphRoles(child, styles));
  if (element.type !== 'paragraph') return element;
  const role = roleOf(element.styleId ?? undefined, element.styleName ?? undefined, styles);
  if (!role) return element;
  if (role === 'title') return { ...element, styleId: 'FolioTitle' };
  if (role === 'toc') return { ...element, styleId: 'FolioToc' };
  if (role === 'body') return { ...element, styleId: 'FolioBody' };
  return { ...element, styleId: `FolioHeading${Math.min(role.heading, 6)}` };
}

/** A paragraph style's role: its outline level (inherited through w:basedOn) wins, then its name. */
function roleOf(styleId: string | undefined, styleName: string | undefined, styles: Map<string, WordStyle>): Role {
  let outline: number | undefined;
  const seen = new Set<string>();
  for (let id = styleId; id && !seen.has(id) && outline === undefined; id = styles.get(id)?.basedOn) {
    seen.add(id);
    outline = styles.get(id)?.outline;
  }
  if (outline !== undefined && outline >= 0 && outline <= 8) return { heading: outline + 1 };
  let named: Role;
  for (const name of [styleName, styleId ? styles.get(styleId)?.name : undefined, styleId]) {
    const level = headingLevelOfStyleName(name);
    named = level ? { heading: level } : isTitleStyleName(name) ? 'title' : isTocStyleName(name) ? 'toc' : undefined;
    if (named) break;
  }
  // Outline level 9 is body text, whatever the style is called (mammoth would map 'heading 3' by name).
  if (outline !== undefined) return named ? 'body' : undefined;
  return named;
}

/**
 * Splits mammoth's HTML into the body outline and the notes: mammoth puts footnotes and endnotes in a list at
 * the end, each with a back link. Cells that hold only paragraphs are flattened so that each table row
 * becomes one paragraph ('a | b | c').
 */
export function outlineOfMammothHtml(html: string): {
  outline: OutlineEvent[];
  notes: Note[];
  titleParagraph?: string;
} {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const notes: Note[] = [];
  for (const li of document.querySelectorAll(`li[id^="${ID_PREFIX}footnote-"], li[id^="${ID_PREFIX}endnote-"]`)) {
    const id = li.getAttribute('id') ?? '';
    const reference = document.querySelector(`a[href="#${id}"]`);
    for (const back of li.querySelectorAll(
      `a[href^="#${ID_PREFIX}footnote-ref-"], a[href^="#${ID_PREFIX}endnote-ref-"]`,
    )) {
      back.remove();
    }
    const paragraphs = outlineFromHtml(li.innerHTML).map((e) => e.text);
    notes.push({ marker: reference?.textContent?.trim() || `[${notes.length + 1}]`, paragraphs });
    const list = li.parentElement;
    li.remove();
    if (list && list.querySelector('li') == null) list.remove();
  }
  for (const cell of document.querySelectorAll('td, th')) {
    const children = Array.from(cell.children as ArrayLike<{ localName: string; innerHTML: string }>);
    if (children.length > 0 && children.every((c) => c.localName === 'p')) {
      cell.innerHTML = children.map((p) => p.innerHTML).join(' ');
    }
  }
  const titleParagraph = document.querySelector('h1.folio-title')?.textContent ?? undefined;
  return { outline: outlineFromHtml(document.toString()), notes, titleParagraph };
}

// ---------------------------------------------------------------------------------------------------------
// OOXML parts.

const W_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const DC = 'http://purl.org/dc/elements/1.1/';
const DCTERMS = 'http://purl.org/dc/terms/';

interface Relationship {
  type: string;
  target: string;
  external: boolean;
}

function relationships(xml: string): Relationship[] {
  const root = parseXmlOrFail(xml, 'relationships');
  return xmlChildren(root)
    .filter((el) => el.name === 'Relationship')
    .map((el) => ({
      type: xmlAttr(el, '', 'Type') ?? '',
      target: xmlAttr(el, '', 'Target') ?? '',
      external: xmlAttr(el, '', 'TargetMode') === 'External',
    }));
}

/** The part a relationship of a type ('…/officeDocument', '…/styles') points at, resolved from the rels part. */
function target(rels: Relationship[], relsPath: string, typeSuffix: string): string | undefined {
  const rel = rels.find((r) => !r.external && r.type.endsWith(`/${typeSuffix}`));
  if (!rel) return undefined;
  // A rels part describes the part it is named after ('' for the package): links resolve from its folder.
  return resolveEntryPath(relsPath.replace(/_rels\/([^/]*)\.rels$/, '$1'), rel.target);
}

function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

function wordStyles(xml: string): Map<string, WordStyle> {
  const styles = new Map<string, WordStyle>();
  const root = parseXmlOrFail(xml, 'styles');
  const w = (el: XmlElement, local: string) => xmlChildren(el).find((c) => c.name === local && W_NAMESPACES.has(c.ns));
  const val = (el: XmlElement | undefined) => (el ? wAttr(el, 'val') : undefined);
  for (const style of xmlChildren(root)) {
    if (style.name !== 'style' || !W_NAMESPACES.has(style.ns) || wAttr(style, 'type') !== 'paragraph') continue;
    const id = wAttr(style, 'styleId');
    if (!id) continue;
    const outline = val(w(w(style, 'pPr') ?? style, 'outlineLvl'));
    styles.set(id, {
      name: val(w(style, 'name')),
      basedOn: val(w(style, 'basedOn')),
      outline: outline !== undefined && /^\d+$/.test(outline) ? Number(outline) : undefined,
    });
  }
  return styles;
}

function wAttr(el: XmlElement, local: string): string | undefined {
  for (const ns of W_NAMESPACES) {
    const value = xmlAttr(el, ns, local);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** dc:title, dc:creator, dcterms:created and dc:language of docProps/core.xml. */
function coreProperties(xml: string): WordProperties {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    return {};
  }
  const value = (ns: string, local: string) => {
    const el = xmlChildren(root).find((c) => c.ns === ns && c.name === local);
    const text = el ? xmlText(el).trim() : '';
    return text || undefined;
  };
  return {
    title: value(DC, 'title'),
    creator: value(DC, 'creator'),
    created: value(DCTERMS, 'created'),
    language: value(DC, 'language'),
  };
}

function parseXmlOrFail(xml: string, what: string): XmlElement {
  try {
    return parseXml(xml);
  } catch (error) {
    throw damagedError('DOCX', `${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// A small namespace-aware XML reader for the parts of office files. It never expands DTD entities (no
// entity bombs, no external entities) and throws on malformed or truncated XML.

/** An element with its namespace resolved. Attributes are keyed by local name, or `{uri}local` when prefixed. */
export interface XmlElement {
  /** Namespace URI; '' when none. */
  ns: string;
  /** Local name. */
  name: string;
  attrs: Map<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const MAX_XML_DEPTH = 1000;
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Parses an XML document into its root element. Throws on malformed XML. */
export function parseXml(xml: string): XmlElement {
  const stack: { el: XmlElement; qname: string; scope: Map<string, string> }[] = [];
  let root: XmlElement | undefined;
  const documentScope = new Map<string, string>([['xml', XML_NAMESPACE]]);
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(xml);
    if (!match) throw new Error(`malformed XML at offset ${at}`);
    const [, cdata, closing, opening, attributes, selfClosing, text] = match;
    const top = stack[stack.length - 1];
    if (text !== undefined || cdata !== undefined) {
      if (top) top.el.children.push(cdata ?? decodeXmlEntities(text!));
      else if (text !== undefined && text.trim()) throw new Error('text outside the root element');
    } else if (closing !== undefined) {
      if (!top || top.qname !== closing) throw new Error(`unexpected </${closing}> at offset ${at}`);
      stack.pop();
    } else if (opening !== undefined) {
      const raw: [string, string][] = [];
      const parentScope = top?.scope ?? documentScope;
      let elementScope = parentScope;
      for (const a of (attributes ?? '').matchAll(ATTRIBUTE)) {
        const key = a[1]!;
        const value = decodeXmlEntities(a[2] ?? a[3] ?? '');
        if (key === 'xmlns' || key.startsWith('xmlns:')) {
          if (elementScope === parentScope) elementScope = new Map(parentScope);
          elementScope.set(key === 'xmlns' ? '' : key.slice(6), value);
        } else {
          raw.push([key, value]);
        }
      }
      const [ns, name] = resolveName(opening, elementScope, true);
      const attrs = new Map<string, string>();
      for (const [key, value] of raw) {
        const [attrNs, local] = resolveName(key, elementScope, false);
        attrs.set(attrNs ? `{${attrNs}}${local}` : local, value);
      }
      const el: XmlElement = { ns, name, attrs, children: [] };
      if (top) top.el.children.push(el);
      else if (root) throw new Error('more than one root element');
      else root = el;
      if (!selfClosing) {
        // Readers walk the tree recursively: a hostile nesting depth must not overflow their stack.
        if (stack.length >= MAX_XML_DEPTH) throw new Error(`elements nested deeper than ${MAX_XML_DEPTH}`);
        stack.push({ el, qname: opening, scope: elementScope });
      }
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]!.qname}>`);
  if (!root) throw new Error('no root element');
  return root;
}

function resolveName(qname: string, scope: Map<string, string>, element: boolean): [string, string] {
  const colon = qname.indexOf(':');
  if (colon < 0) return [element ? (scope.get('') ?? '') : '', qname];
  const prefix = qname.slice(0, colon);
  return [scope.get(prefix) ?? `undeclared:${prefix}`, qname.slice(colon + 1)];
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(lt|gt|amp|quot|apos));/gi,
    (whole, dec?: string, hex?: string, named?: string) => {
      if (named) return NAMED_ENTITIES[named.toLowerCase()] ?? whole;
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    },
  );
}

/** The element children of an element. */
export function xmlChildren(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

/** An attribute by namespace URI ('' for unprefixed attributes) and local name. */
export function xmlAttr(el: XmlElement, ns: string, local: string): string | undefined {
  return el.attrs.get(ns ? `{${ns}}${local}` : local);
}

/** All text below an element, in document order. */
export function xmlText(el: XmlElement): string {
  let text = '';
  const visit = (node: XmlNode) => {
    if (typeof node === 'string') text += node;
    else for (const child of node.children) visit(child);
  };
  visit(el);
  return text;
}
