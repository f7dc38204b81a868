import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite, type Db as BossDb } from 'pg-boss';
import type { Db } from '../db/db';
import type { JobDefinition, JobHandler } from './job-definition';

/** The durable job queue, behind a small interface so the rest of the backend never sees pg-boss. */
export interface JobQueue {
  /**
   * Enqueues a job; `key` lets it be found again (e.g. the document id). Given `tx`, the job is written in
   * that transaction, so it exists exactly when the rows written beside it do; `prepare(def)` must have run
   * first (inside a transaction the queue may not look anything up: the embedded store has one connection).
   */
  send<P extends object>(def: JobDefinition<P>, data: P, key?: string, tx?: Db): Promise<string>;
  /** Makes sure `def`'s queue exists, so a send inside a transaction writes only the job. */
  prepare(def: JobDefinition<object>): Promise<void>;
  /**
   * Whether a job with `key` is waiting, due for a retry, running, or dead-lettered and not yet handled:
   * anything that will still act on it. Read in `tx` when given (after `prepare(def)`).
   */
  hasLiveJob(def: JobDefinition<object>, key: string, tx?: Db): Promise<boolean>;
  /** The keys of `def`'s jobs waiting or due for a retry, in one indexed read (a backlog, however long). */
  waitingKeys(def: JobDefinition<object>): Promise<Set<string>>;
  /**
   * Registers `handler` for `def` with `concurrency` parallel jobs. A sent job wakes the workers at once
   * (LISTEN/NOTIFY); a worker that finishes a job fetches the next one at once; polling is the fallback.
   */
  work<P extends object>(def: JobDefinition<P>, concurrency: number, handler: JobHandler<P>): Promise<void>;
  /** Called with the payload of jobs that exhausted their retries (e.g. killed by repeated crashes). */
  onDeadLetter<P extends object>(def: JobDefinition<P>, handler: (data: P) => Promise<void>): Promise<void>;
  /** Cancels queued or running jobs with `key`. */
  cancelByKey(def: JobDefinition<object>, key: string): Promise<void>;
  /**
   * Fails the jobs left active by a previous run of this process so they are retried at once.
   * Only safe where no other process can hold jobs (the embedded store is single-process).
   */
  recoverAbandoned(def: JobDefinition<object>): Promise<number>;
  stats(def: JobDefinition<object>): Promise<{ queued: number; active: number }>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  pglite?: PGlite;
  connectionString?: string;
  /**
   * Seconds between polls. Unless `pollOnly`, they only catch what NOTIFY does not announce: a retry
   * coming due after its backoff, or a notification lost while the listening connection was down.
   */
  pollSeconds: number;
  /**
   * The behaviour before issue 18, kept as the benchmark's reference: no NOTIFY, and a worker sleeps out
   * the poll after each job. Otherwise (the default) a sent job wakes the workers through LISTEN/NOTIFY:
   * pg-boss NOTIFYs in the statement that inserts the job, so it reaches workers in other processes on
   * a server PostgreSQL as well as the in-process ones of the embedded store.
   */
  pollOnly?: boolean;
  heartbeatSeconds: number;
  /**
   * Seconds between supervision passes: each fails the jobs whose worker's heartbeat stopped (a process
   * killed mid-job), so another worker retries them. pg-boss's default, a minute, left such a job waiting
   * 57-90 s. Unset: pg-boss's default.
   */
  superviseSeconds?: number;
  onError: (err: unknown) => void;
}

const deadLetterName = (name: string) => `${name}__dead`;

const LIVE_STATES = new Set(['created', 'retry', 'active']);

/** pg-boss's "bring your own connection": its statements run in the caller's transaction. */
function inTransaction(tx: Db): BossDb {
  return { executeSql: async (text, values) => ({ rows: await tx.query(text, values) }) };
}

