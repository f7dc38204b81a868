import fs from 'node:fs';
import path from 'node:path';

/** The embedded store is held by one process at a time; another process is told so plainly. */
export class StoreBusyError extends Error {
  constructor(
    readonly pid: number,
    dir: string,
  ) {
    super(
      `The embedded store in ${dir} is in use by another Folio process (pid ${pid}). ` +
        'Stop it first (with the embedded store only one process can open it), or run Folio on a PostgreSQL server with DATABASE_URL.',
    );
    this.name = 'StoreBusyError';
  }
}

/** The text of `/proc/<pid>/stat`, or undefined where there is none (another system, or the process is gone). */
export type ProcStatReader = (pid: number) => string | undefined;

export const readProcStat: ProcStatReader = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The one-letter state of `/proc/<pid>/stat` ('R', 'S', 'Z' …): the field after the command name, which
 * is in parentheses and may itself hold spaces and parentheses, so it is read after the last ')'.
 */
export function procState(stat: string): string | undefined {
  const end = stat.lastIndexOf(')');
  if (end < 0) return undefined;
  return /^\s*(\S)/.exec(stat.slice(end + 1))?.[1];
}

/**
 * Whether `pid` is a running process. A zombie (killed, not yet reaped by its parent: an init that does not
 * reap, as in a container without `--init`) or a dead one ('X') still answers a signal 0, but holds no
 * files and no store: it counts as gone.
 */
export function isRunning(pid: number, readStat: ProcStatReader = readProcStat): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readStat(pid);
  const state = stat === undefined ? undefined : procState(stat);
  return state !== 'Z' && state !== 'X';
}

/**
 * Takes the embedded store's lock file (`dir/folio.pid`); returns its release. A lock naming a process that
 * is not running (gone, or a zombie) is taken over; one naming a running process is a StoreBusyError.
 */
export function lockStore(dir: string, readStat: ProcStatReader = readProcStat): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'folio.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid, readStat)) throw new StoreBusyError(pid, dir);
      fs.rmSync(file, { force: true }); // left by a process that died
    }
  }
  throw new Error(`could not lock ${dir}`);
}
