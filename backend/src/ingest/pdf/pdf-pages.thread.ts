/**
 * A page-reading thread (node:worker_threads), started by `pdf-read-pages.ts`: opens the PDF at the path it
 * is given with pdf.js and reads the ranges of pages it is sent, posting each page's text as it is read, so
 * it holds one page at a time, not its share of the book.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPage } from './pdf-page-text';
import type { FromPageThread, PageThreadData, ToPageThread } from './pdf-page-thread-protocol';
import { openPdfFile, pdfDocumentParams, type PdfFileSource } from './pdf-source';
import { loadPdfJs } from './pdfjs';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pdf-pages.thread runs as a worker thread of a PDF reading');
  const send = (message: FromPageThread) => port.postMessage(message);
  const { path } = workerData as PageThreadData;
  let source: PdfFileSource | undefined;
  let task: PDFDocumentLoadingTask | undefined;
  const close = async () => {
    await task?.destroy();
    await source?.close();
  };
  try {
    const { getDocument } = await loadPdfJs();
    source = await openPdfFile(path);
    task = getDocument(pdfDocumentParams(source));
    const doc = await task.promise;
    port.on('message', async (message: ToPageThread) => {
      if (message.type === 'done') {
        port.close();
        await close();
        return;
      }
      for (let n = message.from; n <= message.to; n++) {
        try {
          send({ type: 'page', n, page: await readPage(doc, n) });
        } catch {
          send({ type: 'page-failed', n });
        }
      }
      send({ type: 'ready' });
    });
    send({ type: 'ready' });
  } catch (error) {
    send({ type: 'unopened', message: error instanceof Error ? error.message : String(error) });
    port.close();
    await close();
  }
}

void main();