export async function startPgBossQueue(opts: QueueOptions): Promise<JobQueue> {
  const notify = !opts.pollOnly;
  // useListenNotify holds one connection LISTENing (the pool's own on a server; in-process on PGlite).
  // Heartbeat failures are found in the monitor step of a supervision pass, so both run at this pace.
  const supervision = opts.superviseSeconds
    ? { superviseIntervalSeconds: opts.superviseSeconds, monitorIntervalSeconds: opts.superviseSeconds }
    : {};
  const boss = opts.pglite
    ? new PgBoss({
        db: fromPglite(opts.pglite),
        backend: 'pglite',
        schema: 'pgboss',
        useListenNotify: notify,
        ...supervision,
      })
    : new PgBoss({
        connectionString: opts.connectionString,
        schema: 'pgboss',
        max: 4,
        application_name: 'folio-queue',
        useListenNotify: notify,
        ...supervision,
      });
  boss.on('error', opts.onError);
  // Without the listener (e.g. behind PgBouncer in transaction mode) pick-up falls back to the poll: say so.
  boss.on('warning', (warning: { message?: string; data?: { type?: string } }) => {
    if (warning.data?.type === 'listen_notify_unavailable') opts.onError(new Error(warning.message));
  });
  await boss.start();
  const created = new Set<string>();

  async function ensureQueue(def: JobDefinition<object>) {
    if (created.has(def.name)) return;
    const dead = deadLetterName(def.name);
    if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { retryLimit: 0 });
    const options = {
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: def.expireInSeconds,
      heartbeatSeconds: opts.heartbeatSeconds,
      deadLetter: dead,
      deleteAfterSeconds: 24 * 3600,
      notify,
    };
    if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, options);
    else await boss.createQueue(def.name, options);
    created.add(def.name);
  }

  function preparedFor(def: JobDefinition<object>, tx: Db): BossDb {
    if (!created.has(def.name)) throw new Error(`queue ${def.name} not prepared before a send in a transaction`);
    return inTransaction(tx);
  }

  return {
    async send(def, data, key, tx) {
      if (!tx) await ensureQueue(def);
      const id = await boss.send(def.name, def.payload.parse(data), {
        ...(key && { singletonKey: key }),
        ...(tx && { db: preparedFor(def, tx) }),
      });
      if (!id) throw new Error(`queue ${def.name} refused the job`);
      return id;
    },
    async prepare(def) {
      await ensureQueue(def);
    },
    async waitingKeys(def) {
      await ensureQueue(def);
      const jobs = await boss.findJobs(def.name, { queued: true, limit: 100_000 });
      return new Set(jobs.flatMap((j) => (j.singletonKey ? [j.singletonKey] : [])));
    },
    async hasLiveJob(def, key, tx) {
      if (!tx) await ensureQueue(def);
      const db = tx ? preparedFor(def, tx) : undefined;
      for (const name of [def.name, deadLetterName(def.name)]) {
        const jobs = await boss.findJobs(name, { key, ...(db && { db }) });
        if (jobs.some((j) => LIVE_STATES.has(j.state))) return true;
      }
      return false;
    },
    async work(def, concurrency, handler) {
      await ensureQueue(def);
      // One pg-boss worker per slot rather than localConcurrency, so each knows its own id: a worker
      // that ends a job is told to fetch again at once instead of sleeping out the poll, so a backlog
      // drains at the speed of the work (with batchSize 1 pg-boss would otherwise wait between jobs).
      const polling = { pollingIntervalSeconds: opts.pollSeconds, notifyPollingIntervalSeconds: opts.pollSeconds };
      for (let slot = 0; slot < concurrency; slot++) {
        let workerId: string | undefined = undefined;
        workerId = await boss.work(def.name, { ...polling, batchSize: 1 }, async ([job]) => {
          if (!job) return;
          try {
            // The payload is validated again here: the row may have been written by another version.
            const data = def.payload.parse(job.data);
            await handler({
              id: job.id,
              data,
              retryCount: job.retryCount,
              retryLimit: def.retryLimit,
              signal: job.signal,
            });
          } finally {
            if (workerId && notify) boss.notifyWorker(workerId);
          }
        });
      }
    },
    async onDeadLetter(def, handler) {
      await ensureQueue(def);
      await boss.work(
        deadLetterName(def.name),
        { pollingIntervalSeconds: Math.max(opts.pollSeconds, 2) },
        async ([job]) => {
          const parsed = job && def.payload.safeParse(job.data);
          if (parsed?.success) await handler(parsed.data);
        },
      );
    },
    async cancelByKey(def, key) {
      await ensureQueue(def);
      const jobs = await boss.findJobs(def.name, { key });
      const live = jobs.filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active');
      if (live.length)
        await boss.cancel(
          def.name,
          live.map((j) => j.id),
        );
    },
    async recoverAbandoned(def) {
      await ensureQueue(def);
      const jobs = await boss.findJobs(def.name, { limit: 100_000 });
      const active = jobs.filter((j) => j.state === 'active');
      if (active.length)
        await boss.fail(
          def.name,
          active.map((j) => j.id),
          { error: 'interrupted by a restart' },
        );
      return active.length;
    },
    async stats(def) {
      await ensureQueue(def);
      const q = await boss.getQueue(def.name);
      return { queued: q?.queuedCount ?? 0, active: q?.activeCount ?? 0 };
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
