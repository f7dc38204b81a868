import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openPdfFile, PDF_RANGE_BYTES } from './pdf-source';
import { loadPdfJs, type PdfJs } from './pdfjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Ocr, OcrResult } from '../ai/ocr';
import {
  ConversionError,
  type Conversion,
  type Converter,
  type ConvertContext,
  type FoundMetadata,
  type PageContent,
  type SourceFile,
  type Unit,
} from './converter';
import { documentLanguage } from '../text/language';
import { recognizedText, SURE_OCR_CONFIDENCE } from './image';
import { readInItsScript } from './ocr-script-reading';
import { FIRST_PASS, ocrLanguages, recognizeInItsLanguage } from './ocr-languages';
import { isGarbled } from './text-quality';
import { undoLineEndHyphens } from './line-end-hyphens';
import { findDoi, normalizeLanguage, yearFromDate } from './metadata';
import { composeAccentItems, composeAccents } from './pdf-accents';
import { readAnnotationItems } from './pdf-annotations';
import { clustersInOrder, rtlGlyphClusters } from './pdf-rtl-clusters';
import { linesWithScripts, type LinePiece } from './pdf-scripts';
import { inferFolios, type Folio, type PageLine } from './pdf-folios';
import { isArabicText, itemPlace, normalizePresentationForms, orderTextItems } from './pdf-text-order';
import { layoutFromItems, type LayoutPage } from './pdf-layout';
import { orderColumns } from './pdf-columns';
import { chooseMetadata, rawAuthors, readTitlePages, usableMetadataTitle } from './pdf-title-page';
import { findArxivId } from './pdf-year';
import { repairMojibake } from './mojibake';

export type { Folio, PageLine } from './pdf-folios';

/** Reads a PDF: one unit per physical page, anchored by physical page and printed folio. */
export const pdfConverter: Converter = {
  kinds: ['pdf'],
  convert: convertPdf,
};

/** Confidence of a folio read from the PDF's own /PageLabels. */
const LABEL_CONFIDENCE = 0.99;
/** Lines kept from the top and the bottom of each page, where running heads and folios live. */
const EDGE_LINES = 3;
/** A page with fewer letters and digits than this in its text layer has, for our purposes, none. */
const MIN_TEXT_CHARS = 24;
/** Resolution pages are rendered at for OCR (Tesseract reads body text best near 300 dpi)… */
const OCR_DPI = 300;
/** …within this many pixels, so a poster-sized page does not take a gigabyte. */
const MAX_OCR_PIXELS = 9_000_000;

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

