/**
 * The memory rows of `npm run bench:ingest` (`-- --memory` for these alone): a real `folio serve`, spawned
 * as `npm start` and the e2e tests run it (compiled, plain Node), measured from outside through /proc, so
 * every figure is the server's own RSS plus its reader process's, where it reads files. Each figure is
 * printed beside a reference measured in the same run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSamplePdf } from '../../test/fixtures/sample-pdf';
import { API_KEY, freePort, serveEnv, startServe, type FolioProcess } from '../../test/support/folio-process';
import { createTestStore, REPO_ROOT, type TestStore } from '../src/testing/harness';
import { descendantsKb, rssKb } from './process-memory';

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's node process. */
function serverPid(proc: FolioProcess): number {
  const pid = proc.child.pid;
  if (!pid) throw new Error('the server process did not start');
  return pid;
}

/** RSS of the server and of the reader process it reads files in (ingest/read-apart), in kB. */
const totalKb = (pid: number) => rssKb(pid) + descendantsKb(pid);

/** Samples `pid`'s RSS every 20 ms until stopped; the peak in kB. */
function peakOf(pid: number) {
  let peak = totalKb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, totalKb(pid));
    } catch {
      /* exited */
    }
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, totalKb(pid));
    },
  };
}

/**
 * RSS once it has settled: the lowest of a few readings `ms` apart over 5 s (a GC may be in flight, and
 * V8's memory reducer runs a few seconds after a start's allocations stop).
 */
async function settledRss(pid: number, readings = 10, ms = 500): Promise<number> {
  let low = Infinity;
  for (let i = 0; i < readings; i++) {
    low = Math.min(low, totalKb(pid));
    await sleep(ms);
  }
  return low;
}

interface Served {
  proc: FolioProcess;
  pid: number;
  base: string;
  stop(): Promise<void>;
}

/**
 * A `folio serve` on `store`. `eager` rebuilds the start before issue 18 as the reference: TypeScript
 * compiled by tsx as the server loads it, the engines' modules (pdf.js, tesseract.js, every converter and
 * the URL readers) imported while it starts, and PGlite with PostgreSQL's 128 MB of shared_buffers.
 */
