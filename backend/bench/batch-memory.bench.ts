/**
 * Memory after a batch of real files: `npm run bench:batch-memory` (issue 33 item 8).
 *
 * A `folio serve` started as `npm start` starts it (compiled, MALLOC_ARENA_MAX=2, --max-semi-space-size=16)
 * on a fresh store reads every distinct document in the shared fixtures (../shared/fixtures: PDFs, EPUBs,
 * office files, web pages, captions) and in test/fixtures (images, scans, office files), topped up to
 * `--files N` (350 by default) with SciFact abstracts as Markdown notes, each a distinct real text. Its RSS
 * is read from /proc: settled at start, every second during the batch (peak), when the last file is read,
 * then every 5 s for the idle time after which engines and the reader process are released
 * (FOLIO_ENGINE_IDLE_MINUTES, `--idle-minutes`, 1 by default) plus a minute. The reader process
 * (ingest/read-apart), where files are read, is measured beside the server; it leaves when idle. Where the memory sits is read from /proc/PID/smaps:
 * "wasm" is WebAssembly memories (PGlite's Postgres, tesseract's workers), each an anonymous mapping followed
 * by its guard region of GBs; "malloc [heap]" is glibc's main arena; "other anonymous" is the rest (V8's
 * heap, the second malloc arena, mmap'd allocations); "files" is mapped code and data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_KEY, freePort, serveEnv, startServe } from '../../test/support/folio-process';
import { createTestStore, REPO_ROOT } from '../src/testing/harness';
import { descendantsKb, residentByKind, rssKb } from './process-memory';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const TARGET = Number(arg('files') ?? 350);
const IDLE_MINUTES = Number(arg('idle-minutes') ?? 1);
const SHARED = path.join(REPO_ROOT, '..', 'shared', 'fixtures');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a user would upload: documents, pages, captions and images; no data sets, licences or media. */
const DOCUMENT = /\.(pdf|epub|docx|pptx|xlsx|xls|ods|odt|odp|rtf|html|vtt|srt|csv|png|jpe?g|tiff?|webp)$/i;

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** The batch: every distinct document file, then SciFact abstracts as notes up to `TARGET`. */
function batch(): { name: string; body: Uint8Array; from: string }[] {
  const files = [...walk(SHARED), ...walk(path.join(REPO_ROOT, 'test/fixtures'))].filter((f) => DOCUMENT.test(f));
  const out = files.map((f, i) => ({ name: `${i}-${path.basename(f)}`, body: fs.readFileSync(f), from: 'file' }));
  const corpus = path.join(SHARED, 'scifact/corpus.jsonl');
  if (out.length < TARGET && fs.existsSync(corpus)) {
    const lines = fs.readFileSync(corpus, 'utf8').split('\n');
    for (let i = 0; out.length < TARGET && i < lines.length; i++) {
      if (!lines[i]) continue;
      const doc = JSON.parse(lines[i]!) as { doc_id: number; title: string; abstract: string[] };
      const md = `# ${doc.title}\n\n${doc.abstract.join(' ')}\n`;
      out.push({ name: `scifact-${doc.doc_id}.md`, body: Buffer.from(md), from: 'scifact' });
    }
  }
  return out;
}

/** VmRSS of `pid`, in MB. */
const rssMb = (pid: number) => rssKb(pid) / 1024;
/** RSS of the processes `pid` started (its reader process), in MB. */
const childrenMb = (pid: number) => descendantsKb(pid) / 1024;

/** The lowest of `n` readings 1 s apart: a collection may be in flight. */
async function settled(pid: number, n = 5): Promise<number> {
  let low = Infinity;
  for (let i = 0; i < n; i++) {
    low = Math.min(low, rssMb(pid));
    await sleep(1000);
  }
  return low;
}

const fmt = (n: number) => `${n.toFixed(0)} MB`;
const parts = (pid: number) => {
  const w = residentByKind(pid);
  return `wasm ${fmt(w.wasm)}, malloc [heap] ${fmt(w.brk)}, other anonymous ${fmt(w.native)}, files ${fmt(w.files)}`;
};

