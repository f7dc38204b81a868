import fs from 'node:fs';
import path from 'node:path';
import { freePort, spawnFolio, type FolioProcess } from '../../../test/support/folio-process';

export { freePort };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One `folio serve` or `folio worker` process as `npm start` runs it (`spawnFolio`), started again as often
 * as the drill kills it; what every run printed is kept in `log`.
 */
export class DrillProcess {
  private current: FolioProcess | undefined;
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

  /** Starts the process and resolves, with what it printed, once /health answers or its worker runs. */
  async start(): Promise<string> {
    const proc = spawnFolio(this.command, { ...this.env, ...(this.port !== undefined && { PORT: String(this.port) }) });
    this.current = proc;
    void proc.closed.then(() => fs.appendFileSync(this.log, proc.stdout() + proc.stderr()));
    const printed = () => proc.stdout() + proc.stderr();
    for (let waited = 0; waited < 60_000; waited += 100) {
      if (proc.child.exitCode !== null) throw new Error(`${this.name} exited at start:\n${printed()}`);
      if (this.command === 'worker' ? /worker running/.test(printed()) : await this.serves()) return printed();
      await sleep(100);
    }
    throw new Error(`${this.name} did not start in 60 s:\n${printed()}`);
  }

  private async serves(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1000) })).status < 600;
    } catch {
      return false;
    }
  }

  /** SIGKILL (a crash) or SIGTERM (a graceful stop); resolves once the process has exited. */
  async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    await (signal === 'SIGKILL' ? this.current?.kill() : this.current?.stop());
  }

  /** Lines of what every run of it printed, this one included, that match `pattern`. */
  linesMatching(pattern: RegExp): number {
    const earlier = fs.existsSync(this.log) ? fs.readFileSync(this.log, 'utf8') : '';
    const now =
      this.current && this.current.child.exitCode === null ? this.current.stdout() + this.current.stderr() : '';
    return `${earlier}${now}`.split('\n').filter((l) => pattern.test(l)).length;
  }
}
