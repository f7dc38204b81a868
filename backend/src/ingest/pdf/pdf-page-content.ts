import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageContent } from '../converter';
import type { PageText } from './pdf-page-text';
import { loadPdfJs, type PdfJs } from './pdfjs';

// What a page without a text layer shows (a picture, vector drawings, empty form fields, nothing), for OCR and
// for the notice of a PDF where nothing searchable was found.

/** A page with fewer letters and digits than this in its text layer has, for our purposes, none. */
const MIN_TEXT_CHARS = 24;

/** Whether a page's text layer is empty or nearly so (a stray folio or mark): a scan, or a blank page. */
export function lacksTextLayer(texto: string): boolean {
  return (texto.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < MIN_TEXT_CHARS;
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
export const EXAMINED_PAGES = 24;

/**
 * What a page without text shows: a picture (a scan, or a 1-bit image mask), empty form fields, vector
 * drawings, or nothing; undefined when that cannot be told.
 */
export async function pageContent(
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
export function pagesWithoutText(pages: readonly PageText[], shown: ReadonlyMap<number, PageContent>) {
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
