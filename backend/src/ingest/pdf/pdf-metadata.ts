import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FoundMetadata } from '../converter';
import { documentLanguage } from '../../text/language';
import { findDoi } from '../metadata/clean-fields';
import { layoutFromItems, type LayoutPage } from './pdf-layout';
import { lacksTextLayer } from './pdf-page-content';
import type { PageText } from './pdf-page-text';
import type { PdfProperties } from './pdf-properties';
import { chooseMetadata } from './pdf-metadata-choice';
import { readTitlePages } from './pdf-title-page';

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
export async function metadataOf(
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
