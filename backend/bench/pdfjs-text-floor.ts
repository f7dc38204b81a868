/**
 * The floor of reading a PDF with the engine Folio reads PDFs with: pdf.js opening the bytes and giving each
 * page's text items, nothing more (no order, folios, annotations, checks, storage or index). The ingestion
 * benchmark prints it beside Folio's time and `pdftotext`'s: the part of the gap that is pdf.js's own.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Wall seconds pdf.js takes to give the text items of every page of `bytes`. */
export async function pdfjsTextSeconds(bytes: Buffer): Promise<number> {
  const t0 = performance.now();
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const doc = await task.promise;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      await page.getTextContent();
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
  return (performance.now() - t0) / 1000;
}
