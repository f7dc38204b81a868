import { openPdfFile, pdfDocumentParams } from './pdf-source';
import type { PageText } from './pdf-page-text';
import { readPages } from './pdf-read-pages';
import { loadPdfJs } from './pdfjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  ConversionError,
  type Conversion,
  type Converter,
  type ConvertContext,
  type PageContent,
  type SourceFile,
  type Unit,
} from '../converter';
import { documentLanguage } from '../../text/language';
import { isGarbled } from '../text-quality';
import { undoLineEndHyphens } from '../text-repair/line-end-hyphens';
import { inferFolios, type Folio } from './pdf-folios';
import { metadataOf } from './pdf-metadata';
import { ocrPages } from './pdf-ocr';
import { EXAMINED_PAGES, lacksTextLayer, pageContent, pagesWithoutText } from './pdf-page-content';
import { foliosFromLabels } from './pdf-page-labels';
import { readMetadata } from './pdf-properties';

export type { Folio, PageLine } from './pdf-folios';

/** Reads a PDF: one unit per physical page, anchored by physical page and printed folio. */
export const pdfConverter: Converter = {
  kinds: ['pdf'],
  convert: convertPdf,
};

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
    for await (const { page } of readPages(doc, { path: file.path, signal: ctx.signal, threads: ctx.threads })) {
      if (!page) failures += 1;
      pages.push(page ?? { texto: '', edges: { top: [], bottom: [] } });
      await ctx.progress(pages.length / doc.numPages);
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
