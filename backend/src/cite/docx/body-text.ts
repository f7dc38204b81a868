import { decodeCharacterReferences } from '@folio/shared';
/**
 * The text of a Word document's body (`word/document.xml`) with, for every character, where it sits in the
 * XML: the run that holds it and the offsets of its encoded form. Citations are then spliced into the XML
 * string itself at those offsets, so every byte of the part that is not an inserted run stays as it was
 * (parsing and serialising the XML would rewrite quoting, namespaces and whitespace everywhere).
 *
 * Read: paragraphs of the body, table cells and content controls (`w:t`, tabs, breaks, non-breaking
 * hyphens). Left out: deleted text, field instructions, and anything inside drawings, pictures, embedded
 * objects and alternate content (text boxes), whose paragraphs are not the document's running text.
 */

/** A run (`w:r`) as written in the XML. */
export interface RunSpan {
  /** Offset of '<w:r'. */
  start: number;
  /** Offset right after '</w:r>'. */
  end: number;
  /** The opening tag as written ('<w:r w:rsidR="…">'). */
  openTag: string;
  /** Its run properties as written ('<w:rPr>…</w:rPr>'), or ''. */
  rPr: string;
}

/** Where one character of the text came from. */
export interface CharSource {
  run: RunSpan;
  /** Offset of the character's encoded form in the XML ('&amp;' counts as one character). */
  from: number;
  /** Offset right after it. */
  to: number;
  /** Offset right after the '</w:t>' that closes its text element, and whether '</w:r>' follows at once. */
  textEnd: number;
  lastInRun: boolean;
}

export interface BodyParagraph {
  /** Paragraph style id (`w:pStyle`), when it has one. */
  style?: string;
  /** Outline level set on the paragraph itself (`w:outlineLvl`, 0-9; 9 is body text), when it has one. */
  outline?: number;
  text: string;
  /** One entry per character of `text`; undefined for characters that are not text in a `w:t` (tabs, breaks). */
  chars: (CharSource | undefined)[];
}

export interface BodyText {
  /** The prefix bound to the WordprocessingML namespace ('w' nearly always). */
  prefix: string;
  paragraphs: BodyParagraph[];
  /** Offset where content appended to the body goes: before the body's own `w:sectPr`, else before '</w:body>'. */
  appendAt: number;
}

const W_NAMESPACES = [
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
];
/** Elements whose content is not running text of the paragraph that holds them. */
const SKIPPED = new Set(['drawing', 'pict', 'object', 'del', 'delText', 'instrText', 'AlternateContent', 'rPrChange']);
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([^\s/>!?]+)([^>]*?)(\/?)>|([^<]+)/g;
const ENTITY = /^&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i;

/** The prefix the root element binds to the WordprocessingML namespace. */
export function wordPrefix(xml: string): string {
  const root = /<([^\s/>!?]+)\s([^>]*)>/.exec(xml.replace(/<\?[\s\S]*?\?>/g, ''));
  for (const m of (root?.[2] ?? '').matchAll(/xmlns:([\w.-]+)\s*=\s*["']([^"']+)["']/g)) {
    if (W_NAMESPACES.includes(m[2]!)) return m[1]!;
  }
  return 'w';
}

