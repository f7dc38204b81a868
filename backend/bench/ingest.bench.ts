/**
 * Ingestion and API benchmark: prints a table. `npm run bench:ingest` (embedded store), or with
 * DATABASE_URL for a server PostgreSQL. Numbers are wall time on this machine, one run each.
 * `npm run bench:ingest -- --queue` runs only the queue rows (many small files, pick-up latency);
 * `-- --memory` only the memory rows (a spawned `folio serve`: idle RSS, a 500-page scan with OCR, RSS
 * after a batch; `--ocr-pages=N` for a shorter scan).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSamplePdf } from '../../test/fixtures/sample-pdf';
import { pdfjsTextSeconds } from './pdfjs-text-floor';
import { z } from 'zod';
import { loadConfig, type Config } from '../src/config';
import { ingestJob } from '../src/jobs/definitions';
import type { JobDefinition } from '../src/jobs/job-definition';
import { ingestHandler } from '../src/workers/ingest.worker';
import { startPgBossQueue } from '../src/jobs/queue';
import { fixtureAbsent, fixturePath, hasFixture } from '../src/testing/fixtures';
import { auth, createTestStore, REPO_ROOT, startTestServer } from '../src/testing/harness';
import { memoryRows } from './server-memory';

const LOREM =
  'El acuífero kárstico de Yucatán recibe la lluvia que se infiltra por la roca caliza y corre bajo tierra hasta el mar; ' +
  'los cenotes son ventanas a ese río subterráneo y registran lo que la superficie le hace al agua.';

function bookPdf(pages: number): Buffer {
  return buildSamplePdf({
    title: `Libro de ${pages} páginas`,
    author: 'Pérez, Ana',
    year: 2020,
    labels: [
      { index: 0, style: 'r' },
      { index: Math.min(10, pages - 1), style: 'D' },
    ],
    pages: Array.from({ length: pages }, (_, i) =>
      Array.from({ length: 30 }, (_, l) => `${i + 1}.${l + 1} ${LOREM}`.slice(0, 95)),
    ),
  });
}

const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);

/** Samples this process's RSS every 5 ms until stopped; returns the peak above the start. */
function peakRss() {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) - start;
    },
  };
}

