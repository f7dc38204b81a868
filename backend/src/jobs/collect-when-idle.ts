import v8 from 'node:v8';
import vm from 'node:vm';
import type { JobHandler } from './job-definition';

/**
 * One full garbage collection once no work has run for `delayMs`: no job (ingest, cite, look-up) and no
 * request (searches, answers, reader pages, exports; counted in app.ts), and one each `delayMs` while work
 * goes on without such a pause, between two pieces of work. V8 collects
 * when something allocates, and an idle server allocates nothing: after reading a batch, `folio serve` kept
 * ~130 MB of garbage in its heap (old space 156 MB, of which ~60 MB live) until the next request, so its
 * memory never came back down; after an hour of searching and reading with no job, the same (issue 35). The
 * collection is V8's last-resort one, which also gives back the pages it keeps for reuse: an ordinary full
 * collection left the same batch at 457 MB RSS, this one at 300 (idle before: 266).
 */
export interface IdleCollector {
  /** `handler`, counted as work: the collection waits until every job in flight has ended. */
  around<P>(handler: JobHandler<P>): JobHandler<P>;
  /** `work` (a request), counted as work like a job. */
  during<R>(work: () => Promise<R>): Promise<R>;
  /** How many collections it ran. */
  collections(): number;
  /** Cancels a collection still waiting (at shutdown). */
  stop(): void;
}

export function collectWhenIdle(delayMs: number, collect: () => void = fullCollection): IdleCollector {
  let inFlight = 0;
  let runs = 0;
  let timer: NodeJS.Timeout | undefined;
  // When work began with no collection since: work that never pauses for `delayMs` (an hour of searching
  // and reading) still gets one collection each `delayMs`, in a moment with nothing in flight.
  let busySince: number | undefined;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const run = () => {
    if (inFlight > 0) return;
    busySince = undefined;
    runs++;
    collect();
  };
  const afterWork = () => {
    if (inFlight > 0) return;
    // After the answer is sent, not before: the collection pauses the process.
    if (busySince !== undefined && Date.now() - busySince >= delayMs) setImmediate(run).unref();
    // unref: a pending collection never keeps the process alive.
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, delayMs).unref();
  };
  const during = async <R>(work: () => Promise<R>): Promise<R> => {
    cancel();
    inFlight++;
    busySince ??= Date.now();
    try {
      return await work();
    } finally {
      inFlight--;
      afterWork();
    }
  };
  return {
    around: (handler) => (job) => during(() => handler(job)),
    during,
    collections: () => runs,
    stop: cancel,
  };
}

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let gc: Gc | undefined;

/** V8's full collection: `gc` when Node was started with --expose-gc, else exposed now for this call. */
function fullCollection(): void {
  if (!gc) {
    gc = (globalThis as { gc?: Gc }).gc;
    if (!gc) {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as Gc;
    }
  }
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