/** Reads the paragraphs of `word/document.xml` (as a string) with the source of each character. */
export function readBodyText(xml: string): BodyText {
  const w = wordPrefix(xml);
  const local = (qname: string) => (qname.startsWith(`${w}:`) ? qname.slice(w.length + 1) : undefined);
  const paragraphs: BodyParagraph[] = [];
  let appendAt = -1;
  let depth = 0;
  let bodyDepth = -1;
  let skipDepth = -1;
  let paragraph: BodyParagraph | undefined;
  let paragraphDepth = -1;
  let run: RunSpan | undefined;
  let runDepth = -1;
  let rPrStart = -1;
  let inText = false;
  let pendingChars: CharSource[] = [];
  for (const m of xml.matchAll(TOKEN)) {
    const [whole, closing, qname, , selfClosing, text] = m;
    const at = m.index;
    if (text !== undefined) {
      if (!inText || !paragraph || !run || skipDepth >= 0) continue;
      for (let i = 0; i < text.length;) {
        const entity = text[i] === '&' ? ENTITY.exec(text.slice(i))?.[0] : undefined;
        const raw = entity ?? String.fromCodePoint(text.codePointAt(i)!);
        const decoded = entity ? decodeCharacterReferences(entity) : raw;
        // A character outside the BMP is two UTF-16 units of text: both map to its source.
        for (let u = 0; u < decoded.length; u++) {
          const source: CharSource = { run, from: at + i, to: at + i + raw.length, textEnd: -1, lastInRun: false };
          paragraph.text += decoded[u];
          paragraph.chars.push(source);
          pendingChars.push(source);
        }
        i += raw.length;
      }
      continue;
    }
    if (qname === undefined) continue;
    const name = local(qname);
    if (closing) {
      depth--;
      if (skipDepth >= 0) {
        if (depth === skipDepth) skipDepth = -1;
        continue;
      }
      if (name === 't' && inText) {
        inText = false;
        for (const c of pendingChars) if (c.textEnd < 0) c.textEnd = at + whole.length;
        // Whether '</w:r>' comes right after is known at the next tag.
      } else if (name === 'rPr' && run && rPrStart >= 0 && depth === runDepth + 1) {
        run.rPr = xml.slice(rPrStart, at + whole.length);
        rPrStart = -1;
      } else if (name === 'r' && run && depth === runDepth) {
        run.end = at + whole.length;
        for (const c of pendingChars) c.lastInRun = c.textEnd >= 0 && xml.slice(c.textEnd, at).trim() === '';
        run = undefined;
        pendingChars = [];
      } else if (name === 'p' && paragraph && depth === paragraphDepth) {
        paragraphs.push(paragraph);
        paragraph = undefined;
      } else if (name === 'body' && depth === bodyDepth && appendAt < 0) {
        appendAt = at;
      }
      continue;
    }
    const isSelfClosing = selfClosing === '/';
    const skipped = (name !== undefined && SKIPPED.has(name)) || qname.endsWith(':AlternateContent');
    if (skipDepth < 0 && skipped) {
      if (!isSelfClosing) skipDepth = depth;
    } else if (skipDepth < 0 && name !== undefined) {
      if (name === 'body') {
        bodyDepth = depth;
      } else if (name === 'sectPr' && depth === bodyDepth + 1) {
        appendAt = at;
      } else if (name === 'p' && !paragraph && !isSelfClosing) {
        paragraph = { text: '', chars: [] };
        paragraphDepth = depth;
      } else if (name === 'pStyle' && paragraph) {
        const val = new RegExp(`${w}:val\\s*=\\s*["']([^"']*)["']`).exec(whole)?.[1];
        if (val) paragraph.style = val;
      } else if (name === 'outlineLvl' && paragraph && !run) {
        const val = Number(new RegExp(`${w}:val\\s*=\\s*["']([0-9]+)["']`).exec(whole)?.[1]);
        if (Number.isInteger(val)) paragraph.outline = val;
      } else if (name === 'r' && paragraph && !isSelfClosing) {
        run = { start: at, end: -1, openTag: whole, rPr: '' };
        runDepth = depth;
        pendingChars = [];
      } else if (name === 'rPr' && run && depth === runDepth + 1) {
        if (isSelfClosing) run.rPr = whole;
        else rPrStart = at;
      } else if (name === 't' && run && !isSelfClosing) {
        inText = true;
      } else if (paragraph && run && (name === 'tab' || name === 'ptab')) {
        paragraph.text += '\t';
        paragraph.chars.push(undefined);
      } else if (paragraph && run && (name === 'br' || name === 'cr')) {
        paragraph.text += '\n';
        paragraph.chars.push(undefined);
      } else if (paragraph && run && name === 'noBreakHyphen') {
        paragraph.text += '\u2011';
        paragraph.chars.push(undefined);
      }
    }
    if (!isSelfClosing) depth++;
  }
  if (appendAt < 0) throw new Error('word/document.xml has no w:body');
  return { prefix: w, paragraphs, appendAt };
}
