/**
 * A PDF page as lines of text with their type size and place, from pdf.js text items: what the title page,
 * the year and the other first-page readers look at.
 */
import { composeAccentItems, composeAccents } from './pdf-accents';

/** The parts of a pdf.js text item read here. */
export interface TitleItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName?: string;
}

/** A run of text on one baseline, in display space (top grows downwards from the page's top edge). */
export interface LayoutLine {
  text: string;
  /** The text without small raised items (footnote marks, affiliation numbers). */
  plain: string;
  /** Type size of the line's letters (the largest item holding two letters or more). */
  size: number;
  x: number;
  right: number;
  /** Baseline, from the page's top edge. */
  top: number;
  /** The font most of the line's letters are set in, as pdf.js names it, when known. */
  font?: string;
}

export interface LayoutPage {
  lines: LayoutLine[];
  width: number;
  height: number;
}

/** The most slant of oblique type: a vertical leaning about 27° (italics are drawn at 10–15°). */
const MAX_SLANT = 0.5;

/** A horizontal gap this many times the type size splits a baseline into separate lines (columns, a foot). */
const COLUMN_GAP = 2.5;

/**
 * Lines of a page from pdf.js items: items sharing a baseline are joined (a space where there is a visible
 * gap), a wide gap starts a new line, and items far smaller than their line and raised above it are marks.
 * `viewport` is pdf.js's viewport transform at scale 1 ([1, 0, 0, -1, 0, height] for an unrotated page).
 */
export function layoutFromItems(
  items: readonly unknown[],
  viewport: { transform: number[]; width: number; height: number },
): LayoutPage {
  const [va = 1, vb = 0, vc = 0, vd = -1, ve = 0, vf = 0] = viewport.transform;
  interface Placed {
    str: string;
    x: number;
    top: number;
    size: number;
    width: number;
    font?: string;
  }
  const placed: Placed[] = [];
  for (const raw of composeAccentItems(items.filter(isItem))) {
    // eslint-disable-next-line no-control-regex
    const str = raw.str.replace(/[\u0000-\u001f\u007f]/g, '');
    if (!str.trim()) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = raw.transform;
    const ma = va * a + vc * b;
    const mb = vb * a + vd * b;
    const mc = va * c + vc * d;
    const md = vb * c + vd * d;
    // Only text running left to right, upright on the displayed page, or slanted the way oblique type is
    // drawn (a shear of its verticals, as producers fake italics): its size is then its height, not the slant's.
    if (!(Math.abs(mb) < 1e-6 && ma > 0 && md < 0 && Math.abs(mc) <= MAX_SLANT * -md)) continue;
    const size = (Math.abs(mc) < 1e-6 ? raw.height : 0) || Math.abs(md) || 1;
    placed.push({
      str,
      x: va * e + vc * f + ve,
      top: vb * e + vd * f + vf,
      size,
      width: raw.width,
      font: raw.fontName,
    });
  }
  placed.sort((p, q) => p.top - q.top || p.x - q.x);

  // Group by baseline: an item joins a row when its baseline is within half the larger size.
  const rows: Placed[][] = [];
  for (const item of placed) {
    const row = rows.find((r) => {
      const base = r[0]!;
      return Math.abs(base.top - item.top) <= 0.5 * Math.max(base.size, item.size);
    });
    if (row) row.push(item);
    else rows.push([item]);
  }

  const lines: LayoutLine[] = [];
  for (const row of rows) {
    row.sort((p, q) => p.x - q.x);
    const rowSize = typeSize(row);
    let segment: Placed[] = [];
    const flush = () => {
      if (segment.length) lines.push(lineOf(segment, rowSize));
      segment = [];
    };
    for (const item of row) {
      const last = segment[segment.length - 1];
      if (last && item.x - (last.x + last.width) > partingGap(segment, item, rowSize)) flush();
      segment.push(item);
    }
    flush();
  }
  lines.sort((p, q) => p.top - q.top || p.x - q.x);
  return { lines, width: viewport.width, height: viewport.height };

  function lineOf(segment: Placed[], rowSize: number): LayoutLine {
    let text = '';
    let plain = '';
    let end = -Infinity;
    const size = typeSize(segment);
    const baseline = letteredOf(segment)[0]!.top;
    for (const item of segment) {
      const gap = item.x - end;
      const space = text && !/\s$/.test(text) && !/^\s/.test(item.str) && (gap > 0.15 * item.size || gap < -item.size);
      // A mark: much smaller than the line and raised off its baseline; a footnote number or symbol may be
      // set only a size smaller (LaTeX's marks beside display type), when raised a quarter of the line.
      const raised = baseline - item.top;
      const mark =
        (item.size < 0.8 * rowSize && raised > 0.15 * rowSize) ||
        (NOTE_MARK.test(item.str) && item.size < 0.9 * rowSize && raised > 0.25 * rowSize);
      text += (space ? ' ' : '') + item.str;
      if (!mark) plain += (space ? ' ' : '') + item.str;
      else plain += ' ';
      end = item.x + item.width;
    }
    const tidy = (s: string) => composeAccents(s.replace(/\s+/g, ' ').trim());
    const first = segment[0]!;
    const line: LayoutLine = { text: tidy(text), plain: tidy(plain), size, x: first.x, right: end, top: baseline };
    const font = mainFont(segment);
    if (font) line.font = font;
    return line;
  }
}