/** Converts a PDF file. Broken and password-protected files fail with a `ConversionError`. */
export async function convertPdf(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const { getDocument } = await loadPdfJs();
  const source = await openPdfFile(file.path);
  if (source.length === 0) {
    await source.close();
    throw damaged('el archivo está vacío', 'empty file');
  }
  // Read by ranges from disk (a 2,000-page scan is not loaded whole); pdf.js fetches what each page needs.
  const task = getDocument({
    range: source.range,
    rangeChunkSize: PDF_RANGE_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
    ...assetOptions(),
  });
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch (error) {
      throw openError(error);
    }
    if (doc.numPages < 1) throw damaged('no tiene páginas', 'no pages');

    const labels = await doc.getPageLabels().catch(() => null);
    const properties = await readMetadata(doc);
    const pages: PageText[] = [];
    let failures = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      ctx.signal?.throwIfAborted();
      try {
        pages.push(await readPage(doc, n));
      } catch (error) {
        if (ctx.signal?.aborted) throw error;
        // One unreadable page should not cost the rest of the document.
        failures += 1;
        pages.push({ texto: '', edges: { top: [], bottom: [] } });
      }
      await ctx.progress(n / doc.numPages);
    }
    if (failures === doc.numPages) throw damaged('no se pudo leer ninguna página', 'every page failed');

    const ocr = ctx.engines?.ocr;
    const scans: number[] = [];
    const shown = new Map<number, PageContent>();
    let withoutText = 0;
    for (const [i, page] of pages.entries()) {
      // A text layer whose fonts map glyphs to garbage is read again from the rendered page.
      if (ocr && isGarbled(page.texto)) {
        scans.push(i);
        continue;
      }
      if (!lacksTextLayer(page.layer ?? page.texto)) continue;
      // An empty page counts whatever it shows; a nearly empty one only when it is a picture (a scan with a
      // stamp or a folio in its text layer): a short born-digital page ('This is page i.') is text. Without
      // OCR, only the first empty pages are looked at, for the notice: a long scan is not decoded for it.
      const empty = page.texto === '';
      const look = !empty || ocr || shown.size < EXAMINED_PAGES;
      const content = look ? await pageContent(doc, i + 1, ctx.signal) : undefined;
      if (content) shown.set(i, content);
      const picture = content === 'imagen';
      if (empty || picture) withoutText += 1;
      if (picture && ocr) scans.push(i);
    }
    if (ocr && scans.length > 0) {
      const scanned = new Set(scans);
      const read = pages.filter((p, i) => !scanned.has(i) && !lacksTextLayer(p.texto)).map((p) => p.texto);
      const language = documentLanguage(read.join('\n'), properties.idioma).idioma;
      await ocrPages(doc, scans, pages, ocr, ctx, language);
    }
    const paginasSinTexto = pagesWithoutText(pages, shown);
    const mended = undoLineEndHyphens(pages.map((page) => page.texto));
    pages.forEach((page, i) => (page.texto = mended[i]!));

    const metadatos = await metadataOf(doc, properties, pages, ctx.signal);
    const folios = assignFolios(labels, pages);
    const unidades: Unit[] = pages.map((page, i) => ({
      texto: page.texto,
      ancla: { tipo: 'pagina', fisica: i + 1, ...folios[i]! },
      ...(page.visual && { visual: true }),
    }));
    return {
      tipo: withoutText > pages.length / 2 ? 'pdf_escaneado' : 'pdf',
      unidades,
      metadatos,
      ...(paginasSinTexto && { paginasSinTexto }),
    };
  } finally {
    await task.destroy();
    await source.close();
  }
}

/**
 * The folio of every page: the document's /PageLabels when it has them (they are the publisher's own
 * word), else the folios printed in running heads and feet (`inferFolios` over `PageText.edges`).
 */
export function assignFolios(labels: readonly string[] | null, pages: readonly PageText[]): Folio[] {
  return foliosFromLabels(labels, pages.length) ?? inferFolios(pages.map((p) => p.edges));
}

/** Whether a page's text layer is empty or nearly so (a stray folio or mark): a scan, or a blank page. */
export function lacksTextLayer(texto: string): boolean {
  return (texto.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < MIN_TEXT_CHARS;
}

/**
 * Renders the given pages (no text layer, an image on them) and replaces their text by what the OCR
 * engine recognizes, when it recognizes text (`recognizedText`: noise read into a picture is dropped); the
 * 'ocr' phase reports progress per page. A page that cannot be rendered keeps its text layer; an engine
 * failure fails the conversion, to be retried.
 */
async function ocrPages(
  doc: PDFDocumentProxy,
  indexes: readonly number[],
  pages: PageText[],
  ocr: Ocr,
  ctx: ConvertContext,
  language: string | undefined,
): Promise<void> {
  await ctx.phase?.('ocr');
  // In the document's language when its text layer or its properties tell it; else the first page read
  // tells it (read with FIRST_PASS, again in its own language when that is another: 'heißt', not 'heifst').
  let langs = ocrLanguages(language);
  for (const [k, i] of indexes.entries()) {
    ctx.signal?.throwIfAborted();
    const page = await doc.getPage(i + 1);
    let image: Uint8Array | undefined;
    try {
      image = await renderPage(doc, page);
    } catch (error) {
      if (ctx.signal?.aborted) throw error;
    } finally {
      page.cleanup();
    }
    if (image) {
      let result: OcrResult;
      let seen: string[] | undefined;
      if (langs) result = await ocr.recognize(image, { signal: ctx.signal, langs });
      else ({ result, seen } = await recognizeInItsLanguage(ocr, image, ctx.signal, [...FIRST_PASS]));
      // Unsure text may be another script read into made-up Latin words: read again in it, or not kept.
      let unread: string | undefined;
      let script: string | undefined;
      if (result.confianza < SURE_OCR_CONFIDENCE) {
        ({ result, unread, script } = await readInItsScript(ocr, image, result, ctx.signal));
      }
      // The language a Latin reading of another script seems to show is no language of the document's.
      if (!script || script === 'Latin') langs ??= seen;
      const texto = unread ? null : recognizedText(result);
      if (texto) pages[i] = pageTextFromOcr(pages[i]!.shown ? `${texto}\n\n${pages[i]!.shown}` : texto);
      else if (unread) pages[i] = { ...pages[i]!, escritura: unread };
    }
    await ctx.progress((k + 1) / indexes.length);
  }
}

/** The operators that paint a picture (pdf.js is loaded by then: a document is open). */
const imageOps = ({ OPS }: PdfJs) =>
  new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ]);

