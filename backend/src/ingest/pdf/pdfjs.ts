/** pdf.js as the converters use it (the legacy build, which runs on Node). */
export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let module: Promise<PdfJs> | undefined;

/**
 * pdf.js, imported on the first PDF rather than when the server starts: its module and the Node canvas it
 * brings cost tens of MB (well over a hundred when tsx compiles it), which a server that reads no PDF
 * never needs. Loaded once, then shared.
 */
export function loadPdfJs(): Promise<PdfJs> {
  module ??= import('pdfjs-dist/legacy/build/pdf.mjs').catch((error: unknown) => {
    module = undefined;
    throw error;
  });
  return module;
}

/** Whether pdf.js has been imported by this process (for tests of the lazy start). */
export function pdfJsLoaded(): boolean {
  return module !== undefined;
}