/** The font holding most of the items' letters, when the items name their fonts. */
function mainFont(items: readonly { str: string; font?: string }[]): string | undefined {
  const letters = new Map<string, number>();
  for (const item of items) {
    if (item.font) letters.set(item.font, (letters.get(item.font) ?? 0) + (item.str.match(/\p{L}/gu)?.length ?? 0));
  }
  return [...letters].sort((p, q) => q[1] - p[1])[0]?.[0];
}

/** A footnote's mark: up to three digits, or a symbol (*, †, ‡, §), alone in its item. */
const NOTE_MARK = /^\s*(?:\d{1,3}|[*†‡§¶]{1,3})\s*$/u;

/** The items holding two letters or more (not marks, digits or rules), or all of them when none does. */
function letteredOf<T extends { str: string }>(items: readonly T[]): readonly T[] {
  const lettered = items.filter((i) => (i.str.match(/\p{L}/gu)?.length ?? 0) >= 2);
  return lettered.length ? lettered : items;
}

/** The type size of a run of items: the largest of its lettered items. */
function typeSize(items: readonly { str: string; size: number }[]): number {
  return Math.max(...letteredOf(items).map((i) => i.size));
}

/** Type this much larger than the text before it is another kind of text (a title, a byline, the body). */
const OTHER_TYPE = 1.2;

/**
 * How wide a gap before `next` parts it from the text so far on the same baseline: a column gap in the
 * line's type, or, when the two are set in different type (a title or byline in the left column beside the
 * body's right column, on one baseline), a gap wider than an em of the smaller, which words never leave.
 */
function partingGap(
  segment: readonly { str: string; size: number }[],
  next: { size: number },
  rowSize: number,
): number {
  const size = typeSize(segment);
  const [small, large] = size < next.size ? [size, next.size] : [next.size, size];
  return large > OTHER_TYPE * small ? Math.max(small, 1) : COLUMN_GAP * Math.max(rowSize, 1);
}

function isItem(item: unknown): item is TitleItem {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as TitleItem).str === 'string' &&
    Array.isArray((item as TitleItem).transform)
  );
}

/** The size most of the page's letters are set in: its body type. */
export function bodySize(page: LayoutPage): number {
  const weight = new Map<number, number>();
  for (const line of page.lines) {
    const key = Math.round(line.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) [best, bestWeight] = [size, w];
  }
  return best;
}

/**
 * A title's lines joined: a word broken by a hyphen at a line's end is mended, a space before punctuation and
 * trailing footnote marks dropped.
 */
export function joinTitle(lines: readonly LayoutLine[]): string {
  let title = '';
  for (const line of lines) {
    const text = line.plain || line.text;
    if (!title) title = text;
    else if (/\p{Ll}-$/u.test(title) && /^\p{Ll}/u.test(text)) title = title.slice(0, -1) + text;
    else title += ' ' + text;
  }
  return title
    .replace(/\s+([,.:;!?])/g, '$1')
    .replace(/[\s*∗†‡§¶]+$/u, '')
    .trim();
}
