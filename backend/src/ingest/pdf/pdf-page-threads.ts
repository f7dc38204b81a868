import { Worker } from 'node:worker_threads';
import type { PageThreadData } from './pdf-page-thread-protocol';

/** Set by the server's build (backend/scripts/build-server.mjs); absent when the sources run through tsx. */
declare const FOLIO_SERVER_BUILD: boolean | undefined;

/** Page-reading threads alive in this process, whichever reading started them. */
const live = new Set<Worker>();

/**
 * Starts a page-reading thread on the PDF at `path` (`pdf-pages.thread.ts`). The server's build runs the
 * compiled entry it wrote beside itself (plain Node, as `npm start`); the sources (tests, benches, tsx) run
 * the TypeScript entry through tsx, as the CLI's own child processes do.
 */
export function startPageThread(path: string): Worker {
  const compiled = pageThreadsCompiled();
  // import.meta.url is this source file's, in the build too (it is rewritten so): the build's output is
  // backend/dist, three folders up.
  const entry = compiled
    ? new URL('../../../dist/pdf-pages.thread.mjs', import.meta.url)
    : new URL('./pdf-pages.thread.ts', import.meta.url);
  const worker = new Worker(entry, {
    workerData: { path } satisfies PageThreadData,
    // Not this process's flags, which a thread would inherit: some stop it (`--input-type`, as benches run).
    execArgv: compiled ? [] : ['--import', 'tsx'],
  });
  live.add(worker);
  worker.once('exit', () => live.delete(worker));
  return worker;
}

/** Whether threads start from the server's build (plain Node), not from the sources through tsx. */
export function pageThreadsCompiled(): boolean {
  return typeof FOLIO_SERVER_BUILD !== 'undefined' && FOLIO_SERVER_BUILD === true;
}

/** Page-reading threads alive now in this process: a reading takes only what others leave of its share. */
export function pageThreadsRunning(): number {
  return live.size;
}