async function main() {
  const files = batch();
  const store = await createTestStore();
  const port = await freePort();
  const env = serveEnv(store, port, { FOLIO_RATE_LIMIT: '0', FOLIO_ENGINE_IDLE_MINUTES: String(IDLE_MINUTES) });
  const proc = await startServe(env, port);
  const pid = proc.child.pid!;
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    const key = API_KEY.exec(proc.stdout())?.[0];
    if (!key) throw new Error(`no API key printed: ${proc.stdout()}`);
    const headers = { Authorization: `Bearer ${key}` };
    await sleep(5000);
    const start = await settled(pid);
    const startReader = childrenMb(pid);
    const startParts = parts(pid);

    let peak = start;
    let peakReader = 0;
    let peakAll = start;
    const sampler = setInterval(() => {
      const server = rssMb(pid);
      const reader = childrenMb(pid);
      peak = Math.max(peak, server);
      peakReader = Math.max(peakReader, reader);
      peakAll = Math.max(peakAll, server + reader);
    }, 1000);
    const t0 = performance.now();
    const ids: string[] = [];
    for (const f of files) {
      const res = await fetch(`${base}/documentos?nombre=${encodeURIComponent(f.name)}&esperar=0`, {
        method: 'POST',
        body: f.body,
        headers,
      });
      if (res.status >= 300) {
        console.error(`${f.name}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        continue;
      }
      ids.push(((await res.json()) as { id: string }).id);
    }
    const states = new Map<string, string>();
    for (;;) {
      for (const id of ids) {
        if (states.get(id) === 'listo' || states.get(id) === 'error') continue;
        const res = await fetch(`${base}/documentos/${id}`, { headers }).catch(() => undefined);
        if (res?.ok) states.set(id, ((await res.json()) as { estado: string }).estado);
      }
      const pending = ids.filter((id) => states.get(id) !== 'listo' && states.get(id) !== 'error').length;
      if (pending === 0) break;
      await sleep(2000);
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const after = rssMb(pid);
    const afterReader = childrenMb(pid);
    const afterParts = parts(pid);
    peak = Math.max(peak, after);
    const listo = [...states.values()].filter((s) => s === 'listo').length;

    const idleMs = (IDLE_MINUTES + 1) * 60_000;
    const samples: string[] = [];
    const idleStart = performance.now();
    while (performance.now() - idleStart < idleMs) {
      await sleep(5000);
      samples.push(
        `${((performance.now() - idleStart) / 1000).toFixed(0)}s ${rssMb(pid).toFixed(0)}+${childrenMb(pid).toFixed(0)}`,
      );
    }
    const idle = await settled(pid);
    const idleReader = childrenMb(pid);
    const idleParts = parts(pid);

    const ratio = (n: number) => `${((n / start) * 100 - 100).toFixed(0)} %`;
    const scifact = files.filter((f) => f.from === 'scifact').length;
    console.log(
      `## RSS of \`folio serve\` over a batch of ${ids.length} uploads (${ids.length - scifact} distinct fixture files + ${scifact} SciFact notes): ${listo} read, ${ids.length - listo} errors, ${seconds.toFixed(0)} s; engines idle after ${IDLE_MINUTES} min\n`,
    );
    console.log('| when | server RSS | vs start | reader process RSS | where in the server (resident) |');
    console.log('|---|---:|---:|---:|---|');
    console.log(`| start (settled) | ${fmt(start)} | | ${fmt(startReader)} | ${startParts} |`);
    console.log(
      `| peak during the batch | ${fmt(peak)} | +${ratio(peak)} | ${fmt(peakReader)} | both together: ${fmt(peakAll)} |`,
    );
    console.log(`| right after the batch | ${fmt(after)} | +${ratio(after)} | ${fmt(afterReader)} | ${afterParts} |`);
    console.log(
      `| after ${IDLE_MINUTES + 1} idle min (settled) | ${fmt(idle)} | +${ratio(idle)} | ${fmt(idleReader)} | ${idleParts} |`,
    );
    console.log(`\nidle samples (s server+reader MB): ${samples.join(', ')}`);
    const total = idle + idleReader;
    console.log(
      total <= start * 1.2
        ? '\nwithin 20 % of the start (server and reader process together)'
        : '\nNOT within 20 % of the start (server and reader process together)',
    );
  } finally {
    await proc.stop();
    await store.drop();
  }
}

await main();