async function serve(store: TestStore, opts: { eager?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Served> {
  const port = await freePort();
  const before = opts.eager ? { FOLIO_PGLITE_BUFFERS_MB: '128' } : {};
  const env = serveEnv(store, port, { FOLIO_RATE_LIMIT: '0', ...before, ...opts.env });
  const proc = await startServe(
    env,
    port,
    opts.eager ? ['--import', 'tsx', '--import', path.join(REPO_ROOT, 'backend/bench/eager-engines.ts')] : [],
  );
  return { proc, pid: serverPid(proc), base: `http://127.0.0.1:${port}/api/v1`, stop: () => proc.stop() };
}

/** Uploads `body` and waits until the document is read; its final state. A server that died says why. */
async function ingest(
  s: Served,
  key: string,
  name: string,
  body: Uint8Array,
): Promise<{ estado: string; unidades: number }> {
  try {
    return await ingestOnce(s, key, name, body);
  } catch (error) {
    const exit = s.proc.child.exitCode ?? s.proc.child.signalCode;
    throw new Error(
      `${name}: ${(error as Error).message}; server exit: ${exit}; stderr: ${s.proc.stderr().slice(-2000)}`,
      {
        cause: error,
      },
    );
  }
}

async function ingestOnce(
  s: Served,
  key: string,
  name: string,
  body: Uint8Array,
): Promise<{ estado: string; unidades: number }> {
  const headers = { Authorization: `Bearer ${key}` };
  const res = await fetch(`${s.base}/documentos?nombre=${encodeURIComponent(name)}&esperar=0`, {
    method: 'POST',
    body,
    headers,
  });
  if (res.status !== 201 && res.status !== 202 && res.status !== 200) throw new Error(`${name}: ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const doc = (await (await retried(() => fetch(`${s.base}/documentos/${id}`, { headers }))).json()) as {
      estado: string;
      unidades: number;
      error?: string;
    };
    if (doc.estado === 'listo') return doc;
    if (doc.estado === 'error') throw new Error(`${name}: ${doc.error}`);
    await sleep(250);
  }
}

/**
 * A poll sent again after a network error: a keep-alive socket the server closes just as the client
 * reuses it resets the request (ECONNRESET), most often while a busy server answers late.
 */
async function retried(send: () => Promise<Response>, attempts = 5): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await send();
    } catch (error) {
      if (i >= attempts) throw error;
      await sleep(500);
    }
  }
}

const LOREM =
  'Los cenotes son ventanas al río subterráneo de Yucatán y registran lo que la superficie le hace al agua.';

function textPdf(pages: number, n: number): Uint8Array {
  return buildSamplePdf({
    title: `Lote ${n}`,
    author: 'Pérez, Ana',
    year: 2020,
    pages: Array.from({ length: pages }, (_, i) => Array.from({ length: 30 }, (_, l) => `${n}.${i}.${l} ${LOREM}`)),
  });
}

/** A scan of `pages` pages: the committed Spanish page image on every page, no text layer. */
function scannedPdf(pages: number, n: number): Uint8Array {
  const jpeg = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/ocr/texto-es.jpg'));
  return buildSamplePdf({
    title: `Escaneo ${n}`,
    pages: Array.from({ length: pages }, () => []),
    images: Array.from({ length: pages }, () => jpeg),
  });
}

/** How long an idle engine is kept in these runs (FOLIO_ENGINE_IDLE_MINUTES), so the batch row ends soon. */
const IDLE_MINUTES = 0.05;

/** The memory rows: idle after start, RSS after a batch, the 500-page scan with OCR. */
export async function memoryRows(opts: { ocrPages?: number } = {}): Promise<string[][]> {
  const rows: string[][] = [];
  const env = { FOLIO_ENGINE_IDLE_MINUTES: String(IDLE_MINUTES) };
  const store = await createTestStore();
  try {
    // The first start creates the store (and the owner's key); later starts open it, as a restart does.
    const first = await serve(store, { env });
    const freshIdle = await settledRss(first.pid);
    const key = API_KEY.exec(first.proc.stdout())?.[0];
    await first.stop();
    if (!key) throw new Error(`no API key printed: ${first.proc.stdout()}`);
    const eager = await serve(store, { eager: true, env });
    const eagerIdle = await settledRss(eager.pid);
    await eager.stop();

    const s = await serve(store, { env });
    try {
      const idle = await settledRss(s.pid);
      rows.push([
        'Idle RSS right after `folio serve` (target ≤ 300 MB)',
        'existing store',
        mb(idle),
        `first start (creates the store): ${mb(freshIdle)}`,
        `before issue 18 (tsx, engines imported at start, 128 MB buffers): ${mb(eagerIdle)} · −${mb(eagerIdle - idle)}`,
        '',
      ]);

      // A batch of mixed documents (text PDFs and small scans through OCR), then the engines' idle time.
      const t0 = performance.now();
      let pages = 0;
      for (let n = 0; n < 8; n++) pages += (await ingest(s, key, `lote-${n}.pdf`, textPdf(40, n))).unidades;
      for (let n = 0; n < 2; n++) pages += (await ingest(s, key, `escaneo-${n}.pdf`, scannedPdf(3, n))).unidades;
      const batchSeconds = (performance.now() - t0) / 1000;
      const busy = totalKb(s.pid);
      await sleep(IDLE_MINUTES * 60_000 + 3000);
      const after = await settledRss(s.pid);
      rows.push([
        'RSS after a batch, engines idle (target within 20 % of idle)',
        `10 docs, ${pages} pages, ${batchSeconds.toFixed(0)} s`,
        mb(after),
        `${(((after - idle) / idle) * 100).toFixed(0)} % over idle`,
        `idle before the batch: ${mb(idle)}; at the batch's end: ${mb(busy)}`,
        '',
      ]);
    } finally {
      await s.stop();
    }

    // 500 scanned pages through OCR on a fresh start, its peak against its own idle RSS.
    const pagesOcr = opts.ocrPages ?? 500;
    const o = await serve(store, { env });
    try {
      const idle = await settledRss(o.pid);
      const peak = peakOf(o.pid);
      const t0 = performance.now();
      const doc = await ingest(o, key, `escaneo-${pagesOcr}.pdf`, scannedPdf(pagesOcr, pagesOcr));
      const seconds = (performance.now() - t0) / 1000;
      const top = peak.stop();
      rows.push([
        `Peak RSS reading a ${pagesOcr}-page scanned PDF, OCR on (target ≤ 1 GB)`,
        `${doc.unidades} pages`,
        mb(top),
        `${(seconds / doc.unidades).toFixed(2)} s/page, ${seconds.toFixed(0)} s`,
        `idle before: ${mb(idle)} · +${mb(top - idle)}`,
        '',
      ]);
    } finally {
      await o.stop();
    }
  } finally {
    await store.drop();
  }
  return rows;
}