/** The operators that draw vector shapes: paths filled or stroked, shadings. */
const drawingOps = ({ OPS }: PdfJs) =>
  new Set<number>([
    OPS.constructPath,
    OPS.stroke,
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.shadingFill,
  ]);

/** Text-less pages looked at for the notice when OCR is off (examining a page reads its content stream). */
const EXAMINED_PAGES = 24;

/**
 * What a page without text shows: a picture (a scan, or a 1-bit image mask), empty form fields, vector
 * drawings, or nothing; undefined when that cannot be told.
 */
async function pageContent(
  doc: PDFDocumentProxy,
  n: number,
  signal: AbortSignal | undefined,
): Promise<PageContent | undefined> {
  signal?.throwIfAborted();
  let page: PDFPageProxy | undefined;
  try {
    page = await doc.getPage(n);
    const { fnArray } = await page.getOperatorList();
    const pdfjs = await loadPdfJs();
    const painted = imageOps(pdfjs);
    if (fnArray.some((op) => painted.has(op))) return 'imagen';
    const annotations = (await page.getAnnotations()) as { subtype?: string }[];
    if (annotations.some((a) => a.subtype === 'Widget')) return 'formulario';
    const drawn = drawingOps(pdfjs);
    return fnArray.some((op) => drawn.has(op)) ? 'dibujo' : 'vacia';
  } catch {
    return undefined;
  } finally {
    // Decoded images stay with the page until cleaned up; rendering decodes them again, one page at a time.
    page?.cleanup();
  }
}

/** The pages still without text (after OCR), by what those examined show; undefined when every page has text. */
function pagesWithoutText(pages: readonly PageText[], shown: ReadonlyMap<number, PageContent>) {
  const left = pages.flatMap((page, i) => (lacksTextLayer(page.texto) ? [i] : []));
  if (left.length === 0) return undefined;
  const por: Record<PageContent, number> = { imagen: 0, dibujo: 0, formulario: 0, vacia: 0 };
  let examinadas = 0;
  const escrituras: Record<string, number> = {};
  for (const i of left) {
    const script = pages[i]!.escritura;
    if (script) escrituras[script] = (escrituras[script] ?? 0) + 1;
    const content = shown.get(i);
    if (!content) continue;
    por[content] += 1;
    examinadas += 1;
  }
  return { total: left.length, examinadas, por, ...(Object.keys(escrituras).length > 0 && { escrituras }) };
}

/** The part of pdf.js's Node canvas factory (backed by @napi-rs/canvas) used here. */
interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
  destroy(target: { canvas: NodeCanvas; context: unknown }): void;
}
interface NodeCanvas {
  toBuffer(mime: 'image/png'): Uint8Array;
}

/** The page as a PNG at OCR_DPI, fewer dots for pages too large to fit MAX_OCR_PIXELS. */
async function renderPage(doc: PDFDocumentProxy, page: PDFPageProxy): Promise<Uint8Array> {
  const size = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_OCR_PIXELS / (size.width * size.height)));
  const viewport = page.getViewport({ scale });
  const factory = doc.canvasFactory as NodeCanvasFactory;
  const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    type RenderParams = Parameters<PDFPageProxy['render']>[0];
    await page.render({ canvas: target.canvas as unknown as RenderParams['canvas'], viewport }).promise;
    return target.canvas.toBuffer('image/png');
  } finally {
    factory.destroy(target);
  }
}

