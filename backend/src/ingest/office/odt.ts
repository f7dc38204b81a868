import { singleLine } from '@folio/shared';
import { ConversionError, type Conversion, type ConvertContext, type Converter, type SourceFile } from '../converter';
import {
  checkZipContainer,
  damagedError,
  encryptedError,
  noTextError,
  wordDocumentCheck,
} from '../../formats/office-package';
import { officeMetadata, type OfficeProperties } from './office-metadata';
import { unitsFromOutline, type OutlineEvent } from '../sections';
import { headingLevelOfStyleName, isTitleStyleName, isTocStyleName } from '../../formats/word-styles';
import { notesOutline, type Note } from './word-notes';
import { parseXml, xmlAttr, xmlChildren, xmlText, type XmlElement } from '../../formats/xml';
import { withTextLanguage } from '../text-language';
import { withZip } from '../../formats/zip';
import { BREAK, collapseWithBreaks } from '../text-repair/line-breaks';

/**
 * Reads OpenDocument text (ODT, OTT): `text:h` headings by outline level, paragraphs, lists and tables from
 * content.xml, notes into a last section 'Notas', metadata from meta.xml. Tables of contents and other
 * generated indexes, comments, tracked deletions and headers/footers (which live in styles.xml) are left out.
 */
export const odtConverter: Converter = {
  kinds: ['odt'],
  async convert(file, ctx) {
    const conversion = await convertOdt(file, ctx);
    await ctx.progress(1);
    return conversion;
  },
};

/** Converts an ODT file on disk. Fails with a `ConversionError` for empty, encrypted, broken or textless files. */
export async function convertOdt(
  file: Pick<SourceFile, 'path'>,
  ctx: Pick<ConvertContext, 'limits' | 'signal'>,
): Promise<Conversion> {
  await checkZipContainer(file.path, wordDocumentCheck('ODT'));
  return withZip(file.path, { limits: ctx.limits, signal: ctx.signal }, async (zip) => {
    if (zip.has('META-INF/manifest.xml')) {
      const manifest = parse(await zip.readText('META-INF/manifest.xml'), 'manifest');
      if (hasDescendant(manifest, MANIFEST, 'encryption-data')) throw encryptedError('ODT');
    }
    if (!zip.has('content.xml')) {
      throw new ConversionError(
        'El archivo no es un documento ODT válido: falta el contenido.',
        'Not an ODT package: no content.xml',
      );
    }
    const content = parse(await zip.readText('content.xml'), 'content.xml');
    // styles.xml only names styles (title, list kinds): a broken one costs those, not the document.
    const styles = zip.has('styles.xml') ? tryParse(await zip.readText('styles.xml')) : undefined;
    // Broken properties cost the metadata, not the document.
    const meta = zip.has('meta.xml') ? odfProperties(await zip.readText('meta.xml')) : {};
    ctx.signal?.throwIfAborted();

    const reader = new OdtReader(styles ? [content, styles] : [content]);
    const body = child(child(content, OFFICE, 'body'), OFFICE, 'text');
    if (body) reader.blocks(body, reader.events);
    const unidades = unitsFromOutline([...reader.events, ...notesOutline(reader.notes)]);
    if (unidades.length === 0) throw noTextError('ODT');
    return {
      tipo: 'documento',
      unidades,
      metadatos: withTextLanguage(officeMetadata({ ...meta, titleParagraph: reader.titleParagraph }), unidades),
    };
  });
}

const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const STYLE = 'urn:oasis:names:tc:opendocument:xmlns:style:1.0';
const DRAW = 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0';
const SVG = 'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0';
const META = 'urn:oasis:names:tc:opendocument:xmlns:meta:1.0';
const MANIFEST = 'urn:oasis:names:tc:opendocument:xmlns:manifest:1.0';
const DC = 'http://purl.org/dc/elements/1.1/';

