import os from 'node:os';
import { pageThreadsCompiled, pageThreadsRunning } from './pdf-page-threads';

/**
 * Fewest pages each thread must have for a page-reading thread to pay for itself. Measured on 2 cores with
 * generated books (`npm run bench:large-books`; scratch runs of 50 to 2,000 pages): this thread reads about
 * 400 text pages a second, two threads together about 1.3 times that (pdf.js alone already keeps a second
 * core partly busy with garbage collection), and a thread of the server's build starts in about 0.3 s (its
 * own pdf.js, the file opened again) and 40 MB; from the sources, tsx compiles pdf.js again in each thread,
 * about 1.5 s. Shorter documents are read sooner, and in less memory, by this thread alone.
 */
export const PAGES_PER_THREAD = { build: 150, sources: 750 };

export interface ThreadPlanOptions {
  /**
   * Threads that read pages, this one included (FOLIO_PDF_THREADS). Default: the machine's cores that are
   * not busy (1-minute load average): a second thread on a core another process keeps busy made a 1,000-page
   * book 20–50 % slower, not faster.
   */
  threads?: number;
  /** Pages each thread must have to be worth starting (`PAGES_PER_THREAD`); tests lower it. */
  pagesPerThread?: number;
}

/**
 * Page-reading threads to start for a document of `pages` pages besides this thread: one per `pagesPerThread`
 * pages beyond this thread's own share, and no more than the threads allowed less those this process
 * already runs for other readings.
 */
export function helpersFor(pages: number, opts: ThreadPlanOptions = {}): number {
  const threads = opts.threads ?? idleCores();
  const per = opts.pagesPerThread ?? PAGES_PER_THREAD[pageThreadsCompiled() ? 'build' : 'sources'];
  const worth = Math.floor(pages / per) - 1;
  return Math.max(0, Math.min(threads - 1 - pageThreadsRunning(), worth));
}

/** The cores not kept busy by what runs now (the 1-minute load average), at least this thread's own. */
function idleCores(): number {
  const cores = os.availableParallelism();
  return Math.max(1, Math.min(cores, Math.round(cores - os.loadavg()[0]!)));
}
