import { DEFAULT_LIMITS, type Conversion, type Converter, type ConvertContext, type SourceFile } from '../converter';
import {
  checkOdfEncryption,
  childNamed,
  childrenNamed,
  damaged,
  descendantNamed,
  localName,
  odfInlineText,
  openOfficePackage,
  type XmlElement,
} from '../../formats/office-package';
import { odfMetadata } from './office-metadata';
import { checkSlideCount, PRESENTATION_LABEL, presentationConversion, readingOrder, type SlideItem } from './pptx';

/**
 * Reads an ODP presentation from its `content.xml`: one unit per `draw:page`, in document order, built
 * exactly as for PPTX (title first, then reading order by `svg:x`/`svg:y`, then 'Notas: …'). Hidden
 * slides are kept, as in PPTX.
 */
export const odpConverter: Converter = {
  kinds: ['odp'],
  convert: convertOdp,
};

/** Placeholders that repeat on every slide, and the slide thumbnail of a notes page. */
const BOILERPLATE = new Set(['page-number', 'footer', 'date-time', 'header', 'page', 'handout']);
/** Shapes that may carry text paragraphs of their own. */
const SHAPES = new Set([
  'custom-shape',
  'rect',
  'ellipse',
  'circle',
  'polygon',
  'regular-polygon',
  'polyline',
  'path',
  'line',
  'connector',
  'caption',
  'measure',
]);
/** Page height in cm when styles.xml does not say (16:9 in LibreOffice). */
const DEFAULT_PAGE_HEIGHT_CM = 15.75;

/** Converts an ODP file; empty, encrypted and broken files, and presentations without text, fail. */
export async function convertOdp(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const limits = ctx.limits ?? DEFAULT_LIMITS;
  const pkg = await openOfficePackage(file.path, PRESENTATION_LABEL, { limits, signal: ctx.signal });
  try {
    await checkOdfEncryption(pkg, PRESENTATION_LABEL);
    const content = await pkg.readXml('content.xml');
    if (!content) throw damaged(PRESENTATION_LABEL, 'falta content.xml', 'no content.xml');
    const presentation = childNamed(childNamed(content, 'body'), 'presentation');
    if (!presentation) throw damaged(PRESENTATION_LABEL, 'no contiene diapositivas', 'no office:presentation body');
    const pages = childrenNamed(presentation, 'page');
    checkSlideCount(pages.length, limits);
    const height = pageHeight(await pkg.readXml('styles.xml').catch(() => undefined));

    const slides: { items: SlideItem[]; notes: string }[] = [];
    for (const [index, page] of pages.entries()) {
      ctx.signal?.throwIfAborted();
      slides.push(readPage(page, height));
      await ctx.progress((index + 1) / pages.length);
    }
    return presentationConversion(slides, await odfMetadata(pkg), height);
  } finally {
    pkg.close();
  }
}

/** The text items and notes of one `draw:page` (positions in cm). */
export function readPage(page: XmlElement, height = DEFAULT_PAGE_HEIGHT_CM): { items: SlideItem[]; notes: string } {
  const items = shapeItems(page, height);
  const notesPage = childNamed(page, 'notes');
  const notes = notesPage
    ? childrenNamed(notesPage, 'frame')
        .filter((frame) => frame.getAttribute('presentation:class') === 'notes')
        .map(frameText)
        .filter(Boolean)
        .join('\n')
    : '';
  return { items, notes };
}

function shapeItems(parent: XmlElement, height: number): SlideItem[] {
  const items: SlideItem[] = [];
  for (const child of Array.from(parent.children)) {
    const item = shapeItem(child, height);
    if (item && item.text.trim()) items.push(item);
  }
  return items;
}

