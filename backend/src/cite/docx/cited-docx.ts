import { ConversionError } from '../../formats/conversion-error';
import type { ConvertLimits } from '../../formats/limits';
import { checkZipContainer, wordDocumentCheck } from '../../formats/office-package';
import { headingLevelOfStyleName, isTitleStyleName, isTocStyleName } from '../../formats/word-styles';
import { parseXml, xmlAttr, xmlChildren, type XmlElement } from '../../formats/xml';
import { resolveEntryPath, withZip } from '../../formats/zip';
import type { RichText } from '../csl/rich-text';
import { readBodyText, type BodyParagraph, type BodyText, type CharSource } from './body-text';
import { writeZip } from '../../formats/write-zip';

/**
 * A Word document to cite: its parts as they are, the body's running text (paragraphs that are not
 * headings, the title or a table of contents, joined by blank lines) for the claims, and what is needed to
 * write citations back into its runs. Only `word/document.xml` changes (and, for note styles, the
 * footnotes part, its relationship and content type when the document had no footnotes): styles, media,
 * headers, comments and every other part are written back byte for byte.
 */
export interface DocxDocument {
  /** Every entry of the package, in order, inflated. */
  entries: { name: string; data: Buffer }[];
  documentPath: string;
  xml: string;
  body: BodyText;
  /** The running text claims are found in. */
  text: string;
  /** Where each cited paragraph starts in `text`, in order. */
  starts: { paragraph: number; start: number }[];
  styles: StyleIds;
}

/** Style ids of the document's own styles that the inserted content uses, when it has them. */
interface StyleIds {
  heading1?: string;
  bibliography?: string;
  footnoteText?: string;
  footnoteReference?: string;
  /** Paragraph style id → whether its paragraphs are running text (not a heading, title or contents). */
  body: Map<string, boolean>;
}

const W_MAIN = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const W_STRICT = 'http://purl.oclc.org/ooxml/wordprocessingml/main';
const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const FOOTNOTES_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes';
const FOOTNOTES_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml';

/** The .docx media type. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const wAttr = (el: XmlElement, local: string) => xmlAttr(el, W_MAIN, local) ?? xmlAttr(el, W_STRICT, local);
const isW = (el: XmlElement, local: string) => el.name === local && (el.ns === W_MAIN || el.ns === W_STRICT);

function damaged(detail: string): ConversionError {
  return new ConversionError(
    `El archivo .docx está dañado o no es un documento de Word: ${detail}.`,
    `Not a readable DOCX: ${detail}`,
  );
}

function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** The parts a part's relationships point at, by type suffix ('styles', 'footnotes'). */
function relationshipTargets(relsXml: string | undefined, part: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!relsXml) return out;
  for (const rel of xmlChildren(parseXml(relsXml))) {
    if (rel.name !== 'Relationship' || xmlAttr(rel, '', 'TargetMode') === 'External') continue;
    const type = (xmlAttr(rel, '', 'Type') ?? '').split('/').at(-1)!;
    const target = resolveEntryPath(part, xmlAttr(rel, '', 'Target') ?? '');
    if (target && !out.has(type)) out.set(type, target);
  }
  return out;
}

/** Subtitles are no running text either; the shared style names count them as neither heading nor title. */
const SUBTITLE_NAME = /^(?:subtitle|subt[ií]tulo|sous-titre|untertitel|sottotitolo|ondertitel)$/iu;

/** What a style name alone says: a heading, the title or subtitle, or a table of contents. */
const namedAsHeading = (name: string) =>
  headingLevelOfStyleName(name) !== undefined || isTitleStyleName(name) || SUBTITLE_NAME.test(name.trim());

/** A paragraph style as declared: its outline level, whether its name makes it a heading, what it is based on. */
interface DeclaredStyle {
  outline?: number;
  heading: boolean;
  toc: boolean;
  basedOn?: string;
}

