/** Resident memory of processes, read from Linux's /proc, for the memory benches. */
import fs from 'node:fs';

/** VmRSS of `pid`, in kB. */
export function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The processes `pid` started (a server's reader process), and theirs, recursively. */
export function descendants(pid: number): number[] {
  let direct: number[];
  try {
    direct = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
      .map(Number);
  } catch {
    return []; // gone meanwhile
  }
  return direct.flatMap((child) => [child, ...descendants(child)]);
}

/** RSS of the processes `pid` started, in kB (one gone between the listing and the reading counts 0). */
export function descendantsKb(pid: number): number {
  return descendants(pid).reduce((sum, child) => {
    try {
      return sum + rssKb(child);
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * Resident MB of `pid` by kind of mapping, from /proc/PID/smaps: "wasm" is WebAssembly memories (PGlite's
 * Postgres, tesseract's workers), each an anonymous mapping followed by its guard region of GBs; "brk" is
 * glibc's main arena ([heap]); "native" the rest of anonymous memory (V8's heap, the other malloc arenas,
 * mmap'd allocations); "files" mapped code and data.
 */
export function residentByKind(pid: number): { wasm: number; brk: number; native: number; files: number } {
  const maps: { start: bigint; end: bigint; perm: string; name: string; rss: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+)\s+(\S+)\s+\S+\s+\S+\s+\d+\s*(.*)$/.exec(line);
    if (head) {
      const [, from, to, perm, name] = head;
      maps.push({ start: BigInt(`0x${from}`), end: BigInt(`0x${to}`), perm: perm!, name: name!.trim(), rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length) maps.at(-1)!.rss = Number(rss[1]) / 1024;
  }
  const out = { wasm: 0, brk: 0, native: 0, files: 0 };
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    const file = m.name.startsWith('/');
    // V8 maps a wasm32 memory as its accessible part followed by an inaccessible guard region of GBs.
    const wasm = !file && next?.perm === '---p' && next.start === m.end && next.end - next.start >= 4n << 30n;
    if (file) out.files += m.rss;
    else if (wasm) out.wasm += m.rss;
    else if (m.name === '[heap]') out.brk += m.rss;
    else out.native += m.rss;
  });
  return out;
}
