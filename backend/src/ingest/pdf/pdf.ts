import { openPdfFile, pdfDocumentParams } from './pdf-source';
import { readPage, type PageText } from './pdf-page-text';
import { loadPdfJs, type PdfJs } from './pdfjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Ocr, OcrResult } from '../../ai/ocr';
import {
  ConversionError,
  type Conversion,
  type Converter,
  type ConvertContext,
  type FoundMetadata,
  type PageContent,
  type SourceFile,
  type Unit,
} from '../converter';
import { documentLanguage } from '../../text/language';
import { recognizedText, SURE_OCR_CONFIDENCE } from '../image/image';
import { readInItsScript } from '../image/ocr-script-reading';
import { FIRST_PASS, ocrLanguages, recognizeInItsLanguage } from '../image/ocr-languages';
import { isGarbled } from '../text-quality';
import { undoLineEndHyphens } from '../text-repair/line-end-hyphens';
import { findDoi, normalizeLanguage, yearFromDate } from '../metadata/clean-fields';
import { composeAccents } from './pdf-accents';
import { inferFolios, type Folio } from './pdf-folios';
import { layoutFromItems, type LayoutPage } from './pdf-layout';
import { chooseMetadata, rawAuthors, readTitlePages, usableMetadataTitle } from './pdf-title-page';
import { findArxivId } from './pdf-year';
import { repairMojibake } from '../text-repair/mojibake';

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

/** Converts a PDF file. Broken and password-protected files fail with a `ConversionError`. */
export async function convertPdf(file: SourceFile, ctx: ConvertContext): Promise<Conversion> {
  const { getDocument } = await loadPdfJs();
  const source = await openPdfFile(file.path);
  if (source.length === 0) {
    await source.close();
    throw damaged('el archivo está vacío', 'empty file');
  }
  const task = getDocument(pdfDocumentParams(source));
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
