import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import { ConversionError, type Conversion, type ConvertContext, type Converter, type SourceFile } from '../converter';
import { outlineFromHtml } from '../html/html';
import { checkZipContainer, damagedError, noTextError, wordDocumentCheck } from '../../formats/office-package';
import { officeMetadata, type OfficeProperties } from './office-metadata';
import { unitsFromOutline, type OutlineEvent } from '../sections';
import { withTextLanguage } from '../text-language';
import { headingLevelOfStyleName, isTitleStyleName, isTocStyleName } from '../../formats/word-styles';
import { notesOutline, type Note } from './word-notes';
import { parseXml, xmlAttr, xmlChildren, xmlText, type XmlElement } from '../../formats/xml';
import { resolveEntryPath, withZip, type ZipArchive } from '../../formats/zip';

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
  await checkZipContainer(file.path, wordDocumentCheck('DOCX'));
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
    const metadatos = withTextLanguage(officeMetadata({ ...core, titleParagraph }), unidades);
    return { tipo: 'documento', unidades, metadatos };
  });
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
function coreProperties(xml: string): OfficeProperties {
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
