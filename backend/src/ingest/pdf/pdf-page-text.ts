import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { composeAccentItems, composeAccents } from './pdf-accents';
import { readAnnotationItems } from './pdf-annotations';
import { clustersInOrder, rtlGlyphClusters } from './pdf-rtl-clusters';
import { linesWithScripts, type LinePiece } from './pdf-scripts';
import type { PageLine } from './pdf-folios';
import { isArabicText, itemPlace, normalizePresentationForms, orderTextItems } from './pdf-text-order';
import { orderColumns } from './pdf-columns';

/**
 * One PDF page's text as Folio reads it from pdf.js's text content: lines in reading order (columns,
 * right-to-left runs, vertical writing, accents composed), paragraphs told by spacing, and the lines at the
 * page's edges kept for folio inference.
 */

/** Lines kept from the top and the bottom of each page, where running heads and folios live. */
const EDGE_LINES = 3;

/** What a page yielded: its text, and the lines at its edges for folio inference. */
export interface PageText {
  texto: string;
  /**
   * The lines nearest the top and the bottom of the page as displayed (rotation applied), top to bottom
   * in both lists; y grows upwards from the bottom edge. Rotated lines (margin notes) are left out.
   */
  edges: { top: PageLine[]; bottom: PageLine[] };
  /** Read by OCR from the rendered page. */
  visual?: boolean;
  /**
   * What the page's form fields and annotations show (`readAnnotationItems`), already at the end of `texto`;
   * set only when they show something, and then `layer` is the page's own text, without it: whether the
   * page has a text layer is judged on `layer` (a scanned form with a filled-in field is still a scan),
   * and OCR text keeps `shown`.
   */
  shown?: string;
  layer?: string;
  /** The page is a picture of text in this script, which OCR here does not read (`readInItsScript`). */
  escritura?: string;
}

/** Where a page sits on screen: pdf.js's viewport transform at scale 1 and the displayed height. */
export interface PageFrame {
  transform: number[];
  height: number;
}

export async function readPage(doc: PDFDocumentProxy, n: number): Promise<PageText> {
  const page = await doc.getPage(n);
  try {
    // pdf.js's own normalization expands a ligature before it puts right-to-left text in reading order, so
    // the letters of 'ﳋ' (lam with khah) came out swapped ('اخلطوط' for 'الخطوط'); normalizePresentationForms
    // does it after.
    const content = await page.getTextContent({ disableNormalization: true });
    turnVerticalColumns(content);
    const clusters = await rtlGlyphClusters(page, content.items);
    if (clusters.length > 0) {
      for (const item of content.items) if ('str' in item) item.str = clustersInOrder(item.str, clusters);
    }
    const viewport = page.getViewport({ scale: 1 });
    const frame = { transform: viewport.transform, height: viewport.height };
    // What form fields and annotations show is read after the page's own text.
    const shown = await readAnnotationItems(page);
    const text = pageTextFromItems([...content.items, ...shown], frame);
    const annotations = shown.length > 0 ? pageTextFromItems(shown).texto : '';
    if (!annotations) return text;
    return { ...text, shown: annotations, layer: pageTextFromItems(content.items, frame).texto };
  } finally {
    page.cleanup();
  }
}

/**
 * Vertical writing (a font pdf.js marks `vertical`: Japanese or Chinese set in columns) turned a quarter so
 * each column reads as a line: pdf.js gives one item per column, right to left, all on one baseline, which
 * the line logic took for cells of one line and put left to right, glued ('…ですから︶︵すべてが…'). The
 * column's place across the page becomes the line's height on it, and its length the line's width.
 */
function turnVerticalColumns(content: { items: object[]; styles: Record<string, { vertical?: boolean }> }): void {
  for (const item of content.items) {
    if (!('transform' in item) || !('fontName' in item) || !content.styles[item.fontName as string]?.vertical) continue;
    const text = item as unknown as { transform: number[]; width: number; height: number };
    const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = text.transform;
    text.transform = [a, b, c, d, -y, x];
    [text.width, text.height] = [text.height, text.width];
  }
}

/** The parts of a pdf.js text item this module reads. */
export interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

interface Line {
  /** The line's pieces, each with its baseline and size; a space put between two has no place (NaN). */
  parts: LinePiece[];
  y: number;
  height: number;
  /** Where the last item starts and ends along the baseline (`itemPlace`). */
  start: number;
  end: number;
  /** The first item's baseline and writing direction (`itemPlace`). */
  across: number;
  angle: number;
  /** The last item's baseline and height. */
  last: { across: number; height: number };
  upright: boolean;
  /** The first item's text matrix: where the line starts, and which way it runs. */
  matrix: number[];
}

/**
 * Joins pdf.js text items into page text: items on one line are joined (with a space where there is a
 * visible gap), lines end where pdf.js says or where the baseline moves, and a blank line separates lines
 * whose vertical gap is clearly larger than the page's usual line spacing, so paragraphs survive.
 * With the page's `frame`, edges are found where the page is displayed (a /Rotate'd page's top is not its
 * user-space top); without it, in user space.
 */