/** Generated from the headings or the text: reading them again would only repeat it. */
const GENERATED_INDEXES = new Set([
  'table-of-content',
  'illustration-index',
  'table-index',
  'object-index',
  'user-index',
  'alphabetical-index',
]);
/** Declarations, forms and change records in the body: no text of the document. */
const NOT_TEXT = new Set([
  `${TEXT} tracked-changes`,
  `${TEXT} sequence-decls`,
  `${TEXT} variable-decls`,
  `${TEXT} user-field-decls`,
  `${TEXT} dde-connection-decls`,
  `${TEXT} soft-page-break`,
  `${OFFICE} forms`,
  `${OFFICE} annotation`,
  `${OFFICE} annotation-end`,
  `${TABLE} calculation-settings`,
  `${TABLE} content-validations`,
  `${TABLE} label-ranges`,
]);

class OdtReader {
  readonly events: OutlineEvent[] = [];
  readonly notes: Note[] = [];
  titleParagraph: string | undefined;
  /** Paragraph style → its parent style and display name. */
  readonly #paragraphStyles = new Map<string, { parent?: string; displayName?: string }>();
  /** List style → kind of each level (1-based). */
  readonly #listStyles = new Map<string, Map<number, 'bullet' | 'number'>>();
  /** Mark of the list item whose first paragraph is still to come. */
  #prefix = '';

  constructor(parts: XmlElement[]) {
    for (const part of parts) {
      for (const group of xmlChildren(part)) {
        if (group.ns !== OFFICE || (group.name !== 'styles' && group.name !== 'automatic-styles')) continue;
        for (const style of xmlChildren(group)) this.#addStyle(style);
      }
    }
  }

