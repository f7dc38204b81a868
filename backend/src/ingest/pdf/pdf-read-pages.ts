import { setImmediate } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPage, type PageText } from './pdf-page-text';
import type { FromPageThread } from './pdf-page-thread-protocol';
import { startPageThread } from './pdf-page-threads';
import { helpersFor, type ThreadPlanOptions } from './pdf-thread-plan';

/** Most pages handed to a thread at once: the last ranges of a book end close together. */
const MAX_RANGE = 32;

export interface ReadPagesOptions extends ThreadPlanOptions {
  /** The file `doc` was opened from: each page-reading thread opens it itself. */
  path: string;
  signal?: AbortSignal;
  /**
   * For tests: every range goes to a thread, none before every thread is ready, so each takes part; this
   * thread reads only what a thread gives back.
   */
  threadsOnly?: boolean;
}

/** A page as read: its text, or null when pdf.js could not read it; `thread`: the thread that read it, if not this one. */
export interface PageRead {
  page: PageText | null;
  thread?: number;
}

/**
 * The text of every page of `doc`, in page order. A long document on a machine with more than one core is
 * read by this thread and page-reading threads together (`pdf-pages.thread.ts`), each taking the next range
 * of pages as it finishes one, so a thread that starts late or meets heavy pages reads fewer; pages read
 * ahead wait here for those before them. A page pdf.js cannot read is null, not a failed document; an abort
 * ends the threads at once.
 */
export function readPages(doc: PDFDocumentProxy, opts: ReadPagesOptions): AsyncGenerator<PageRead> {
  const helpers = helpersFor(doc.numPages, opts);
  return helpers > 0 ? readAcrossThreads(doc, opts, helpers) : readHere(doc, opts.signal);
}

async function* readHere(doc: PDFDocumentProxy, signal: AbortSignal | undefined): AsyncGenerator<PageRead> {
  for (let n = 1; n <= doc.numPages; n++) {
    signal?.throwIfAborted();
    yield { page: await readOrNull(doc, n, signal) };
  }
}

async function readOrNull(doc: PDFDocumentProxy, n: number, signal: AbortSignal | undefined) {
  try {
    return await readPage(doc, n);
  } catch (error) {
    if (signal?.aborted) throw error;
    // One unreadable page should not cost the rest of the document.
    return null;
  }
}

interface Range {
  /** The next page of the range still to come. */
  from: number;
  to: number;
}

async function* readAcrossThreads(
  doc: PDFDocumentProxy,
  opts: ReadPagesOptions,
  helpers: number,
): AsyncGenerator<PageRead> {
  const { signal } = opts;
  const total = doc.numPages;
  // About eight ranges per thread, so the threads finish within a range of one another.
  const size = Math.min(MAX_RANGE, Math.ceil(total / ((helpers + 1) * 8)));
  const ranges: Range[] = [];
  for (let from = 1; from <= total; from += size) ranges.push({ from, to: Math.min(total, from + size - 1) });

  const arrived = new Map<number, PageRead>();
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let stopped = false;
  let failure: { error: unknown } | undefined;

  // This thread reads ranges too, between the messages of the others; again when a thread gives one back.
  let readingHere = false;
  let here = Promise.resolve();
  const readHereUntilDone = () => {
    if (readingHere) return;
    readingHere = true;
    here = (async () => {
      try {
        for (let range = ranges.shift(); range && !stopped; range = ranges.shift()) {
          for (let n = range.from; n <= range.to && !stopped; n++) {
            arrived.set(n, { page: await readOrNull(doc, n, signal) });
            notify();
            // pdf.js answers a page of bytes already loaded with promises alone: without a turn of the event
            // loop here, the threads' messages (a range asked for, pages read) would wait for this loop to end.
            await setImmediate();
          }
        }
      } catch (error) {
        failure = { error };
      } finally {
        readingHere = false;
        notify();
      }
    })();
  };

  const inHand = new Map<Worker, Range | undefined>();
  const give = (worker: Worker) => {
    const range = ranges.shift();
    inHand.set(worker, range);
    worker.postMessage(range ? { type: 'read', from: range.from, to: range.to } : { type: 'done' });
  };
  // A thread that stops (it could not open the file, or it crashed) gives back the pages it has not sent.
  const giveBack = (worker: Worker) => {
    const range = inHand.get(worker);
    inHand.delete(worker);
    if (range && range.from <= range.to) ranges.unshift(range);
    if (!stopped) readHereUntilDone();
  };
  const workers: Worker[] = [];
  const waiting = new Set<Worker>();
  for (let i = 0; i < helpers; i++) {
    const worker = startPageThread(opts.path);
    workers.push(worker);
    worker.on('message', (message: FromPageThread) => {
      if (message.type === 'ready' && opts.threadsOnly && waiting.size < helpers && !inHand.has(worker)) {
        waiting.add(worker);
        if (waiting.size === helpers) waiting.forEach(give);
        return;
      }
      if (message.type === 'ready') return give(worker);
      if (message.type === 'unopened') return giveBack(worker);
      const range = inHand.get(worker);
      if (range) range.from = message.n + 1;
      arrived.set(message.n, { page: message.type === 'page' ? message.page : null, thread: worker.threadId });
      notify();
    });
    worker.on('error', (error) => {
      // Not the file's fault (that is `unopened`): the thread itself broke. Its pages are read here all the same.
      process.emitWarning(`A PDF page-reading thread failed, its pages are read without it: ${error.message}`);
      giveBack(worker);
    });
    worker.on('exit', () => giveBack(worker));
  }
  signal?.addEventListener('abort', notify);

  let complete = false;
  try {
    if (!opts.threadsOnly) readHereUntilDone();
    for (let n = 1; n <= total; n++) {
      for (;;) {
        signal?.throwIfAborted();
        if (failure) throw failure.error;
        const read = arrived.get(n);
        if (read) {
          arrived.delete(n);
          yield read;
          break;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
    complete = true;
  } finally {
    stopped = true;
    signal?.removeEventListener('abort', notify);
    // Read through, each thread is told it is done when it next asks (closing its file as it leaves), and no
    // one waits for it; given up on (an abort, a failure), they are ended at once.
    if (!complete) await Promise.all(workers.map((worker) => worker.terminate()));
    else for (const worker of waiting) if (!inHand.has(worker)) worker.postMessage({ type: 'done' });
    // The document is used again once this returns (OCR, metadata): this thread's last page is finished first.
    await here;
  }
}
