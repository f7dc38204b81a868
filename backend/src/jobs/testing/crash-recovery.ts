import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ingestJob } from '../definitions';
import type { JobDefinition } from '../job-definition';
import { startPgBossQueue, type JobQueue } from '../queue';

/** The queue settings a recovery is measured with. */
export interface Supervision {
  heartbeatSeconds: number;
  /** Undefined: pg-boss's own default (a minute). */
  superviseSeconds?: number;
}

const Payload = z.object({ n: z.number() });

/** Seconds between polls, as a server's (FOLIO_QUEUE_POLL_SECONDS): a retry that comes due is found by one. */
export const POLL_SECONDS = 5;

/** A queue of its own per measurement, whose jobs are retried as ingestion's are. */
export function recoveryJob(name: string): JobDefinition<{ n: number }> {
  const { retryLimit, retryDelaySeconds, expireInSeconds } = ingestJob({ jobRetries: 3 });
  return { name, payload: Payload, retryLimit, retryDelaySeconds, expireInSeconds };
}

const WORKER = fileURLToPath(new URL('./crash-worker.ts', import.meta.url));

/**
 * Seconds from the kill of a worker process holding a job to the moment another worker starts that job
 * again. A child process (crash-worker.ts) takes the job and is killed with SIGKILL as soon as it says so;
 * this process then works the queue with the same settings and times the resumption. Needs a server
 * PostgreSQL (`connectionString`): two processes cannot share the embedded store.
 */
export async function measureRecovery(connectionString: string, s: Supervision, limitSeconds = 240): Promise<number> {
  const name = `recovery-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const def = recoveryJob(name);
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: connectionString,
      RECOVERY_QUEUE: name,
      RECOVERY_HEARTBEAT: String(s.heartbeatSeconds),
      RECOVERY_SUPERVISE: s.superviseSeconds ? String(s.superviseSeconds) : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      lines.on('line', (l) => l.trim() === word && resolve());
      child.once('exit', (code) => reject(new Error(`the worker ended (${code}) before saying '${word}'`)));
    });
  let queue: JobQueue | undefined;
  try {
    await said('ready');
    queue = await startPgBossQueue({
      connectionString,
      pollSeconds: POLL_SECONDS,
      heartbeatSeconds: s.heartbeatSeconds,
      ...(s.superviseSeconds && { superviseSeconds: s.superviseSeconds }),
      onError: () => undefined,
    });
    const taken = said('taken');
    await queue.send(def, { n: 1 });
    await taken;
    child.kill('SIGKILL');
    const killed = performance.now();
    const resumed = new Promise<number>((resolve) => {
      void queue!.work(def, 1, async () => resolve((performance.now() - killed) / 1000));
    });
    const limit = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`not resumed within ${limitSeconds} s`)), limitSeconds * 1000).unref(),
    );
    return await Promise.race([resumed, limit]);
  } finally {
    child.kill('SIGKILL');
    await queue?.stop();
  }
}
