import { decodeCharacterReferences, XML_ENTITIES } from '@folio/shared';
/**
 * Formatted text as citeproc writes it (its HTML output: italics, bold, small caps, super- and subscript)
 * turned into runs that each output can render: plain text for JSON, Markdown emphasis, Word run
 * properties for .docx.
 */

/** A stretch of text with one formatting. */
export interface RichRun {
  text: string;
  italic?: boolean;
  bold?: boolean;
  smallCaps?: boolean;
  superscript?: boolean;
  subscript?: boolean;
}

export type RichText = RichRun[];

type Format = Omit<RichRun, 'text'>;

const ENTITIES: Record<string, string> = { ...XML_ENTITIES, nbsp: '\u00a0' };

/** What an opening tag adds to the formatting of what it holds. */
function formatOf(tag: string, attrs: string): Format {
  const style = /style="([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
  const f: Format = {};
  if (tag === 'i' || tag === 'em' || /font-style:\s*italic/.test(style)) f.italic = true;
  if (tag === 'b' || tag === 'strong' || /font-weight:\s*bold/.test(style)) f.bold = true;
  if (/font-variant:\s*small-caps/.test(style)) f.smallCaps = true;
  if (tag === 'sup' || /vertical-align:\s*sup/.test(style)) f.superscript = true;
  if (tag === 'sub' || /vertical-align:\s*sub/.test(style)) f.subscript = true;
  // citeproc resets with font-style:normal inside italics (a title within a title).
  if (/font-style:\s*normal/.test(style)) f.italic = false;
  return f;
}

/**
 * Parses citeproc's HTML for one citation or bibliography entry. The second-field layout of numeric
 * styles (`csl-left-margin` '[1]' beside `csl-right-inline`) becomes the number, a space, the entry.
 */
export function richFromHtml(html: string): RichText {
  const runs: RichText = [];
  const stack: { tag: string; format: Format; margin: boolean }[] = [];
  const current = (): Format => Object.assign({}, ...stack.map((s) => s.format));
  const push = (text: string) => {
    if (!text) return;
    const f = current();
    const run: RichRun = { text, ...Object.fromEntries(Object.entries(f).filter(([, v]) => v)) };
    const last = runs.at(-1);
    if (last && sameFormat(last, run)) last.text += text;
    else runs.push(run);
  };
  const TAG = /<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi;
  for (const m of html.matchAll(TAG)) {
    const [, closing, rawTag, attrs, text] = m;
    if (text !== undefined) {
      // Indentation and line breaks between citeproc's divs are layout, not text.
      if (text.trim() === '' && /\n/.test(text)) continue;
      push(decodeCharacterReferences(text, ENTITIES));
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      const margin = at >= 0 && stack[at]!.margin;
      if (at >= 0) stack.splice(at);
      // The number of a numeric style's entry ('[1]') is followed by the entry.
      if (margin) push(' ');
      continue;
    }
    if (tag === 'br') {
      push(' ');
      continue;
    }
    stack.push({ tag, format: formatOf(tag, attrs ?? ''), margin: /class="csl-left-margin"/.test(attrs ?? '') });
    if (/\/\s*$/.test(attrs ?? '')) stack.pop();
  }
  return trimRich(runs);
}

function sameFormat(a: RichRun, b: RichRun): boolean {
  const keys: (keyof Format)[] = ['italic', 'bold', 'smallCaps', 'superscript', 'subscript'];
  return keys.every((k) => !!a[k] === !!b[k]);
}

/** Leading and trailing whitespace removed, spaces inside collapsed. */
function trimRich(runs: RichText): RichText {
  const out = runs.map((r) => ({ ...r, text: r.text.replace(/[ \t\n]+/g, ' ') }));
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out.at(-1);
  if (last) last.text = last.text.trimEnd();
  return out.filter((r) => r.text !== '');
}

/**
 * citeproc keeps some words together with no-break spaces ('s.\u00a0f.'); plain text and Markdown write
 * plain spaces, as the contract's short form does, so that one passage's `cita` reads the same from every
 * operation. A .docx keeps them: Word honours them.
 */
const NO_BREAK_SPACE = /\u00a0/g;

/** The text alone. */
export function plainText(rich: RichText): string {
  return rich
    .map((r) => r.text)
    .join('')
    .replace(NO_BREAK_SPACE, ' ');
}

const MARKDOWN_SPECIAL = /[\\*_`]/g;

/** Markdown: italics as *…*, bold as **…**; other formatting dropped (Markdown has none for it). */
export function markdownText(rich: RichText): string {
  return rich
    .map((r) => {
      const text = r.text.replace(NO_BREAK_SPACE, ' ').replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
      const inner = text.trim();
      if (!inner || (!r.italic && !r.bold)) return text;
      const mark = r.bold && r.italic ? '***' : r.bold ? '**' : '*';
      // Emphasis must hug its text: spaces around it stay outside the markers.
      const lead = text.slice(0, text.indexOf(inner));
      const trail = text.slice(lead.length + inner.length);
      return `${lead}${mark}${inner}${mark}${trail}`;
    })
    .join('');
}
