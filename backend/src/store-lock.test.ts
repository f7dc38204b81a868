import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isRunning, lockStore, procState, readProcStat, StoreBusyError } from './store-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A store directory whose lock file names `pid`, as a process that held it left it. */
function lockedBy(pid: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lock-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'folio.pid'), String(pid));
  return dir;
}

/** A live process (it answers signal 0), whose /proc state the test then tells as it likes. */
function liveChild(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** A /proc reader that tells `state` for `pid` (a made stat line, the command name holding ') ' too). */
const statSaying = (pid: number, state: string) => (asked: number) =>
  asked === pid ? `${pid} (folio (serve) x) ${state} 1 ${pid} ${pid} 0 -1 4194560 0 0 0 0` : undefined;

describe('the state in /proc/<pid>/stat', () => {
  it('is the field after the last parenthesis, whatever the command name holds', () => {
    expect(procState('17842 (node) Z 1 17842 17842 0 -1')).toBe('Z');
    expect(procState('17842 (a) b) S 1 2 3')).toBe('S');
    expect(procState('17842 (node')).toBeUndefined();
  });

  it.skipIf(process.platform !== 'linux')('reads this process as running on Linux', () => {
    expect(procState(readProcStat(process.pid)!)).toMatch(/^[RSD]$/);
    expect(isRunning(process.pid)).toBe(true);
  });
});

describe('the embedded store lock', () => {
  it('refuses a store whose holder is running', () => {
    const pid = liveChild();
    const dir = lockedBy(pid);
    expect(() => lockStore(dir, statSaying(pid, 'S'))).toThrow(StoreBusyError);
    expect(() => lockStore(dir, statSaying(pid, 'S'))).toThrow(`pid ${pid}`);
  });

  it('takes over a store whose holder is a zombie (killed, not reaped): it holds no store', () => {
    const pid = liveChild();
    const dir = lockedBy(pid);
    expect(isRunning(pid, statSaying(pid, 'Z'))).toBe(false);
    const release = lockStore(dir, statSaying(pid, 'Z'));
    expect(fs.readFileSync(path.join(dir, 'folio.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'folio.pid'))).toBe(false);
  });

  it.skipIf(process.platform !== 'linux')('takes over a store whose holder is a real zombie', async () => {
    // The shell starts a child that exits at once, then becomes `sleep`, which never reaps it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent);
    const zombie = Number(
      await new Promise<string>((r) => parent.stdout!.once('data', (d: Buffer) => r(d.toString()))),
    );
    for (let i = 0; i < 100 && procState(readProcStat(zombie) ?? '') !== 'Z'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(procState(readProcStat(zombie)!)).toBe('Z');
    expect(() => process.kill(zombie, 0)).not.toThrow(); // a signal alone takes it for alive
    const dir = lockedBy(zombie);
    lockStore(dir)();
  });

  it('takes over a store whose holder is dead (state X) or gone', async () => {
    const pid = liveChild();
    lockStore(lockedBy(pid), statSaying(pid, 'X'))();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => gone.on('exit', r));
    lockStore(lockedBy(gone.pid!))();
  });

  it('trusts the signal alone where there is no /proc', () => {
    const pid = liveChild();
    expect(() => lockStore(lockedBy(pid), () => undefined)).toThrow(StoreBusyError);
  });
});