  #addStyle(style: XmlElement) {
    const name = xmlAttr(style, STYLE, 'name');
    if (!name) return;
    if (style.ns === STYLE && style.name === 'style' && xmlAttr(style, STYLE, 'family') === 'paragraph') {
      this.#paragraphStyles.set(name, {
        parent: xmlAttr(style, STYLE, 'parent-style-name'),
        displayName: xmlAttr(style, STYLE, 'display-name'),
      });
    } else if (style.ns === TEXT && style.name === 'list-style') {
      const levels = new Map<number, 'bullet' | 'number'>();
      for (const level of xmlChildren(style)) {
        const n = Number(xmlAttr(level, TEXT, 'level') ?? '1');
        levels.set(n, level.name === 'list-level-style-number' ? 'number' : 'bullet');
      }
      this.#listStyles.set(name, levels);
    }
  }

  /** How a paragraph style reads, looking up its parents: a heading level, the title, a TOC entry, or body. */
  #paragraphRole(styleName: string | undefined): { heading: number } | 'title' | 'toc' | undefined {
    const seen = new Set<string>();
    for (let name = styleName; name && !seen.has(name); name = this.#paragraphStyles.get(name)?.parent) {
      seen.add(name);
      for (const candidate of [this.#paragraphStyles.get(name)?.displayName, name]) {
        const level = headingLevelOfStyleName(candidate);
        if (level) return { heading: level };
        if (isTitleStyleName(candidate)) return 'title';
        if (isTocStyleName(candidate)) return 'toc';
      }
    }
    return undefined;
  }

  /** Reads block content (paragraphs, headings, lists, tables, sections) into outline events. */
  blocks(container: XmlElement, out: OutlineEvent[]): void {
    for (const el of xmlChildren(container)) this.#block(el, out);
  }

  #block(el: XmlElement, out: OutlineEvent[]): void {
    if (NOT_TEXT.has(`${el.ns} ${el.name}`)) return;
    if (el.ns === TEXT && el.name === 'p') this.#paragraph(el, out);
    else if (el.ns === TEXT && el.name === 'h') this.#heading(el, out);
    else if (el.ns === TEXT && el.name === 'list') this.#list(el, out, 1, undefined);
    else if (el.ns === TEXT && el.name === 'numbered-paragraph') this.#numberedParagraph(el, out);
    else if (el.ns === TABLE && el.name === 'table') this.#table(el, out);
    else if (el.ns === TEXT && GENERATED_INDEXES.has(el.name)) return;
    else if (el.ns === DRAW || el.ns === SVG) this.#drawing(el, out);
    // Sections, bibliography bodies, row groups and unknown containers: their blocks count.
    else this.blocks(el, out);
  }

  #paragraph(el: XmlElement, out: OutlineEvent[]) {
    const role = this.#paragraphRole(xmlAttr(el, TEXT, 'style-name'));
    if (role === 'toc') return;
    const deferred: OutlineEvent[] = [];
    const text = this.#inlineText(el, deferred);
    if (role && text) {
      const heading = singleLine(text);
      out.push({ kind: 'heading', level: role === 'title' ? 1 : role.heading, text: heading });
      if (role === 'title') this.titleParagraph ??= heading;
    } else if (text) {
      out.push({ kind: 'paragraph', text: this.#prefix + text });
      this.#prefix = '';
    }
    out.push(...deferred);
  }

  #heading(el: XmlElement, out: OutlineEvent[]) {
    const deferred: OutlineEvent[] = [];
    const text = singleLine(this.#inlineText(el, deferred));
    const level = Number.parseInt(xmlAttr(el, TEXT, 'outline-level') ?? '1', 10);
    if (text) out.push({ kind: 'heading', level: Number.isFinite(level) && level > 0 ? level : 1, text });
    out.push(...deferred);
  }

  /** Items get '- ' or 'N. ' like HTML lists, so the same document reads the same from any format. */
  #list(el: XmlElement, out: OutlineEvent[], depth: number, inheritedStyle: string | undefined) {
    const style = xmlAttr(el, TEXT, 'style-name') ?? inheritedStyle;
    const numbered = (style && this.#listStyles.get(style)?.get(Math.min(depth, 10))) === 'number';
    let n = 0;
    for (const item of xmlChildren(el)) {
      if (item.ns !== TEXT || (item.name !== 'list-item' && item.name !== 'list-header')) continue;
      const start = Number.parseInt(xmlAttr(item, TEXT, 'start-value') ?? '', 10);
      n = Number.isFinite(start) ? start : n + 1;
      this.#prefix = item.name === 'list-header' ? '' : numbered ? `${n}. ` : '- ';
      for (const part of xmlChildren(item)) {
        if (part.ns === TEXT && part.name === 'list') this.#list(part, out, depth + 1, style);
        else this.#block(part, out);
      }
      this.#prefix = '';
    }
  }

  #numberedParagraph(el: XmlElement, out: OutlineEvent[]) {
    this.#prefix = '- ';
    this.blocks(el, out);
    this.#prefix = '';
  }

  /** A row whose cells hold only paragraphs is one paragraph 'a | b | c'; other rows give their cells' blocks. */
  #table(el: XmlElement, out: OutlineEvent[]) {
    for (const row of rowsOf(el)) {
      const cells = xmlChildren(row).filter((c) => c.ns === TABLE && c.name === 'table-cell');
      const simple = cells.every((cell) =>
        xmlChildren(cell).every(
          (p) => p.ns === TEXT && (p.name === 'p' || p.name === 'h' || p.name === 'soft-page-break'),
        ),
      );
      if (!simple) {
        for (const cell of cells) this.blocks(cell, out);
        continue;
      }
      const deferred: OutlineEvent[] = [];
      const texts = cells.map((cell) =>
        xmlChildren(cell)
          .filter((p) => p.name !== 'soft-page-break')
          .map((p) => this.#inlineText(p, deferred).replace(/\n/g, ' '))
          .filter(Boolean)
          .join(' '),
      );
      const text = texts.filter(Boolean).join(' | ');
      if (text) out.push({ kind: 'paragraph', text });
      out.push(...deferred);
    }
  }

  /** Frames and shapes: only the text of their text boxes and shapes is read, never titles or descriptions. */
  #drawing(el: XmlElement, out: OutlineEvent[]) {
    if (el.ns === SVG) return;
    if (el.ns === DRAW && el.name === 'text-box') {
      this.blocks(el, out);
      return;
    }
    for (const part of xmlChildren(el)) {
      if (part.ns === TEXT) this.#block(part, out);
      else this.#drawing(part, out);
    }
  }

  /** The collapsed text of a paragraph; text boxes inside it go to `deferred`, notes to `this.notes`. */
  #inlineText(el: XmlElement, deferred: OutlineEvent[]): string {
    let text = '';
    const visit = (node: XmlElement) => {
      for (const c of node.children) {
        if (typeof c === 'string') {
          text += c;
          continue;
        }
        if (NOT_TEXT.has(`${c.ns} ${c.name}`)) continue;
        if (c.ns === DRAW || c.ns === SVG) {
          this.#drawing(c, deferred);
          continue;
        }
        if (c.ns !== TEXT) {
          visit(c);
          continue;
        }
        switch (c.name) {
          case 's':
          case 'tab':
            text += ' ';
            break;
          case 'line-break':
            text += BREAK;
            break;
          case 'note':
            text += this.#note(c);
            break;
          case 'ruby':
            visit(child(c, TEXT, 'ruby-base') ?? { ...c, children: [] });
            break;
          case 'number':
          case 'bookmark':
          case 'bookmark-start':
          case 'bookmark-end':
          case 'reference-mark':
          case 'reference-mark-start':
          case 'reference-mark-end':
          case 'change':
          case 'change-start':
          case 'change-end':
          case 'toc-mark':
          case 'alphabetical-index-mark':
          case 'user-index-mark':
            break;
          default:
            visit(c);
        }
      }
    };
    visit(el);
    return collapseWithBreaks(text);
  }

  /** Records a note and returns its mark for the body text: '[1]', or '[*]' for a custom mark. */
  #note(el: XmlElement): string {
    const citation = child(el, TEXT, 'note-citation');
    const label =
      (citation && (xmlAttr(citation, TEXT, 'label') || xmlText(citation).trim())) || `${this.notes.length + 1}`;
    const marker = `[${label}]`;
    const body = child(el, TEXT, 'note-body');
    const events: OutlineEvent[] = [];
    if (body) {
      const saved = this.#prefix;
      this.#prefix = '';
      this.blocks(body, events);
      this.#prefix = saved;
    }
    this.notes.push({ marker, paragraphs: events.map((e) => e.text) });
    return marker;
  }
}