function styleIds(stylesXml: string | undefined): StyleIds {
  const ids: StyleIds = { body: new Map() };
  if (!stylesXml) return ids;
  const declared = new Map<string, DeclaredStyle>();
  for (const style of xmlChildren(parseXml(stylesXml))) {
    if (!isW(style, 'style')) continue;
    const id = wAttr(style, 'styleId');
    if (!id) continue;
    const child = (local: string) => xmlChildren(style).find((c) => isW(c, local));
    const nameEl = child('name');
    const name = (nameEl && wAttr(nameEl, 'val')) ?? id;
    const type = wAttr(style, 'type');
    const lower = name.toLowerCase();
    if (type === 'paragraph') {
      const pPr = child('pPr');
      const outlineEl = pPr && xmlChildren(pPr).find((c) => isW(c, 'outlineLvl'));
      const outline = outlineEl ? Number(wAttr(outlineEl, 'val')) : undefined;
      const basedOnEl = child('basedOn');
      declared.set(id, {
        ...(Number.isInteger(outline) && { outline }),
        heading: namedAsHeading(name),
        toc: isTocStyleName(name),
        ...(basedOnEl && { basedOn: wAttr(basedOnEl, 'val') }),
      });
      const level = outline !== undefined ? outline + 1 : headingLevelOfStyleName(name);
      if (level === 1 && !ids.heading1) ids.heading1 = id;
      if (lower === 'bibliography' || lower === 'bibliografía') ids.bibliography ??= id;
      if (lower === 'footnote text') ids.footnoteText ??= id;
    } else if (type === 'character' && lower === 'footnote reference') {
      ids.footnoteReference ??= id;
    }
  }
  // A style is a heading by its own outline level (0-8; 9 is body text), else by its name, else as the style
  // it is based on is ('Mi capítulo' based on 'heading 1' heads too).
  const isHeading = (id: string, seen: Set<string>): boolean => {
    const d = declared.get(id);
    if (!d || seen.has(id)) return false;
    seen.add(id);
    if (d.outline !== undefined) return d.outline >= 0 && d.outline <= 8;
    return d.heading || (d.basedOn !== undefined && isHeading(d.basedOn, seen));
  };
  for (const [id, d] of declared) ids.body.set(id, !isHeading(id, new Set()) && !d.toc);
  return ids;
}

/**
 * Whether a paragraph is running text, the document's own styles first: an outline level set on the paragraph
 * (0-8) makes it a heading; else its style decides as declared in the styles part; a style id the styles part
 * does not declare is read as a name ('Heading1', 'Title', 'TOC1').
 */
function isRunningText(p: BodyParagraph, styles: StyleIds): boolean {
  if (p.outline !== undefined && p.outline <= 8) return false;
  if (p.style === undefined) return true;
  return styles.body.get(p.style) ?? !(namedAsHeading(p.style) || isTocStyleName(p.style));
}

/** Opens a .docx under the zip limits and reads its body text. Broken or encrypted files are ConversionErrors. */
export async function readDocx(
  path: string,
  options: { limits?: Partial<ConvertLimits>; signal?: AbortSignal } = {},
): Promise<DocxDocument> {
  await checkZipContainer(path, wordDocumentCheck('DOCX'));
  return withZip(path, options, async (zip) => {
    const entries: DocxDocument['entries'] = [];
    for (const entry of zip.entries) {
      if (entry.directory) continue;
      entries.push({ name: entry.name, data: await zip.read(entry.name) });
    }
    const text = (name: string) => entries.find((e) => e.name === name)?.data.toString('utf8');
    try {
      const packageRels = relationshipTargets(text('_rels/.rels'), '');
      const documentPath = packageRels.get('officeDocument') ?? 'word/document.xml';
      const xml = text(documentPath);
      if (xml === undefined) throw damaged('falta word/document.xml');
      const partRels = relationshipTargets(text(relsPathOf(documentPath)), documentPath);
      const styles = styleIds(text(partRels.get('styles') ?? ''));
      const body = readBodyText(xml);
      let joined = '';
      const starts: DocxDocument['starts'] = [];
      body.paragraphs.forEach((p, i) => {
        if (!isRunningText(p, styles)) return;
        if (p.text.trim() === '') return;
        if (joined) joined += '\n\n';
        starts.push({ paragraph: i, start: joined.length });
        joined += p.text;
      });
      return { entries, documentPath, xml, body, text: joined, starts, styles };
    } catch (err) {
      if (err instanceof ConversionError) throw err;
      throw damaged((err as Error).message);
    }
  });
}

