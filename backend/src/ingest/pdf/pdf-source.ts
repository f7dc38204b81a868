import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from './pdfjs';

/** Bytes pdf.js asks for at a time, and what it is given before it asks (the header, the first objects). */
export const PDF_RANGE_BYTES = 1024 * 1024;

/** A PDF on disk as pdf.js reads it: by ranges, on demand. `close` releases the file. */
export interface PdfFileSource {
  range: PDFDataRangeTransport;
  length: number;
  close(): Promise<void>;
}

/**
 * Opens a PDF for pdf.js without reading it whole into memory: pdf.js asks for the ranges it needs (the
 * cross-reference table at the end, then each page's objects as it reads them) and they are read from the
 * file, so a 600 MB scanned book costs the pages being read, not 600 MB at once.
 */
export async function openPdfFile(path: string): Promise<PdfFileSource> {
  const { PDFDataRangeTransport } = await loadPdfJs();
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const initial = size > 0 ? await readRange(handle, 0, Math.min(size, PDF_RANGE_BYTES)) : null;
    const range = new PDFDataRangeTransport(size, initial);
    range.requestDataRange = (begin: number, end: number) => {
      readRange(handle, begin, Math.min(end, size)).then(
        (chunk) => range.onDataRange(begin, chunk),
        () => range.abort(),
      );
    };
    return { range, length: size, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readRange(handle: FileHandle, begin: number, end: number): Promise<Uint8Array> {
  const chunk = new Uint8Array(end - begin);
  let read = 0;
  while (read < chunk.length) {
    const { bytesRead } = await handle.read(chunk, read, chunk.length - read, begin + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read === chunk.length ? chunk : chunk.subarray(0, read);
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

/**
 * How Folio opens a PDF with pdf.js: by ranges from disk (a 2,000-page scan is not loaded whole; pdf.js
 * fetches what each page needs), with its assets.
 */
export function pdfDocumentParams(source: PdfFileSource) {
  return {
    range: source.range,
    rangeChunkSize: PDF_RANGE_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
    ...assetOptions(),
  };
}
