import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createEngines } from './engines';
import { readerProcess } from './ingest/read-apart/reader-process';
import type { Config } from './config';
import type { Deps } from './context';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite-db';
import { openPostgres } from './db/postgres-db';
import { CITE_CHANNEL } from './db/cite-jobs.repo';
import { IMPORT_CHANNEL } from './db/import-jobs.repo';
import { DOCUMENT_CHANNEL } from './db/documents.repo';
import { citeJob, importJob, ingestJob, lookupJob } from './jobs/definitions';
import { listenDocumentEvents } from './jobs/document-events';
import { startPgBossQueue } from './jobs/queue';
import { lockStore } from './store-lock';
import { createLogger, type Logger } from './log';
import { startRereadSweep, type RereadSweep } from './services/documents/reread-outdated';
import { startIndexCompaction, type IndexCompaction } from './services/store/compact-index-at-start';
import { startStrandedSweep, type StrandedSweep } from './services/documents/requeue-stranded';
import { directoryBlobStore, type BlobStore } from './storage/blob-store';
import { databaseBlobStore } from './storage/database-blob-store';
import { citeDeadLetter, citeHandler } from './workers/cite.worker';
import { collectWhenIdle } from './jobs/collect-when-idle';
import { importDeadLetter, importHandler } from './workers/import.worker';
import { ingestDeadLetter, ingestHandler } from './workers/ingest.worker';
import { lookupHandler } from './workers/lookup.worker';
import { isDatabaseOutage } from './db/outage';
import { createOutageLog } from './db/outage-log';

export { StoreBusyError } from './store-lock';

export interface RuntimeOptions {
  /** Run ingestion workers in this process (config.workers of them). */
  workers: boolean;
  /**
   * How to run this same program (node, its flags, the entry point), for workers that read files in a
   * reader process of their own (`config.readApart`); without it they read in this process.
   */
  program?: string[];
  log?: Logger;
}

export interface Runtime {
  deps: Deps;
  /** The embedded database when there is one (tests use it to reach the queue directly). */
  pglite?: PGlite;
  /** The start-up sweep of documents read by an older reader, in a process that runs workers. */
  rereadSweep?: RereadSweep;
  /** The sweep of documents left queued with no job, in a process that runs workers. */
  strandedSweep?: StrandedSweep;
  /** The start-up compaction of the lexical index's tail, in a process that runs workers. */
  indexCompaction?: IndexCompaction;
  close(): Promise<void>;
}

/** The store alone, locked (embedded) and migrated: enough for the CLI's key commands. */
export interface Store {
  db: Db;
  pglite?: PGlite;
  close(): Promise<void>;
}

/** Whether the embedded store under `config.dataDir` has been created. */
export function embeddedStoreExists(config: Config): boolean {
  return fs.existsSync(embeddedStoreDir(config));
}

function embeddedStoreDir(config: Config): string {
  return path.join(config.dataDir, 'pg');
}

export async function openStore(config: Config): Promise<Store> {
  if (!config.databaseUrl) return openEmbeddedStore(config);
  const db = openPostgres(config.databaseUrl);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return { db, close: () => db.close() };
}

/**
 * The embedded store under `config.dataDir`, locked to this process. A store created now is closed and
 * opened again once migrated: creating one (initdb, then every migration) leaves PGlite's memory some
 * 400 MB larger than opening it does, and a WebAssembly heap never shrinks while its instance lives.
 */
async function openEmbeddedStore(config: Config): Promise<Store> {
  const release = lockStore(config.dataDir);
  const dir = embeddedStoreDir(config);
  const created = !embeddedStoreExists(config);
  let opened: Awaited<ReturnType<typeof openPglite>> | undefined;
  try {
    opened = await openPglite(dir, config.pgliteBuffersMb);
    await migrate(opened.db);
    if (created) {
      await opened.db.close();
      opened = undefined;
      opened = await openPglite(dir, config.pgliteBuffersMb);
      await migrate(opened.db); // nothing left to apply: it finds what this database has (pgvector)
    }
  } catch (err) {
    await opened?.db.close().catch(() => {});
    release();
    throw err;
  }
  const { db, pglite } = opened;
  return {
    db,
    pglite,
    async close() {
      await db.close();
      release();
    },
  };
}