/** Wall seconds `pdftotext` (poppler) takes on the same bytes, the reference; undefined if absent. */
function pdftotextSeconds(bytes: Buffer): number | undefined {
  const file = path.join(os.tmpdir(), `folio-bench-${process.pid}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    const t0 = performance.now();
    const run = spawnSync('pdftotext', [file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
    if (run.error || run.status !== 0) return undefined;
    return (performance.now() - t0) / 1000;
  } finally {
    fs.rmSync(file, { force: true });
  }
}
const rows: string[][] = [];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Many small files: `files` one-page PDFs uploaded (esperar=0), timed until all are listo. `pollOnly`
 * rebuilds the behaviour before issue 18 as the reference: the API process queues, and one worker on a
 * queue that only polls (every second, the old default) reads them.
 */
async function drainSeconds(files: number, pollOnly: boolean): Promise<number> {
  const store = await createTestStore();
  const defaults = loadConfig({});
  const overrides: Partial<Config> = pollOnly
    ? { queuePollSeconds: 1, workers: 1, log: 'error' }
    : { queuePollSeconds: defaults.queuePollSeconds, workers: defaults.workers, log: 'error' };
  const server = await startTestServer(store, overrides, { workers: !pollOnly });
  const old = pollOnly
    ? await startPgBossQueue({
        pglite: server.runtime.pglite,
        connectionString: server.config.databaseUrl,
        pollSeconds: 1,
        pollOnly: true,
        heartbeatSeconds: server.config.jobHeartbeatSeconds,
        onError: (err) => console.error(err),
      })
    : undefined;
  await old?.work(ingestJob(server.config), 1, ingestHandler(server.runtime.deps));
  try {
    const key = await server.key('queue@example.org');
    const t0 = performance.now();
    for (let i = 0; i < files; i++) {
      const body = buildSamplePdf({
        title: `Hoja ${i}`,
        author: 'Pérez, Ana',
        year: 2020,
        pages: [[`Hoja ${i}. ${LOREM}`]],
      });
      const res = await server.request(`/api/v1/documentos?nombre=h${i}.pdf&esperar=0`, {
        method: 'POST',
        body,
        headers: auth(key),
      });
      if (res.status !== 202 && res.status !== 201) throw new Error(`upload ${i}: ${res.status}`);
    }
    for (;;) {
      const [row] = await server.runtime.deps.db.query<{ done: string; failed: string }>(
        "SELECT count(*) FILTER (WHERE estado = 'listo')::text AS done, count(*) FILTER (WHERE estado = 'error')::text AS failed FROM documents",
      );
      if (Number(row!.failed)) throw new Error(`${row!.failed} small files ended in error`);
      if (Number(row!.done) >= files) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return (performance.now() - t0) / 1000;
  } finally {
    await old?.stop();
    await server.close();
    await store.drop();
  }
}

/** Median milliseconds from `send` to the handler's start, one job at a time on an idle queue. */
async function pickUpMs(samples: number, pollOnly: boolean, pollSeconds: number): Promise<number> {
  const store = await createTestStore();
  const server = await startTestServer(store, { log: 'error' }, { workers: false });
  const queue = await startPgBossQueue({
    pglite: server.runtime.pglite,
    connectionString: server.config.databaseUrl,
    pollSeconds,
    pollOnly,
    heartbeatSeconds: 30,
    onError: (err) => console.error(err),
  });
  const probe: JobDefinition<{ n: number }> = {
    name: 'bench-pick-up',
    payload: z.object({ n: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
  };
  try {
    let started: (t: number) => void = () => {};
    await queue.work(probe, 1, async () => started(performance.now()));
    await new Promise((r) => setTimeout(r, 300)); // the worker's first fetch finds nothing
    const times: number[] = [];
    for (let n = 0; n < samples; n++) {
      const begun = new Promise<number>((resolve) => (started = resolve));
      // Sent at a random point of the (1 s) poll cycle, as an upload would be.
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      const t0 = performance.now();
      await queue.send(probe, { n });
      times.push((await begun) - t0);
    }
    return median(times);
  } finally {
    await queue.stop();
    await server.close();
    await store.drop();
  }
}

async function queueRows() {
  const files = 100;
  const cores = loadConfig({}).workers;
  const poll = loadConfig({}).queuePollSeconds;
  const now = await drainSeconds(files, false);
  const before = await drainSeconds(files, true);
  rows.push([
    `${files} one-page PDFs, default settings (NOTIFY, ${cores} workers)`,
    `${files} files`,
    `${now.toFixed(2)} s`,
    `${(files / now).toFixed(1)} files/s`,
    `before (poll 1 s, 1 worker): ${before.toFixed(2)} s, ${(files / before).toFixed(1)} files/s · ×${(before / now).toFixed(1)}`,
    '',
  ]);
  const notified = await pickUpMs(30, false, poll);
  const polled = await pickUpMs(15, true, 1);
  rows.push([
    `Queue pick-up, send → handler start (poll ${poll} s as fallback)`,
    '30 jobs, median',
    `${notified.toFixed(1)} ms`,
    '',
    `before (poll every 1 s): median ${polled.toFixed(0)} ms over 15 jobs`,
    '',
  ]);
}

const ocrPages = Number(process.argv.find((a) => a.startsWith('--ocr-pages='))?.split('=')[1] ?? 500);

async function memory() {
  rows.push(...(await memoryRows({ ocrPages })));
}

async function main() {
  if (process.argv.includes('--queue')) return queueRows();
  if (process.argv.includes('--memory')) return memory();
  const store = await createTestStore();
  const server = await startTestServer(store, { maxUploadBytes: 95 * 1024 * 1024, log: 'error' });
  const key = await server.key('bench@example.org');
  try {
    const inputs: [string, Buffer][] = [
      ['PDF 50 p. (generated)', bookPdf(50)],
      ['PDF 300 p. (generated)', bookPdf(300)],
      ['PDF 500 p. (generated)', bookPdf(500)],
      ['PDF 1000 p. (generated)', bookPdf(1000)],
    ];
    const geotopo = 'pdfs/GeoTopo-komprimiert.pdf';
    if (hasFixture(geotopo)) inputs.push(['PDF 117 p. LaTeX book (fixture)', fs.readFileSync(fixturePath(geotopo))]);
    else console.log(`The 117-page book is left out: ${fixtureAbsent(geotopo)}`);
    // Warm-up (module loading, first queries), not reported.
    await server.request('/api/v1/documentos?nombre=w.pdf&esperar=600', {
      method: 'POST',
      body: bookPdf(3),
      headers: auth(key),
    });
    for (const [name, bytes] of inputs) {
      const peak = peakRss();
      const t0 = performance.now();
      const res = await server.request('/api/v1/documentos?nombre=b.pdf&esperar=600', {
        method: 'POST',
        body: bytes,
        headers: auth(key),
      });
      const ms = performance.now() - t0;
      const rss = peak.stop();
      const doc = await res.json();
      if (doc.estado !== 'listo') throw new Error(`${name}: ${doc.estado} ${doc.error ?? ''}`);
      const reference = pdftotextSeconds(bytes);
      const engine = await pdfjsTextSeconds(bytes);
      rows.push([
        name,
        `${mb(bytes.length)} MB`,
        `${(ms / 1000).toFixed(2)} s`,
        `${((doc.unidades as number) / (ms / 1000)).toFixed(0)} pages/s`,
        (reference ? `${reference.toFixed(2)} s · ×${(ms / 1000 / reference).toFixed(1)}` : 'pdftotext not installed') +
          ` · pdf.js text alone ${engine.toFixed(2)} s` +
          (reference ? ` (×${(engine / reference).toFixed(1)})` : ''),
        `peak +${mb(rss)} MB RSS`,
      ]);
    }

    // OCR: the committed 3-page scanned PDF, end to end (render, recognise, store).
    const scanned = path.join(REPO_ROOT, 'test/fixtures/ocr/escaneado.pdf');
    if (fs.existsSync(scanned)) {
      const bytes = fs.readFileSync(scanned);
      const peak = peakRss();
      const t0 = performance.now();
      const res = await server.request('/api/v1/documentos?nombre=scan.pdf&esperar=600', {
        method: 'POST',
        body: bytes,
        headers: auth(key),
      });
      const ms = performance.now() - t0;
      const rss = peak.stop();
      const doc = await res.json();
      if (doc.estado !== 'listo' || doc.tipo !== 'pdf_escaneado')
        throw new Error(`scan: ${doc.estado} ${doc.tipo} ${doc.error ?? ''}`);
      rows.push([
        'Scanned PDF, OCR spa+eng (fixture)',
        `${doc.unidades} pages`,
        `${(ms / 1000).toFixed(2)} s`,
        `${(ms / 1000 / doc.unidades).toFixed(2)} s/page`,
        'first page includes the OCR worker start',
        `peak +${mb(rss)} MB RSS`,
      ]);
    }

    // Streaming: a 90 MB body must not be held in memory.
    const size = 90 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= size) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const peak = peakRss();
    const t0 = performance.now();
    const res = await server.request('/api/v1/documentos?nombre=grande.bin&esperar=0', {
      method: 'POST',
      body,
      headers: auth(key, { 'Content-Type': 'application/octet-stream' }),
      duplex: 'half',
    } as RequestInit);
    const ms = performance.now() - t0;
    const rss = peak.stop();
    if (res.status !== 202 && res.status !== 201) throw new Error(`upload: ${res.status}`);
    const big = await res.json();
    const [stored] = await server.runtime.deps.db.query<{ size: string }>(
      'SELECT size_bytes::text AS size FROM documents WHERE id = $1',
      [big.id],
    );
    if (Number(stored!.size) !== size) throw new Error(`stored ${stored!.size} bytes, sent ${size}`);
    rows.push([
      'Upload 90 MB stream (hash + store)',
      '90.0 MB',
      `${(ms / 1000).toFixed(2)} s`,
      `${(90 / (ms / 1000)).toFixed(0)} MB/s`,
      '',
      `peak +${mb(rss)} MB RSS`,
    ]);

    // Read latencies.
    const { documentos } = await (
      await server.request('/api/v1/documentos?limite=1&q=1000', { headers: auth(key) })
    ).json();
    const id = documentos[0].id as string;
    for (const [name, url] of [
      ['GET /documentos (list)', '/api/v1/documentos'],
      ['GET /texto desde=[500] limite=20', `/api/v1/documentos/${id}/texto?desde=%5B500%5D`],
      ['GET /texto desde=iii hasta=5 (labels)', `/api/v1/documentos/${id}/texto?desde=iii&hasta=5`],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t = performance.now();
        const r = await server.request(url, { headers: auth(key) });
        if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
        await r.arrayBuffer();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      rows.push([name, '200 requests', `p50 ${times[100]!.toFixed(1)} ms`, `p95 ${times[190]!.toFixed(1)} ms`, '', '']);
    }
  } finally {
    await server.close();
    await store.drop();
  }
  await queueRows();
  await memory();
}

function print() {
  const store_ = process.env.DATABASE_URL ? 'server PostgreSQL' : 'embedded PGlite';
  console.log(`\nFolio ingestion benchmark — ${store_}, Node ${process.versions.node}\n`);
  console.log(
    '| case | size | Folio time (memory rows: RSS) | rate | reference: pdftotext (queue and memory rows: before issue 18, or the same server idle) · ratio | memory |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

main()
  .then(print)
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
