import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Ocr, OcrResult } from '../../ai/ocr';
import type { ConvertContext } from '../converter';
import { recognizedText, SURE_OCR_CONFIDENCE } from '../image/image';
import { readInItsScript } from '../image/ocr-script-reading';
import { FIRST_PASS, ocrLanguages, recognizeInItsLanguage } from '../image/ocr-languages';
import type { PageText } from './pdf-page-text';

/** Lines kept from the top and the bottom of each page, where running heads and folios live. */
const EDGE_LINES = 3;
/** Resolution pages are rendered at for OCR (Tesseract reads body text best near 300 dpi)… */
const OCR_DPI = 300;
/** …within this many pixels, so a poster-sized page does not take a gigabyte. */
const MAX_OCR_PIXELS = 9_000_000;

/**
 * Renders the given pages (no text layer, an image on them) and replaces their text by what the OCR
 * engine recognizes, when it recognizes text (`recognizedText`: noise read into a picture is dropped); the
 * 'ocr' phase reports progress per page. A page that cannot be rendered keeps its text layer; an engine
 * failure fails the conversion, to be retried.
 */
export async function ocrPages(
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