function shapeItem(shape: XmlElement, height: number): SlideItem | undefined {
  const name = localName(shape);
  const presentationClass = shape.getAttribute('presentation:class') ?? '';
  if (BOILERPLATE.has(presentationClass)) return undefined;
  if (name === 'g' || name === 'a') {
    // A group (or a shape wrapped in a link) is one item, read in its own order, placed at its top-left child.
    const children = shapeItems(shape, height);
    if (children.length === 0) return undefined;
    const text = readingOrder(children, height)
      .map((c) => c.text.trim())
      .join('\n');
    const placed = children.filter((c) => c.y !== undefined);
    if (placed.length === 0) return { text };
    return { text, x: Math.min(...placed.map((c) => c.x ?? 0)), y: Math.min(...placed.map((c) => c.y!)) };
  }
  let text: string;
  if (name === 'frame') text = frameText(shape);
  else if (SHAPES.has(name)) text = blockText(shape);
  else return undefined;
  return { text, title: presentationClass === 'title', ...positionOf(shape) };
}

function frameText(frame: XmlElement): string {
  const textBox = childNamed(frame, 'text-box');
  if (textBox) return blockText(textBox);
  const table = childNamed(frame, 'table');
  return table ? tableText(table) : '';
}

/** Lines of the paragraphs, headings and lists inside a text container, in order. */
function blockText(container: XmlElement): string {
  const lines: string[] = [];
  const walk = (element: XmlElement) => {
    for (const child of Array.from(element.children)) {
      const name = localName(child);
      if (name === 'p' || name === 'h') lines.push(...odfInlineText(child).split('\n'));
      else if (name === 'list' || name === 'list-item' || name === 'list-header' || name === 'section') walk(child);
      else if (name === 'table') lines.push(tableText(child));
    }
  };
  walk(container);
  return lines
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A table, one row per line, its non-empty cells joined by ' | '; covered cells are skipped. */
function tableText(table: XmlElement): string {
  const rows: XmlElement[] = [];
  const collect = (element: XmlElement) => {
    for (const child of Array.from(element.children)) {
      const name = localName(child);
      if (name === 'table-row') rows.push(child);
      else if (name === 'table-header-rows' || name === 'table-rows' || name === 'table-row-group') collect(child);
    }
  };
  collect(table);
  return rows
    .map((row) =>
      childrenNamed(row, 'table-cell')
        .map((cell) => blockText(cell).replace(/\n/g, ' '))
        .filter(Boolean)
        .join(' | '),
    )
    .filter(Boolean)
    .join('\n');
}

/** A shape's top-left corner in cm: svg:x/svg:y, a line's start, or the translation of a transform. */
function positionOf(shape: XmlElement): { x: number; y: number } | undefined {
  const x = length(shape.getAttribute('svg:x') ?? shape.getAttribute('svg:x1'));
  const y = length(shape.getAttribute('svg:y') ?? shape.getAttribute('svg:y1'));
  if (x !== undefined && y !== undefined) return { x, y };
  const translate = /translate\s*\(\s*([^\s,)]+)[\s,]+([^\s,)]+)\s*\)/.exec(shape.getAttribute('draw:transform') ?? '');
  const tx = length(translate?.[1] ?? null);
  const ty = length(translate?.[2] ?? null);
  return tx !== undefined && ty !== undefined ? { x: tx, y: ty } : undefined;
}

const CM_PER_UNIT: Record<string, number> = { cm: 1, mm: 0.1, in: 2.54, pt: 2.54 / 72, pc: 2.54 / 6, px: 2.54 / 96 };

/** An ODF length ('2.5cm', '1in', '72pt') in cm. */
function length(raw: string | null): number | undefined {
  const match = /^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(cm|mm|in|pt|pc|px)?\s*$/.exec(raw ?? '');
  if (!match) return undefined;
  return Number(match[1]) * CM_PER_UNIT[match[2] ?? 'cm']!;
}

/** The page height of the first page layout in styles.xml, in cm. */
function pageHeight(styles: XmlElement | undefined): number {
  const properties = descendantNamed(descendantNamed(styles, 'page-layout'), 'page-layout-properties');
  return length(properties?.getAttribute('fo:page-height') ?? null) ?? DEFAULT_PAGE_HEIGHT_CM;
}
