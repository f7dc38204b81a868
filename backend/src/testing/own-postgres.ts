import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A PostgreSQL cluster of a test's own, to stop and start under requests (never the shared one). */
export interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
  remove(): void;
}

const BIN = process.env.FOLIO_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether this machine can run a cluster of a test's own (PostgreSQL's server binaries are installed). */
export const canRunOwnPostgres = (): boolean => fs.existsSync(path.join(BIN, 'initdb'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Creates and starts a cluster in a temporary folder on a free port (trust authentication, user postgres).
 * PostgreSQL refuses to run as root: as root, the folder is given to the `postgres` user and the binaries run
 * as that user.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(BIN, bin), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // 'fast': the server ends every session, as a restart or a crash of the machine's database would.
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    remove() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
