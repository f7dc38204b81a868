import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { OrderedItem } from './pdf-text-order';
import { loadPdfJs } from './pdfjs';

/** The parts of a pdf.js annotation (`page.getAnnotations()`) read here. */
export interface AnnotationLike {
  id?: string;
  subtype?: string;
  fieldType?: string;
  rect?: number[];
  hidden?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  password?: boolean;
  hasAppearance?: boolean;
  fieldValue?: unknown;
  /** Lines of text pdf.js read from a text field's or a FreeText annotation's appearance. */
  textContent?: string[];
  contentsObj?: { str?: string };
  options?: { exportValue?: unknown; displayValue?: unknown }[];
}

/** An annotation's visible text and the rectangle it shows in (user space: x1, y1, x2, y2). */
export interface AnnotationText {
  lines: string[];
  rect: [number, number, number, number];
}

/** Line height given to annotation text, at most; a tall field holds its text at the top. */
const MAX_LINE_HEIGHT = 12;

/**
 * The text a reader sees in a page's form fields and annotations, as text items placed where they show
 * (`annotationTextItems`), so the page's text says what the page shows: a filled-in field, a button's label,
 * a signature's printed name, a FreeText note. Hidden annotations are left out, and so are check boxes and
 * radio buttons (their appearance is a symbol, their value a name nobody sees). Button labels and signature
 * text are read from the appearance streams pdf.js draws (its operator list with annotations enabled),
 * and only for pages that have such fields, since that costs a page's operator list. Never throws: a page
 * whose annotations cannot be read has none.
 */
export async function readAnnotationItems(page: PDFPageProxy): Promise<OrderedItem[]> {
  try {
    const annotations = ((await page.getAnnotations({ intent: 'display' })) as AnnotationLike[]).filter(shows);
    if (annotations.length === 0) return [];
    const appearance = annotations.some(needsAppearance)
      ? await appearanceTexts(page).catch(() => new Map<string, string[]>())
      : new Map<string, string[]>();
    return annotationTextItems(annotationTexts(annotations, appearance));
  } catch {
    return [];
  }
}

/** Whether an annotation may show text: a visible form field other than a check box or radio button, or a FreeText. */
function shows(a: AnnotationLike): boolean {
  if (a.hidden || !Array.isArray(a.rect) || a.rect.length < 4) return false;
  if (a.subtype === 'FreeText') return true;
  return a.subtype === 'Widget' && !a.checkBox && !a.radioButton && !a.password;
}

function needsAppearance(a: AnnotationLike): boolean {
  return a.subtype === 'Widget' && !!a.hasAppearance && lines(a.textContent).length === 0;
}

/**
 * The visible text of each annotation: what pdf.js read from its appearance (`textContent`, or the text
 * drawn by its appearance stream, by annotation id), else its value as a viewer would show it (a text
 * field's value, a choice's selected options by their display names, a FreeText's contents).
 */
export function annotationTexts(
  annotations: readonly AnnotationLike[],
  appearance: ReadonlyMap<string, string[]>,
): AnnotationText[] {
  const out: AnnotationText[] = [];
  for (const a of annotations) {
    if (!shows(a)) continue;
    let text = lines(a.textContent);
    if (text.length === 0 && a.id) text = lines(appearance.get(a.id));
    if (text.length === 0) text = valueLines(a);
    if (text.length === 0) continue;
    const [x1, y1, x2, y2] = a.rect as [number, number, number, number];
    out.push({ lines: text, rect: [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)] });
  }
  return out;
}

function valueLines(a: AnnotationLike): string[] {
  if (a.subtype === 'FreeText') return lines(a.contentsObj?.str?.split(/\r\n?|\n/));
  if (a.fieldType === 'Tx' && typeof a.fieldValue === 'string') return lines(a.fieldValue.split(/\r\n?|\n/));
  if (a.fieldType === 'Ch') {
    const selected = Array.isArray(a.fieldValue) ? a.fieldValue : [a.fieldValue];
    return lines(
      selected.map((value) => {
        const option = a.options?.find((o) => o.exportValue === value);
        const shown = option?.displayValue ?? value;
        return typeof shown === 'string' ? shown : '';
      }),
    );
  }
  return [];
}

function lines(list: readonly unknown[] | undefined): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((l): l is string => typeof l === 'string')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Text items for the annotations' text, in reading position (top to bottom, then left to right), each
 * line at the top of its annotation's rectangle and ending its line: appended to the page's own items,
 * they are read after the page's text, fields of one row on one line.
 */
export function annotationTextItems(texts: readonly AnnotationText[]): OrderedItem[] {
  const sorted = [...texts].sort((p, q) => q.rect[3] - p.rect[3] || p.rect[0] - q.rect[0]);
  return sorted.flatMap(({ lines: text, rect: [x1, y1, x2, y2] }) => {
    const height = Math.max(Math.min(MAX_LINE_HEIGHT, (y2 - y1) / text.length), 1);
    return text.map((str, k) => ({
      str,
      transform: [height, 0, 0, height, x1, y2 - (k + 1) * height],
      width: Math.min(x2 - x1, str.length * height * 0.5),
      height,
      hasEOL: true,
    }));
  });
}

/** The text each annotation's appearance stream draws, by annotation id, in lines. */
async function appearanceTexts(page: PDFPageProxy): Promise<Map<string, string[]>> {
  const { AnnotationMode, OPS } = await loadPdfJs();
  const list = await page.getOperatorList({ intent: 'display', annotationMode: AnnotationMode.ENABLE });
  const texts = new Map<string, string[]>();
  let current: string[] | undefined;
  list.fnArray.forEach((op, i) => {
    const args = list.argsArray[i] as unknown[];
    if (op === OPS.beginAnnotation) {
      current = [];
      texts.set(String(args[0]), current);
    } else if (op === OPS.endAnnotation) {
      current = undefined;
    } else if (current && (op === OPS.showText || op === OPS.showSpacedText)) {
      // A piece ending in a space goes on with the next one ('This ', 'Button ' …), else a new line starts.
      const text = glyphText(args[0]);
      const last = current.length - 1;
      if (last >= 0 && /\s$/.test(current[last]!)) current[last] += text;
      else current.push(text);
    }
  });
  return texts;
}

/** The characters of a showText operation's glyphs (numbers between them are kerning, a large one a space). */
function glyphText(glyphs: unknown): string {
  if (!Array.isArray(glyphs)) return '';
  let text = '';
  for (const glyph of glyphs) {
    if (typeof glyph === 'number') {
      if (glyph < -200) text += ' ';
    } else if (glyph && typeof (glyph as { unicode?: unknown }).unicode === 'string') {
      text += (glyph as { unicode: string }).unicode;
    }
  }
  return text;
}
