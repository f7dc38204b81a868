/**
 * Uploads in parts: `npm run bench:upload` (or `-- --mb 200` for a smaller file).
 *
 * A file of random bytes (1 GB by default) is uploaded to a real `folio serve` process (the embedded store, a
 * fresh FOLIO_DATA) through tus with the shared client's `uploadInParts` (tus-js-client, 5 MB parts), and, as
 * the reference measured in the same run, streamed by `curl -T` to a plain Node endpoint that only writes the
 * request body to a file. Printed: seconds, MB/s and the server's resident memory (the reference's peak; Folio's
 * largest sample during the upload beside its idle size, from /proc) for each, and the time ratio. Random bytes are no document: the upload ends as a document that fails at
 * once as unreadable, which is the point (only the upload is measured, with the final hash and the move into
 * the blob store).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@folio/shared';
import { API_KEY, cli, freePort, serveEnv, startServe } from '../../test/support/folio-process';
import { createTestStore } from '../src/testing/harness';

const MB = 1024 * 1024;
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const sizeMb = Number(arg('mb') ?? 1024);

/** Peak resident memory of a process, in MB (Linux /proc). */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resident memory now, in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The largest resident memory now among a process and its descendants (`tsx` runs the server in a child). */
function rssTreeMb(pid: number): number {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
  return Math.max(rssMb(pid), ...children.map(rssTreeMb));
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-upload-'));
  const file = path.join(dir, 'datos.bin');
  const out = fs.openSync(file, 'w');
  for (let i = 0; i < sizeMb; i++) fs.writeSync(out, randomBytes(MB));
  fs.closeSync(out);

  // The reference: a Node endpoint writing the request body to a file, fed by curl.
  const sinkPort = await freePort();
  const sink = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((req, res) => req.pipe(require('node:fs').createWriteStream(${JSON.stringify(
        path.join(dir, 'sumidero.bin'),
      )})).on('finish', () => res.end('ok'))).listen(${sinkPort}, '127.0.0.1', () => console.log('listo'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => sink.stdout!.once('data', resolve));
  let started = performance.now();
  const curl = spawnSync('curl', ['-sS', '-T', file, `http://127.0.0.1:${sinkPort}/`], { encoding: 'utf8' });
  if (curl.status !== 0) throw new Error(`curl failed: ${curl.stderr}`);
  const curlSeconds = (performance.now() - started) / 1000;
  const curlRss = peakRssMb(sink.pid!);
  sink.kill();

  // Folio: a real server process, the shared client's tus upload.
  const store = await createTestStore();
  const port = await freePort();
  const env = serveEnv(store, port, { FOLIO_WORKERS: '0' });
  const keys = await cli(env, 'keys', 'create', '--user', 'bench@example.org');
  const key = API_KEY.exec(keys.stdout)?.[0];
  if (!key) throw new Error(`no key: ${keys.stderr}`);
  const folio = await startServe(env, port);
  try {
    const idle = rssTreeMb(folio.child.pid!);
    let tusRss = idle;
    const sampler = setInterval(() => (tusRss = Math.max(tusRss, rssTreeMb(folio.child.pid!))), 100);
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: key });
    started = performance.now();
    const doc = await client.uploadInParts({ file: fs.createReadStream(file), nombre: 'datos.bin', esperar: 0 });
    const tusSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rate = (s: number) => (sizeMb / s).toFixed(1);
    console.log(`## Upload of ${sizeMb} MB (random bytes), one machine, same run\n`);
    console.log('| path | seconds | MB/s | server RSS during the upload, sampled every 100 ms (MB) |');
    console.log('|---|---:|---:|---:|');
    console.log(
      `| curl -T → plain Node file-writing endpoint (reference) | ${curlSeconds.toFixed(1)} | ${rate(curlSeconds)} | ${curlRss.toFixed(0)} |`,
    );
    console.log(
      `| tus (tus-js-client, 5 MB parts) → folio serve, to a document | ${tusSeconds.toFixed(1)} | ${rate(tusSeconds)} | ${tusRss.toFixed(0)} (idle before: ${idle.toFixed(0)}) |`,
    );
    console.log(`\nTime ratio tus/curl: ${(tusSeconds / curlSeconds).toFixed(2)}; document ${doc.id} (${doc.estado}).`);
  } finally {
    await folio.stop();
    await store.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
