import type { DownloadProgress } from '../models/download';

/** Bytes as a person reads them: 812 B, 45.2 MB, 1.31 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** Seconds as '42 s', '3 min 5 s', '1 h 02 min'. */
function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** One line: the file, a bar, the share done, bytes of total, the rate of this run and the time left. */
export function progressLine(p: DownloadProgress, elapsedMs: number, width = 24): string {
  const share = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
  const filled = Math.round(share * width);
  const rate = elapsedMs > 0 ? (p.fetched * 1000) / elapsedMs : 0;
  const left = rate > 0 ? formatSeconds((p.total - p.done) / rate) : '…';
  const resumed = p.resumedFrom > 0 ? ` (resumed at ${formatBytes(p.resumedFrom)})` : '';
  return (
    `  ${p.path}  [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ` +
    `${formatBytes(p.done)} / ${formatBytes(p.total)}  ${formatBytes(rate)}/s  ${p.done >= p.total ? 'done' : `${left} left`}${resumed}`
  );
}

/**
 * Draws lines of progress on `stream`: redrawn in place on a terminal (at most every 100 ms); on anything
 * else (a log, CI) the first line, one every `everyMs` and the last, so a log shows progress without
 * thousands of lines. `restart()` treats the next line as a first one.
 */
export function createLineDrawer(stream: NodeJS.WriteStream, everyMs = 5000) {
  let lastDraw = 0;
  return {
    draw(line: string, finished: boolean) {
      const now = Date.now();
      if (stream.isTTY) {
        if (!finished && now - lastDraw < 100) return;
        lastDraw = now;
        stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, (stream.columns ?? 120) - 1))}${finished ? '\n' : ''}`);
        return;
      }
      if (finished || lastDraw === 0 || now - lastDraw >= everyMs) {
        lastDraw = now;
        stream.write(`${line}\n`);
      }
    },
    restart() {
      lastDraw = 0;
    },
  };
}

/** Draws download progress on `stream` (see {@link createLineDrawer}), the time left measured per file. */
export function createProgressBar(stream: NodeJS.WriteStream, everyMs = 5000) {
  const drawer = createLineDrawer(stream, everyMs);
  let started = 0;
  let lastPath = '';
  return {
    update(p: DownloadProgress) {
      const now = Date.now();
      if (p.path !== lastPath) {
        lastPath = p.path;
        started = now;
        drawer.restart();
      }
      drawer.draw(progressLine(p, now - started), p.done >= p.total);
    },
  };
}

/** Draws a count of things done: '  label [#####-----] 12/40'. */
export function createCounter(stream: NodeJS.WriteStream, label: string, everyMs = 5000) {
  const drawer = createLineDrawer(stream, everyMs);
  return (done: number, total: number, width = 24) => {
    const filled = total ? Math.round((Math.min(done, total) / total) * width) : width;
    drawer.draw(`  ${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`, done >= total);
  };
}
