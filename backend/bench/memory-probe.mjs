/**
 * A bench-only preload (`node --import backend/bench/memory-probe.mjs`) for `bench:session-memory`: it lets
 * the bench read a running `folio serve`'s V8 heap from outside, with no inspector. On SIGUSR2 it writes
 * `process.memoryUsage()` and V8's heap figures as JSON to the file FOLIO_MEMORY_PROBE names, and, when
 * the file `<that file>.snapshot` exists, first a heap snapshot (`v8.writeHeapSnapshot`) into the folder it
 * names. Nothing runs until a signal comes, so the server's memory is what it would be without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import v8 from 'node:v8';

const out = process.env.FOLIO_MEMORY_PROBE;
// Only the server itself: its reader process inherits the flag and the environment.
if (out && process.argv.includes('serve')) {
  let snapshots = 0;
  process.on('SIGUSR2', () => {
    const request = `${out}.snapshot`;
    let snapshot;
    if (fs.existsSync(request)) {
      const dir = fs.readFileSync(request, 'utf8').trim();
      fs.rmSync(request, { force: true });
      snapshot = v8.writeHeapSnapshot(path.join(dir, `folio-${process.pid}-${++snapshots}.heapsnapshot`));
    }
    const heap = v8.getHeapStatistics();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]),
    );
    const report = { ...process.memoryUsage(), heap, spaces, snapshot };
    fs.writeFileSync(`${out}.tmp`, JSON.stringify(report));
    fs.renameSync(`${out}.tmp`, out);
  });
}