export function pageTextFromItems(items: readonly unknown[], frame?: PageFrame): PageText {
  const lines: Line[] = [];
  let line: Line | undefined;
  let endOfLine = true;
  const textItems = composeAccentItems(items.filter(isTextItem));
  const arabic = isArabicText(textItems.map((item) => item.str).join(''));
  for (const item of orderTextItems(orderColumns(textItems))) {
    const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform;
    const upright = Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6 && a > 0 && d > 0;
    const height = item.height || Math.abs(d) || 1;
    const place = itemPlace(item.transform);
    // Broken font maps yield control characters; they are never text.
    // eslint-disable-next-line no-control-regex
    const str = normalizePresentationForms(item.str.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ''), arabic);
    if (str) {
      // Items written the same way (upright, or turned by a right angle) are compared in their own frame.
      const comparable = line !== undefined && place.angle === line.angle && place.angle % 90 === 0;
      const sameLine =
        line !== undefined &&
        !endOfLine &&
        (!comparable || Math.abs(place.across - line.across) <= 0.5 * Math.max(height, line.height));
      if (!sameLine || !line) {
        line = {
          parts: [],
          y,
          height,
          start: place.along,
          end: place.along,
          across: place.across,
          angle: place.angle,
          last: { across: place.across, height },
          upright,
          matrix: [a, b, c, d, x, y],
        };
        lines.push(line);
      } else {
        // A gap after the previous item, or before it in a line read right to left.
        const gap = Math.max(place.along - line.end, line.start - (place.along + item.width));
        const last = line.parts[line.parts.length - 1]?.str ?? '';
        const spaced = /\s$/.test(last) || /^\s/.test(str);
        // Whole words set off by half a line, not a superscript or an index: words side by side.
        const shifted =
          Math.abs(place.across - line.last.across) >= 0.3 * Math.min(height, line.last.height) &&
          str.trim().length > 3 &&
          last.trim().length > 3;
        if (!spaced && comparable && (gap > 0.15 * height || gap < -height || shifted)) {
          line.parts.push({ str: ' ', across: NaN, height: 0 });
        }
      }
      line.parts.push({ str, across: comparable || line.parts.length === 0 ? place.across : NaN, height });
      if (comparable || line.parts.length === 1) {
        line.start = place.along;
        line.end = place.along + item.width;
      }
      line.last = { across: place.across, height };
      if (str.trim()) line.height = Math.max(line.height, height);
    }
    endOfLine = item.hasEOL;
  }

  const texts = linesWithScripts(lines.map((l) => l.parts)).map((text) =>
    composeAccents(text.replace(/[ \t\u00a0]+/g, ' ').trim()),
  );
  const kept = lines.map((l, i) => ({ ...l, text: texts[i]! })).filter((l) => l.text);
  const spacing = usualSpacing(kept);
  let texto = '';
  kept.forEach((l, i) => {
    if (i > 0) {
      const previous = kept[i - 1]!;
      texto += isParagraphBreak(previous, l, spacing) ? '\n\n' : '\n';
    }
    texto += l.text;
  });

  const placed = kept.flatMap((l) => {
    const shown = displayed(l, frame);
    return shown ? [{ text: l.text, ...shown }] : [];
  });
  placed.sort((p, q) => q.y - p.y);
  return {
    texto: texto.trim(),
    edges: { top: placed.slice(0, EDGE_LINES), bottom: placed.slice(-EDGE_LINES) },
  };
}

/** A line's baseline height over the displayed page's bottom edge, or null when it does not run upright. */
function displayed(line: Line, frame: PageFrame | undefined): { y: number; height: number } | null {
  if (!frame) return line.upright ? { y: line.y, height: line.height } : null;
  const [a, b, c, d, e, f] = line.matrix as [number, number, number, number, number, number];
  const [va = 1, vb = 0, vc = 0, vd = -1, , vf = 0] = frame.transform;
  // Text matrix composed with the viewport transform (display space: y grows downwards).
  const ma = va * a + vc * b;
  const mb = vb * a + vd * b;
  const mc = va * c + vc * d;
  const md = vb * c + vd * d;
  const upright = Math.abs(mb) < 1e-6 && Math.abs(mc) < 1e-6 && ma > 0 && md < 0;
  if (!upright) return null;
  const top = vb * e + vd * f + vf;
  return { y: frame.height - top, height: line.height };
}

function isTextItem(item: unknown): item is TextItemLike {
  return typeof item === 'object' && item !== null && typeof (item as TextItemLike).str === 'string';
}

/**
 * The page's ordinary line feed as a multiple of line height: the most frequent ratio of baseline gap to
 * line height (in steps of 0.1; the smallest on a tie). Ratios, not points, because headings and body
 * differ in size; the mode, not the median, because on a short page a title gap weighs as much as a line.
 */
function usualSpacing(lines: readonly Line[]): number | undefined {
  const counts = new Map<number, number>();
  for (let i = 1; i < lines.length; i++) {
    const ratio = spacingRatio(lines[i - 1]!, lines[i]!);
    if (ratio === undefined || ratio <= 0.5 || ratio >= 2.5) continue;
    const bin = Math.round(ratio * 10);
    counts.set(bin, (counts.get(bin) ?? 0) + 1);
  }
  let best: [number, number] | undefined;
  for (const [bin, count] of counts) {
    if (!best || count > best[1] || (count === best[1] && bin < best[0])) best = [bin, count];
  }
  return best && best[0] / 10;
}

/**
 * Baseline gap between two lines over the smaller line's height (a change of size is itself a hint of a
 * new block: heading to body, body to footnotes); undefined unless both lines are upright.
 */
function spacingRatio(previous: Line, current: Line): number | undefined {
  if (!previous.upright || !current.upright) return undefined;
  return (previous.y - current.y) / Math.max(Math.min(previous.height, current.height), 1e-3);
}

function isParagraphBreak(previous: Line, current: Line, usual: number | undefined): boolean {
  const ratio = spacingRatio(previous, current);
  if (ratio === undefined) return false;
  // Moving up the page: a new column or a new text block placed out of order.
  if (ratio < -0.5) return true;
  return ratio > 1.4 * Math.max(usual ?? 1.2, 1);
}