function rowsOf(table: XmlElement): XmlElement[] {
  const rows: XmlElement[] = [];
  for (const el of xmlChildren(table)) {
    if (el.ns !== TABLE) continue;
    if (el.name === 'table-row') rows.push(el);
    else if (el.name === 'table-header-rows' || el.name === 'table-rows' || el.name === 'table-row-group') {
      rows.push(...rowsOf(el));
    }
  }
  return rows;
}

/** dc:title, the first author (meta:initial-creator, else dc:creator), creation date and dc:language. */
function odfProperties(xml: string): OfficeProperties {
  const meta = child(tryParse(xml), OFFICE, 'meta');
  if (!meta) return {};
  const value = (ns: string, local: string) => {
    const el = child(meta, ns, local);
    const text = el ? xmlText(el).trim() : '';
    return text || undefined;
  };
  return {
    title: value(DC, 'title'),
    // dc:creator is whoever saved the file last; the initial creator is the author.
    creator: value(META, 'initial-creator') ?? value(DC, 'creator'),
    created: value(META, 'creation-date'),
    language: value(DC, 'language'),
  };
}

function child(el: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
  return el ? xmlChildren(el).find((c) => c.ns === ns && c.name === local) : undefined;
}

function hasDescendant(el: XmlElement, ns: string, local: string): boolean {
  return xmlChildren(el).some((c) => (c.ns === ns && c.name === local) || hasDescendant(c, ns, local));
}

function tryParse(xml: string): XmlElement | undefined {
  try {
    return parseXml(xml);
  } catch {
    return undefined;
  }
}

function parse(xml: string, part: string): XmlElement {
  try {
    return parseXml(xml);
  } catch (error) {
    throw damagedError('ODT', `${part}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
