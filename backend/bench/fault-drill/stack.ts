import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const BACKEND = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(BACKEND, 'dist/main.mjs');

/** Compiles the server as `npm start` runs it, so the drill kills the processes a deployment runs. */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(BACKEND, 'scripts/build-server.mjs')], { stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One `folio serve` or `folio worker` process, started again as often as the drill kills it. */
export class FolioProcess {
  private child: ChildProcess | undefined;
  private output = '';
  readonly log: string;

  constructor(
    readonly name: string,
    private readonly command: 'serve' | 'worker',
    private readonly env: NodeJS.ProcessEnv,
    logDir: string,
    readonly port?: number,
  ) {
    this.log = path.join(logDir, `${name}.log`);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once it serves (/health answers) or its worker runs. */
  async start(): Promise<string> {
    this.output = '';
    const child = spawn(process.execPath, [MAIN, this.command], {
      env: { ...this.env, ...(this.port !== undefined && { PORT: String(this.port) }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const out = fs.createWriteStream(this.log, { flags: 'a' });
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
        out.write(chunk);
      });
    }
    child.on('exit', () => out.end());
    for (let waited = 0; waited < 60_000; waited += 100) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited at start:\n${this.output}`);
      if (this.command === 'worker' ? /worker running/.test(this.output) : await this.serves()) return this.output;
      await sleep(100);
    }
    throw new Error(`${this.name} did not start in 60 s:\n${this.output}`);
  }

  private async serves(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1000) })).status < 600;
    } catch {
      return false;
    }
  }

  /** Sends `signal` and resolves once the process has exited. */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  /** Lines of its log (every run of it) that match `pattern`. */
  linesMatching(pattern: RegExp): number {
    if (!fs.existsSync(this.log)) return 0;
    return fs
      .readFileSync(this.log, 'utf8')
      .split('\n')
      .filter((l) => pattern.test(l)).length;
  }
}
