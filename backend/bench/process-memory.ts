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
