/**
 * The fault drill of issue 32, as a deployment outgrowing one machine meets it: `npm run bench:faults`.
 * A PostgreSQL 15 cluster of the drill's own, two API processes (FOLIO_WORKERS=0) and two `folio worker`
 * processes, files stored in the database. Then:
 * 1. a clean run: every file uploaded with no fault, as the reference;
 * 2. the same files uploaded by a second user while workers are killed (SIGKILL twice, a graceful stop
 *    once), an API is killed, and the database is stopped for 20 s; a prober reads the list every 250 ms
 *    through both APIs meanwhile;
 * 3. an API killed (SIGKILL) mid-upload of a large file, 10 times: 5 as soon as the document's row is
 *    written, 5 at a random moment of the upload; the client sends the same request, with the same
 *    Idempotency-Key, to the other API, as a client should.
 * Printed: documents stuck, lost or doubled, passages against the clean run, what clients saw during the
 * outage (500s, 503s with Retry-After, the slowest answer), jobs and stored files left behind.
 * `--files N` (default 60). Needs PostgreSQL's server binaries (FOLIO_PG_BIN) and the outside material.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { FIXTURES, hasFixture } from '../src/testing/fixtures';
import { canRunOwnPostgres, startOwnPostgres } from '../src/testing/own-postgres';
import { largeImage, realFiles, type DrillFile } from './fault-drill/material';
import { cli } from '../../test/support/folio-process';
import { DrillProcess, freePort } from './fault-drill/stack';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!canRunOwnPostgres() || !hasFixture()) {
  console.log('bench:faults skipped: it needs PostgreSQL server binaries and the outside material (../shared).');
  process.exit(0);
}
const files = realFiles(FIXTURES, arg('files', 60));

const pg = await startOwnPostgres();
const sql = postgres(pg.url, { max: 2, onnotice: () => undefined, connect_timeout: 3 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-drill-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: pg.url,
  FOLIO_BLOBS: 'base_de_datos',
  FOLIO_DATA: path.join(tmp, 'data'),
  FOLIO_MODELS_DIR: path.join(tmp, 'models'),
  FOLIO_METADATA_LOOKUP: '0',
  FOLIO_RATE_LIMIT: '0',
  FOLIO_LOG: 'info',
  NODE_ENV: 'production',
};
const apiA = new DrillProcess('api-a', 'serve', { ...env, FOLIO_WORKERS: '0' }, tmp, await freePort());
const apiB = new DrillProcess('api-b', 'serve', { ...env, FOLIO_WORKERS: '0' }, tmp, await freePort());
const workers = [1, 2].map((n) => new DrillProcess(`worker-${n}`, 'worker', { ...env, FOLIO_WORKERS: '2' }, tmp));

const firstStart = await apiA.start();
const ownerKey = /\n\s+(\S{20,})\n/.exec(firstStart)?.[1];
if (!ownerKey) throw new Error(`No key in the first start's output:\n${firstStart}`);
await apiB.start();
for (const w of workers) await w.start();
const secondKey = await createKey('drill@localhost');

async function createKey(email: string): Promise<string> {
  const { code, stdout, stderr } = await cli(env, 'keys', 'create', '--user', email, '--scopes', 'lectura,escritura');
  if (code !== 0) throw new Error(`keys create failed: ${stderr}`);
  return stdout.trim().split('\n').at(-1)!;
}

interface Seen {
  status: number | 'network';
  ms: number;
  retryAfter: boolean;
  at: number;
  what: string;
}
const seen: Seen[] = [];

/** One request, its answer noted; a network failure (a killed process) is an answer too. */
async function call(url: string, init: RequestInit, timeoutMs = 120_000): Promise<Response | undefined> {
  const started = Date.now();
  const what = `${init.method ?? 'GET'} ${new URL(url).port} ${new URL(url).pathname}`;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    seen.push({
      status: res.status,
      ms: Date.now() - started,
      retryAfter: res.headers.has('retry-after'),
      at: started,
      what,
    });
    return res;
  } catch {
    seen.push({ status: 'network', ms: Date.now() - started, retryAfter: false, at: started, what });
    return undefined;
  }
}

/**
 * Uploads as a careful client does (as the shared client's `ApiError.retryable` decides): the same
 * Idempotency-Key on every try, the other API after a failure.
 */