/** Where this configuration keeps original files: a directory under dataDir, or the database `db`. */
export function openBlobStore(config: Config, db: Db): BlobStore {
  return config.blobStore === 'base_de_datos'
    ? databaseBlobStore(db, path.join(config.dataDir, 'cache', 'blobs'))
    : directoryBlobStore(path.join(config.dataDir, 'blobs'));
}

/** Opens the store, starts the queue (and workers) and the engines: everything a server or worker needs. */
export async function openRuntime(config: Config, opts: RuntimeOptions): Promise<Runtime> {
  const log = opts.log ?? createLogger(config.log);
  const store = await openStore(config);
  const { db, pglite } = store;
  const outages = createOutageLog(db, log);
  try {
    const queue = await startPgBossQueue({
      pglite,
      connectionString: config.databaseUrl,
      pollSeconds: config.queuePollSeconds,
      heartbeatSeconds: config.jobHeartbeatSeconds,
      superviseSeconds: config.jobSuperviseSeconds,
      // During an outage every poll fails: one line for it (and one when it ends), not one per poll.
      onError: (err) => (isDatabaseOutage(err) ? outages.seen() : log.error('queue error', err)),
    });
    const events = await listenDocumentEvents(db, [DOCUMENT_CHANNEL, CITE_CHANNEL, IMPORT_CHANNEL]);
    const blobs = openBlobStore(config, db);
    const engines = await createEngines(config, log);
    const reader =
      opts.workers && config.workers > 0 && config.readApart && opts.program
        ? readerProcess({ command: opts.program, idleMs: config.engineIdleMs, log })
        : undefined;
    // Once the jobs and requests stop and the engines they used are released, their garbage goes too.
    const collector = collectWhenIdle(config.engineIdleMs ? config.engineIdleMs + 1000 : 10_000);
    const deps: Deps = { config, db, blobs, queue, events, log, engines, outages, reader, idle: collector };
    const job = ingestJob(config);
    const cite = citeJob(config);
    const imports = importJob(config);
    if (pglite) {
      // Single process: any job still marked active was cut off by a crash or restart of this one.
      const recovered =
        (await queue.recoverAbandoned(job)) +
        (await queue.recoverAbandoned(cite)) +
        (await queue.recoverAbandoned(imports));
      if (recovered) log.info(`requeued ${recovered} job(s) interrupted by the last stop`);
    }
    if (opts.workers && config.workers > 0) {
      await queue.work(job, config.workers, collector.around(ingestHandler(deps)));
      await queue.onDeadLetter(job, ingestDeadLetter(deps));
      await queue.work(cite, config.workers, collector.around(citeHandler(deps)));
      await queue.work(lookupJob, config.workers, collector.around(lookupHandler(deps)));
      await queue.onDeadLetter(cite, citeDeadLetter(deps));
      // An import copies and queues files (the ingest workers read them): two at once are plenty.
      await queue.work(imports, Math.min(config.workers, 2), importHandler(deps));
      await queue.onDeadLetter(imports, importDeadLetter(deps));
    }
    // Where documents are read, those read by an older reader are read again, in the background.
    const rereadSweep =
      opts.workers && config.workers > 0 && config.rereadBatch > 0
        ? startRereadSweep(deps, config.rereadBatch)
        : undefined;
    // Documents left queued or being read with no job are queued again. On the embedded store nothing else
    // can be mid-upload at start, so the first sweep takes them at once.
    const strandedSweep =
      opts.workers && config.workers > 0 && config.strandedSweepSeconds > 0
        ? startStrandedSweep(deps, config.strandedSweepSeconds, pglite ? 0 : config.strandedSweepSeconds)
        : undefined;
    // A lexical index left with a large tail (indexed before its blocks existed) is compacted meanwhile.
    const indexCompaction = opts.workers && config.workers > 0 ? startIndexCompaction(deps) : undefined;
    return {
      deps,
      pglite,
      rereadSweep,
      strandedSweep,
      indexCompaction,
      async close() {
        outages.stop();
        await indexCompaction?.stop();
        await strandedSweep?.stop();
        await rereadSweep?.stop();
        collector.stop();
        await queue.stop();
        await reader?.close();
        await engines.close();
        await events.close();
        await store.close();
      },
    };
  } catch (err) {
    outages.stop();
    await store.close().catch(() => {});
    throw err;
  }
}