/**
 * Page text from OCR output: lines trimmed, at most one blank line between paragraphs. The first and last
 * lines are the page's edges (OCR gives reading order, top to bottom), with made-up positions in order.
 */
export function pageTextFromOcr(raw: string): PageText {
  const texto = raw
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const lines = texto.split('\n').filter(Boolean);
  const placed = lines.map((text, i) => ({ text, y: (lines.length - i) * 12, height: 10 }));
  return { texto, edges: { top: placed.slice(0, EDGE_LINES), bottom: placed.slice(-EDGE_LINES) }, visual: true };
}

/**
 * Folios from /PageLabels as pdf.js resolves them (one label per page). Roman labels are stored lower
 * case ('III' → 'iii'); other labels ('A-3', 'Front Page1') as they are. An empty label means the page
 * has no folio. Null when there are no usable labels.
 */
export function foliosFromLabels(labels: readonly string[] | null, pageCount: number): Folio[] | null {
  if (!labels || labels.length !== pageCount) return null;
  return labels.map((raw, i) => {
    const label = typeof raw === 'string' ? raw.trim() : '';
    if (!label) return { impresa: null, romana: false, origen: 'etiqueta', confianza: LABEL_CONFIDENCE };
    const romana = isRomanLabel(labels, i);
    return {
      impresa: romana ? label.toLowerCase() : label,
      romana,
      origen: 'etiqueta',
      confianza: LABEL_CONFIDENCE,
    };
  });
}

/**
 * Whether label i is a roman numeral. 'c', 'd', 'l', 'm' alone are more often letters (appendix c, d …)
 * than 100, 500 …, so single letters other than i, v, x count as roman only when a neighbour continues
 * the roman sequence; a neighbour continuing the alphabet says letters.
 */
function isRomanLabel(labels: readonly string[], i: number): boolean {
  const label = labels[i]!.trim();
  const value = romanValue(label);
  if (value === null) return false;
  const neighbour = (j: number) => (j >= 0 && j < labels.length ? labels[j]!.trim() : '');
  const previous = neighbour(i - 1);
  const next = neighbour(i + 1);
  const sameCase = (other: string) =>
    other !== '' && (other === other.toLowerCase()) === (label === label.toLowerCase());
  if (
    (sameCase(previous) && romanValue(previous) === value - 1) ||
    (sameCase(next) && romanValue(next) === value + 1)
  ) {
    return true;
  }
  if (label.length === 1) {
    const code = label.toLowerCase().charCodeAt(0);
    const letter = (other: string) => other.length === 1 && /\p{L}/u.test(other);
    if (letter(previous) && previous.toLowerCase().charCodeAt(0) === code - 1) return false;
    if (letter(next) && next.toLowerCase().charCodeAt(0) === code + 1) return false;
    return 'ivx'.includes(label.toLowerCase());
  }
  return true;
}

const ROMAN = /^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_DIGITS: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** The value of a well-formed roman numeral (either case, not mixed), or null. */
export function romanValue(label: string): number | null {
  if (!label || (label !== label.toLowerCase() && label !== label.toUpperCase())) return null;
  const lower = label.toLowerCase();
  if (!ROMAN.test(lower)) return null;
  let total = 0;
  for (let i = 0; i < lower.length; i++) {
    const value = ROMAN_DIGITS[lower[i]!]!;
    const following = ROMAN_DIGITS[lower[i + 1] ?? ''] ?? 0;
    total += value < following ? -value : value;
  }
  return total;
}