/** A citation to put into the document: at an offset of its `text`, in the text or as a footnote. */
export interface DocxCitation {
  at: number;
  kind: 'in-text' | 'note';
  rich: RichText;
}

export interface DocxBibliography {
  heading: string;
  entries: RichText[];
  /** Hanging indent (author-date styles); numeric styles' entries start with their number. */
  hanging: boolean;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The order of run properties in CT_RPr: Word refuses a file whose rPr children are out of order. */
const RPR_ORDER = [
  'rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow',
  'emboss', 'imprint', 'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing', 'w', 'kern',
  'position', 'sz', 'szCs', 'highlight', 'u', 'effect', 'bdr', 'shd', 'fitText', 'vertAlign', 'rtl', 'cs', 'em',
  'lang', 'eastAsianLayout', 'specVanish', 'oMath',
]; // prettier-ignore

/** `rPr` (as written) with the given properties set, each in its place in the schema's order. */
export function withRunProperties(rPr: string, w: string, props: Record<string, string>): string {
  if (Object.keys(props).length === 0) return rPr;
  const inner = /^<[^>]*\/>$/.test(rPr) || rPr === '' ? '' : rPr.replace(/^<[^>]*>/, '').replace(/<\/[^>]*>$/, '');
  const open = rPr && !/^<[^>]*\/>$/.test(rPr) ? /^<[^>]*>/.exec(rPr)![0] : `<${w}:rPr>`;
  const CHILD = new RegExp(`<${w}:(\\w+)\\b[^>]*?(?:/>|>[\\s\\S]*?</${w}:\\1>)`, 'g');
  const children = [...inner.matchAll(CHILD)].map((m) => ({ name: m[1]!, xml: m[0] }));
  const kept = children.filter((c) => !(c.name in props));
  for (const [name, xml] of Object.entries(props)) {
    const rank = RPR_ORDER.indexOf(name);
    const at = kept.findIndex((c) => RPR_ORDER.indexOf(c.name) > rank);
    kept.splice(at < 0 ? kept.length : at, 0, { name, xml });
  }
  return `${open}${kept.map((c) => c.xml).join('')}</${w}:rPr>`;
}

/** Runs for formatted text, on top of a copied rPr. */
function richRuns(rich: RichText, rPr: string, w: string, leading = ''): string {
  return rich
    .map((r, i) => {
      const props: Record<string, string> = {};
      if (r.italic) props.i = `<${w}:i/>`;
      if (r.bold) props.b = `<${w}:b/>`;
      if (r.smallCaps) props.smallCaps = `<${w}:smallCaps/>`;
      if (r.superscript || r.subscript) {
        props.vertAlign = `<${w}:vertAlign ${w}:val="${r.superscript ? 'superscript' : 'subscript'}"/>`;
      }
      const text = escapeXml((i === 0 ? leading : '') + r.text);
      return `<${w}:r>${withRunProperties(rPr, w, props)}<${w}:t xml:space="preserve">${text}</${w}:t></${w}:r>`;
    })
    .join('');
}

/** Where the character before `at` of the document's text sits in the XML (skipping tabs and breaks). */
function sourceBefore(doc: DocxDocument, at: number): CharSource | undefined {
  let index = doc.starts.length - 1;
  while (index > 0 && doc.starts[index]!.start > at - 1) index--;
  const { paragraph, start } = doc.starts[index]!;
  const chars = doc.body.paragraphs[paragraph]!.chars;
  for (let c = Math.min(at - 1 - start, chars.length - 1); c >= 0; c--) if (chars[c]) return chars[c];
  return undefined;
}

/** XML spliced in at an offset of document.xml. */
interface Splice {
  at: number;
  xml: string;
}

/** Puts `runs` right after the character `c`, splitting its run when more of it follows. */
function spliceAfter(doc: DocxDocument, c: CharSource, runs: string): Splice {
  const w = doc.body.prefix;
  const endOfText = doc.xml.startsWith('</', c.to);
  if (endOfText && c.lastInRun) return { at: c.run.end, xml: runs };
  const reopen = `${c.run.openTag}${c.run.rPr}`;
  if (endOfText) return { at: c.textEnd, xml: `</${w}:r>${runs}${reopen}` };
  return { at: c.to, xml: `</${w}:t></${w}:r>${runs}${reopen}<${w}:t xml:space="preserve">` };
}

/**
 * The document with `citations` inserted into its runs (in-text citations as runs with the properties of
 * the run they follow; notes as footnote references with their footnotes) and the bibliography appended
 * as a heading and one paragraph per entry. Returns the new .docx bytes.
 */
export function citedDocx(doc: DocxDocument, citations: DocxCitation[], bibliography: DocxBibliography): Uint8Array {
  const w = doc.body.prefix;
  const splices: Splice[] = [];
  const notes: RichText[] = [];
  const footnotes = citations.some((c) => c.kind === 'note') ? footnotesPart(doc) : undefined;
  for (const citation of citations) {
    const c = sourceBefore(doc, citation.at);
    if (!c) continue;
    if (citation.kind === 'in-text') {
      splices.push(spliceAfter(doc, c, richRuns(citation.rich, c.run.rPr, w, ' ')));
    } else {
      const id = footnotes!.nextId + notes.length;
      notes.push(citation.rich);
      splices.push(spliceAfter(doc, c, footnoteReferenceRun(doc, id)));
    }
  }
  if (bibliography.entries.length) {
    splices.push({ at: doc.body.appendAt, xml: bibliographyXml(doc, bibliography) });
  }
  const sorted = splices.sort((a, b) => a.at - b.at);
  let xml = '';
  let from = 0;
  for (const s of sorted) {
    xml += doc.xml.slice(from, s.at) + s.xml;
    from = s.at;
  }
  xml += doc.xml.slice(from);

  const changed = new Map<string, Buffer>([[doc.documentPath, Buffer.from(xml, 'utf8')]]);
  if (footnotes && notes.length) {
    for (const [name, data] of footnotes.write(notes)) changed.set(name, data);
  }
  const names = new Set(doc.entries.map((e) => e.name));
  return writeZip([
    ...doc.entries.map((e) => ({ name: e.name, data: changed.get(e.name) ?? e.data })),
    ...[...changed].filter(([name]) => !names.has(name)).map(([name, data]) => ({ name, data })),
  ]);
}

function footnoteReferenceRun(doc: DocxDocument, id: number): string {
  const w = doc.body.prefix;
  const style = doc.styles.footnoteReference
    ? `<${w}:rStyle ${w}:val="${escapeXml(doc.styles.footnoteReference)}"/>`
    : `<${w}:vertAlign ${w}:val="superscript"/>`;
  return `<${w}:r><${w}:rPr>${style}</${w}:rPr><${w}:footnoteReference ${w}:id="${id}"/></${w}:r>`;
}

function bibliographyXml(doc: DocxDocument, bib: DocxBibliography): string {
  const w = doc.body.prefix;
  const headingPPr = doc.styles.heading1
    ? `<${w}:pPr><${w}:pStyle ${w}:val="${escapeXml(doc.styles.heading1)}"/></${w}:pPr>`
    : '';
  const headingRPr = doc.styles.heading1 ? '' : `<${w}:rPr><${w}:b/></${w}:rPr>`;
  let xml = `<${w}:p>${headingPPr}<${w}:r>${headingRPr}<${w}:t>${escapeXml(bib.heading)}</${w}:t></${w}:r></${w}:p>`;
  const entryPPr = doc.styles.bibliography
    ? `<${w}:pPr><${w}:pStyle ${w}:val="${escapeXml(doc.styles.bibliography)}"/></${w}:pPr>`
    : bib.hanging
      ? `<${w}:pPr><${w}:ind ${w}:left="720" ${w}:hanging="720"/></${w}:pPr>`
      : '';
  for (const entry of bib.entries) xml += `<${w}:p>${entryPPr}${richRuns(entry, '', w)}</${w}:p>`;
  return xml;
}

/** The footnotes part: where new notes go, and how to write them (creating the part when there is none). */
function footnotesPart(doc: DocxDocument) {
  const w = doc.body.prefix;
  const relsPath = relsPathOf(doc.documentPath);
  const rels = doc.entries.find((e) => e.name === relsPath)?.data.toString('utf8');
  const existing = relationshipTargets(rels, doc.documentPath).get('footnotes');
  const existingXml = existing ? doc.entries.find((e) => e.name === existing)?.data.toString('utf8') : undefined;
  let nextId = 1;
  for (const m of (existingXml ?? '').matchAll(/:id\s*=\s*["'](-?\d+)["']/g))
    nextId = Math.max(nextId, Number(m[1]) + 1);
  const notePPr = doc.styles.footnoteText
    ? `<${w}:pPr><${w}:pStyle ${w}:val="${escapeXml(doc.styles.footnoteText)}"/></${w}:pPr>`
    : '';
  const refRPr = doc.styles.footnoteReference
    ? `<${w}:rPr><${w}:rStyle ${w}:val="${escapeXml(doc.styles.footnoteReference)}"/></${w}:rPr>`
    : `<${w}:rPr><${w}:vertAlign ${w}:val="superscript"/></${w}:rPr>`;
  const noteXml = (rich: RichText, id: number) =>
    `<${w}:footnote ${w}:id="${id}"><${w}:p>${notePPr}<${w}:r>${refRPr}<${w}:footnoteRef/></${w}:r>` +
    `${richRuns(rich, '', w, ' ')}</${w}:p></${w}:footnote>`;
  return {
    nextId,
    write(notes: RichText[]): [string, Buffer][] {
      const added = notes.map((n, i) => noteXml(n, nextId + i)).join('');
      if (existing && existingXml) {
        const close = existingXml.lastIndexOf(`</${w}:footnotes>`);
        if (close < 0) throw damaged(`${existing} no cierra sus notas`);
        return [[existing, Buffer.from(existingXml.slice(0, close) + added + existingXml.slice(close), 'utf8')]];
      }
      // No footnotes yet: the part (with Word's separators), its relationship and its content type.
      const dir = doc.documentPath.slice(0, doc.documentPath.lastIndexOf('/') + 1);
      const part = `${dir}footnotes.xml`;
      const ns = doc.xml.includes(W_STRICT) ? W_STRICT : W_MAIN;
      const xml =
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${w}:footnotes xmlns:${w}="${ns}">` +
        `<${w}:footnote ${w}:type="separator" ${w}:id="-1"><${w}:p><${w}:r><${w}:separator/></${w}:r></${w}:p></${w}:footnote>` +
        `<${w}:footnote ${w}:type="continuationSeparator" ${w}:id="0"><${w}:p><${w}:r><${w}:continuationSeparator/></${w}:r></${w}:p></${w}:footnote>` +
        `${added}</${w}:footnotes>`;
      const relsXml =
        rels ??
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${REL_NS}"></Relationships>`;
      let rid = 1;
      while (relsXml.includes(`Id="rIdFolio${rid}"`)) rid++;
      const rel = `<Relationship Id="rIdFolio${rid}" Type="${FOOTNOTES_REL}" Target="footnotes.xml"/>`;
      const types = doc.entries.find((e) => e.name === '[Content_Types].xml')!.data.toString('utf8');
      const override = `<Override PartName="/${part}" ContentType="${FOOTNOTES_TYPE}"/>`;
      return [
        [part, Buffer.from(xml, 'utf8')],
        [relsPath, Buffer.from(relsXml.replace(/<\/Relationships>\s*$/, `${rel}</Relationships>`), 'utf8')],
        ['[Content_Types].xml', Buffer.from(types.replace(/<\/Types>\s*$/, `${override}</Types>`), 'utf8')],
      ];
    },
  };
}