async function upload(key: string, file: DrillFile, idempotencyKey: string, first = 0): Promise<number> {
  const apis = [apiA, apiB];
  for (let attempt = 0; attempt < 60; attempt++) {
    const api = apis[(first + attempt) % 2]!;
    const res = await call(`${api.url}/api/v1/documentos?esperar=0&nombre=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'idempotency-key': idempotencyKey,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(file.bytes),
    });
    if (res) await res.arrayBuffer();
    if (res && res.status < 300) return res.status;
    // A 409 with Retry-After: the first request with this key is still running (or died holding it).
    const retryable =
      res && (res.status === 503 || res.status === 429 || (res.status === 409 && res.headers.has('retry-after')));
    if (res && !retryable && res.status < 500) return res.status;
    await sleep(res?.headers.get('retry-after') ? 1000 : 500);
  }
  return 0;
}

interface DocRow {
  sha256: string;
  estado: string;
  error: string | null;
  passages: number;
}

async function documentsOf(email: string): Promise<DocRow[]> {
  return sql<DocRow[]>`
    SELECT d.sha256, d.estado, d.error, (SELECT count(*)::int FROM passages p WHERE p.document_id = d.id) AS passages
    FROM documents d JOIN users u ON u.id = d.user_id WHERE u.email = ${email}`;
}

/** Waits until no document of any user is queued or being read, or `ms` pass; the seconds it took. */
async function drain(ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM documents WHERE estado IN ('en_cola', 'procesando')`;
    if (row!.n === 0) break;
    await sleep(500);
  }
  return (Date.now() - started) / 1000;
}

async function pool<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

// 1. The clean run.
console.error(`Clean run: ${files.length} files…`);
await pool(files, 3, async (f, i) => void (await upload(ownerKey, f, `clean-${i}`, i)));
const cleanDrain = await drain(600_000);
const clean = new Map((await documentsOf('owner@localhost')).map((d) => [d.sha256, d]));

// 2. The same files with faults: uploads paced over about 40 s, faults on a schedule, a prober.
console.error('Faults run…');
let probing = true;
const prober = (async () => {
  for (let i = 0; probing; i++) {
    const api = i % 2 ? apiB : apiA;
    const res = await call(
      `${api.url}/api/v1/documentos?limite=1`,
      { headers: { authorization: `Bearer ${secondKey}` } },
      30_000,
    );
    if (res) await res.arrayBuffer();
    await sleep(250);
  }
})();
const t0 = Date.now();
let outage: { from: number; to: number } | undefined;
const faults = (async () => {
  const at = async (s: number) => sleep(Math.max(0, t0 + s * 1000 - Date.now()));
  await at(3);
  await workers[0]!.stop('SIGKILL');
  await workers[0]!.start();
  await at(8);
  await apiB.stop('SIGKILL');
  await apiB.start();
  await at(12);
  await workers[1]!.stop('SIGKILL');
  await workers[1]!.start();
  await at(16);
  await workers[0]!.stop('SIGTERM');
  await workers[0]!.start();
  await at(22);
  outage = { from: Date.now(), to: 0 };
  pg.stop();
  await sleep(20_000);
  pg.start();
  outage.to = Date.now();
})();
const uploads = files.map((f, i) => ({ f, i }));
const statuses: number[] = [];
await pool(uploads, 3, async ({ f, i }) => {
  await sleep(Math.max(0, t0 + i * 700 - Date.now()));
  statuses.push(await upload(secondKey, f, `faults-${i}`, i));
});
await faults;
probing = false;
await prober;
const faultsDrain = await drain(600_000);

// 3. An API killed mid-upload, ten times.
console.error('API killed mid-upload, 10 times…');
const big = Array.from({ length: 10 }, (_, i) => largeImage(`Drill upload ${i + 1}`, 40));
const bigStatuses: number[] = [];
for (const [i, file] of big.entries()) {
  const key = `big-${i}`;
  const first = upload(secondKey, file, key, 0); // to API A, which is killed
  if (i % 2 === 0) {
    // As soon as the row is written.
    for (let waited = 0; waited < 30_000; waited += 25) {
      const [row] = await sql`SELECT 1 FROM documents WHERE sha256 = ${file.sha256}`;
      if (row) break;
      await sleep(25);
    }
  } else {
    await sleep(50 + Math.floor(Math.random() * 400));
  }
  await apiA.stop('SIGKILL');
  const restarted = apiA.start();
  bigStatuses.push(await first);
  await restarted;
}
const bigDrain = await drain(600_000);

// Findings.
const mine = await documentsOf('drill@localhost');
const bySha = new Map<string, DocRow[]>();
for (const d of mine) bySha.set(d.sha256, [...(bySha.get(d.sha256) ?? []), d]);
const expected = [...files, ...big];
const lost = expected.filter((f) => !bySha.has(f.sha256)).map((f) => f.name);
const doubled = [...bySha.values()].filter((ds) => ds.length > 1).length;
const stuck = mine.filter((d) => d.estado === 'en_cola' || d.estado === 'procesando').length;
const differ = files.filter((f) => {
  const a = clean.get(f.sha256);
  const b = bySha.get(f.sha256)?.[0];
  return !a || !b || a.estado !== b.estado || a.passages !== b.passages || (a.error ?? '') !== (b.error ?? '');
});
const bigRead = big.filter((f) => bySha.get(f.sha256)?.[0]?.estado === 'listo').length;
const [jobs] = await sql<{ n: number }[]>`
  SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`;
const [orphans] = await sql<{ n: number }[]>`
  SELECT count(DISTINCT key)::int AS n FROM blob_chunks b
  WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.blob_key = b.key)`;
const during = seen.filter((s) => outage && s.at >= outage.from && s.at <= outage.to);
const count = (list: Seen[], p: (s: Seen) => boolean) => list.filter(p).length;
const outageLines = workers.map((w) => w.linesMatching(/database/i));

console.log('\n| check | result |');
console.log('|---|---|');
console.log(`| files (faults run) / large uploads (API killed) | ${files.length} / ${big.length} |`);
console.log(`| final upload answers, faults run | ${JSON.stringify(count2(statuses))} |`);
console.log(`| final upload answers, API killed | ${JSON.stringify(count2(bigStatuses))} |`);
console.log(`| documents lost | ${lost.length}${lost.length ? ` (${lost.join(', ')})` : ''} |`);
console.log(`| documents doubled | ${doubled} |`);
console.log(`| documents stuck en_cola / procesando | ${stuck} |`);
console.log(
  `| same state, error and passages as the clean run | ${files.length - differ.length} of ${files.length}${differ.length ? ` (differ: ${differ.map((f) => f.name).join(', ')})` : ''} |`,
);
console.log(`| large uploads read (listo) | ${bigRead} of ${big.length} |`);
console.log(`| queue jobs left (created, retry, active) | ${jobs!.n} |`);
console.log(`| stored files no document names | ${orphans!.n} |`);
console.log(`| requests during the 20 s outage | ${during.length} |`);
console.log(
  `| … answered 500 / 503 / 503 with Retry-After | ${count(during, (s) => s.status === 500)} / ${count(during, (s) => s.status === 503)} / ${count(during, (s) => s.status === 503 && s.retryAfter)} |`,
);
console.log(`| … slowest answer | ${(Math.max(0, ...during.map((s) => s.ms)) / 1000).toFixed(1)} s |`);
console.log(`| 500s in the whole drill | ${count(seen, (s) => s.status === 500)} |`);
console.log(`| worker log lines about the database, per worker | ${outageLines.join(', ')} |`);
console.log(
  `| drain after the last upload: clean / faults / API killed | ${cleanDrain.toFixed(0)} s / ${faultsDrain.toFixed(0)} s / ${bigDrain.toFixed(0)} s |`,
);
const slowest = [...during].sort((a, b) => b.ms - a.ms).slice(0, 3);
console.log(
  `\nSlowest during the outage: ${slowest.map((s) => `${s.what} ${s.status} ${(s.ms / 1000).toFixed(1)} s at +${((s.at - outage!.from) / 1000).toFixed(1)} s`).join('; ')}`,
);
console.log(`Logs: ${tmp}`);

function count2(list: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of list) out[s] = (out[s] ?? 0) + 1;
  return out;
}

for (const p of [apiA, apiB, ...workers]) await p.stop('SIGTERM');
await sql.end({ timeout: 1 });
pg.remove();
process.exit(0);