async function readPage(doc: PDFDocumentProxy, n: number): Promise<PageText> {
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

/** What the file says about itself: the info dictionary and the XMP packet, cleaned of junk. */
interface PdfProperties {
  info: { titulo?: string; autores: string[] };
  xmp: { titulo?: string; autores: string[]; anio?: number; arxiv?: string };
  creationYear?: number;
  idioma?: string;
  doi?: { value: string; origen: 'xmp' | 'info' };
}

async function readMetadata(doc: PDFDocumentProxy): Promise<PdfProperties> {
  const found = await doc.getMetadata().catch(() => null);
  if (!found) return { info: { autores: [] }, xmp: { autores: [] } };
  const info = (found.info ?? {}) as Record<string, unknown>;
  const xmp = found.metadata;
  const xmpValue = (name: string): unknown => {
    try {
      return xmp?.get(name) ?? undefined;
    } catch {
      return undefined;
    }
  };
  // Writers that copy a LaTeX title into the properties copy its accents drawn apart too; others write UTF-8
  // that is read back one byte a character ('GonzÃ¡lez'), repaired when certain, else the value refused.
  const clean = (value: string): string | undefined => {
    const repaired = repairMojibake(value);
    return repaired === undefined ? undefined : composeAccents(repaired);
  };
  const text = (value: unknown): string | undefined =>
    typeof value === 'string'
      ? clean(value)
      : Array.isArray(value) && typeof value[0] === 'string'
        ? clean(value[0])
        : undefined;
  const list = (value: unknown): string[] =>
    typeof value === 'string'
      ? [clean(value)].filter((v) => v !== undefined)
      : Array.isArray(value)
        ? value
            .filter((v) => typeof v === 'string')
            .map(clean)
            .filter((v) => v !== undefined)
        : [];

  // A title that repeats the producing program's name ('pdfTeX-1.40.23', 'Acrobat PDFMaker') is no title.
  const tools = [info.Creator, info.Producer].map((t) => text(t)?.trim().toLowerCase()).filter(Boolean);
  const notTool = (title: string | undefined) => (title && tools.includes(title.toLowerCase()) ? undefined : title);
  const properties: PdfProperties = {
    info: {
      titulo: notTool(usableMetadataTitle(text(info.Title))),
      autores: rawAuthors(text(info.Author)),
    },
    xmp: {
      titulo: notTool(usableMetadataTitle(text(xmpValue('dc:title')))),
      autores: rawAuthors(list(xmpValue('dc:creator'))),
      // A publication date, never the file's own dates (those say when it was made, not published).
      anio:
        yearFromDate(text(xmpValue('prism:publicationdate'))) ??
        yearFromDate(text(xmpValue('prism:coverdate'))) ??
        yearFromDate(text(xmpValue('prism:coverdisplaydate'))),
      arxiv: findArxivId(text(xmpValue('dc:identifier'))),
    },
    creationYear:
      yearFromDate(text(info.CreationDate)) ??
      yearFromDate(text(xmpValue('xmp:createdate'))) ??
      yearFromDate(text(xmpValue('xap:createdate'))),
    idioma: normalizeLanguage(text(info.Language)) ?? normalizeLanguage(text(xmpValue('dc:language'))),
  };
  const sources: [unknown, 'xmp' | 'info'][] = [
    [info.doi, 'info'],
    [info.DOI, 'info'],
    [xmpValue('prism:doi'), 'xmp'],
    [xmpValue('pdfx:doi'), 'xmp'],
    [xmpValue('dc:identifier'), 'xmp'],
    [info.Subject, 'info'],
  ];
  for (const [value, origen] of sources) {
    const doi = findDoi(text(value));
    if (doi) {
      properties.doi = { value: doi, origen };
      break;
    }
  }
  return properties;
}

/** Pages read for the title page (the first two) and for running heads to tell apart (the next two). */
const TITLE_PAGES = 2;
const FURNITURE_PAGES = 2;
/** Blank leaves passed over before the title page, at most. */
const MAX_BLANK_LEAVES = 3;

/**
 * The document's metadata: its first pages' layout weighed against its properties (`chooseMetadata`), the
 * DOI from the properties or the first pages, the language from the text. A page whose layout cannot be
 * read costs the layout's findings, not the document.
 */
async function metadataOf(
  doc: PDFDocumentProxy,
  properties: PdfProperties,
  pages: readonly PageText[],
  signal: AbortSignal | undefined,
): Promise<FoundMetadata> {
  // Blank leaves before the title page (a scan's flyleaves, a page with a folio alone) are passed over.
  const blank = pages.slice(0, MAX_BLANK_LEAVES).findIndex((p) => !lacksTextLayer(p.texto));
  const skip = blank > 0 ? blank : 0;
  const layouts: LayoutPage[] = [];
  for (let n = skip + 1; n <= Math.min(doc.numPages, skip + TITLE_PAGES + FURNITURE_PAGES); n++) {
    signal?.throwIfAborted();
    layouts.push((await readLayout(doc, n)) ?? { lines: [], width: 0, height: 0 });
  }
  const thisYear = new Date().getUTCFullYear();
  const created = properties.creationYear;
  // A file cannot print a year much after it was made; a creation date before PDF existed is a wrong clock.
  const latestYear = created && created >= 1993 ? Math.min(created + 1, thisYear + 1) : thisYear + 1;
  const page = readTitlePages(layouts.slice(0, TITLE_PAGES), { latestYear, others: layouts.slice(TITLE_PAGES) });
  page.arxiv ??= properties.xmp.arxiv;
  const text = pages
    .slice(0, 30)
    .map((p) => p.texto)
    .join('\n');
  const language = documentLanguage(text, properties.idioma);
  const firstPages = pages.slice(skip, skip + TITLE_PAGES).map((p) => p.texto);
  const metadatos = chooseMetadata({
    idioma: language.idioma,
    page,
    pageText: firstPages.join('\n'),
    xmp: properties.xmp,
    info: properties.info,
    creationYear: created,
  });
  const origen = { ...metadatos.origen };

  // A DOI is printed on the first pages of most articles, when the file's metadata does not carry it.
  const printedDoi = firstPages.map((t) => findDoi(t)).find(Boolean);
  if (properties.doi) [metadatos.doi, origen.doi] = [properties.doi.value, properties.doi.origen];
  else if (printedDoi) [metadatos.doi, origen.doi] = [printedDoi, 'pagina'];

  if (language.idioma) [metadatos.idioma, origen.idioma] = [language.idioma, language.origen];
  if (Object.keys(origen).length) metadatos.origen = origen;
  else delete metadatos.origen;
  return metadatos;
}

/** A page's lines with their type size and place, or undefined when the page cannot be read. */
async function readLayout(doc: PDFDocumentProxy, n: number): Promise<LayoutPage | undefined> {
  let page: PDFPageProxy | undefined;
  try {
    page = await doc.getPage(n);
    const content = await page.getTextContent();
    const viewport = page.getViewport({ scale: 1 });
    return layoutFromItems(content.items, viewport);
  } catch {
    return undefined;
  } finally {
    page?.cleanup();
  }
}

function openError(error: unknown): Error {
  const name = (error as { name?: unknown })?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new ConversionError(
      'El PDF está protegido con contraseña y no se puede leer.',
      `PDF is password-protected: ${message}`,
    );
  }
  if (name === 'InvalidPDFException') return damaged('la estructura del archivo no es válida', message);
  return damaged('pdf.js no pudo abrirlo', message);
}

function damaged(detalle: string, detail: string): ConversionError {
  return new ConversionError(`El PDF está dañado o no se puede leer: ${detalle}.`, `Unreadable PDF: ${detail}`);
}

let assets: { cMapUrl: string; cMapPacked: boolean; standardFontDataUrl: string; wasmUrl: string } | undefined;

/**
 * Character maps (CJK text), standard font metrics (spacing) and image decoders (JBIG2 and JPEG 2000 scans,
 * in WebAssembly: without them such a page renders blank and OCR finds nothing) shipped with pdfjs-dist.
 */
function assetOptions() {
  if (!assets) {
    const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    assets = {
      cMapUrl: join(root, 'cmaps') + '/',
      cMapPacked: true,
      standardFontDataUrl: join(root, 'standard_fonts') + '/',
      wasmUrl: join(root, 'wasm') + '/',
    };
  }
  return assets;
}
