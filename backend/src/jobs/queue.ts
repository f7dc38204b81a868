import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import type { JobDefinition, JobHandler } from './job-definition';

/** The durable job queue, behind a small interface so the rest of the backend never sees pg-boss. */
export interface JobQueue {
  /** Enqueues a job; `key` lets it be found again (e.g. the document id). */
  send<P extends object>(def: JobDefinition<P>, data: P, key?: string): Promise<string>;
  /** Registers `handler` for `def` and starts polling with `concurrency` parallel jobs. */
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
  pollSeconds: number;
  heartbeatSeconds: number;
  onError: (err: unknown) => void;
}

const deadLetterName = (name: string) => `${name}__dead`;

export async function startPgBossQueue(opts: QueueOptions): Promise<JobQueue> {
  const boss = opts.pglite
    ? new PgBoss({ db: fromPglite(opts.pglite), backend: 'pglite', schema: 'pgboss' })
    : new PgBoss({
        connectionString: opts.connectionString,
        schema: 'pgboss',
        max: 4,
        application_name: 'folio-queue',
      });
  boss.on('error', opts.onError);
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
    };
    if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, options);
    else await boss.createQueue(def.name, options);
    created.add(def.name);
  }

  return {
    async send(def, data, key) {
      await ensureQueue(def);
      const id = await boss.send(def.name, def.payload.parse(data), key ? { singletonKey: key } : {});
      if (!id) throw new Error(`queue ${def.name} refused the job`);
      return id;
    },
    async work(def, concurrency, handler) {
      await ensureQueue(def);
      await boss.work(
        def.name,
        { pollingIntervalSeconds: opts.pollSeconds, localConcurrency: concurrency, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          // The payload is validated again here: the row may have been written by another version.
          const data = def.payload.parse(job.data);
          await handler({
            id: job.id,
            data,
            retryCount: job.retryCount,
            retryLimit: def.retryLimit,
            signal: job.signal,
          });
        },
      );
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
