import type { EngineSet } from './ai/engine-set';
import type { Config } from './config';
import type { Db } from './db/db';
import type { DocumentEvents } from './jobs/document-events';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './log';
import type { BlobStore } from './storage/blob-store';
import type { OutageLog } from './db/outage-log';
import type { FileReader } from './ingest/read-apart/reader-process';
import type { IdleCollector } from './jobs/collect-when-idle';

/** Everything services need, built once at startup (see runtime.ts) and passed down explicitly. */
export interface Deps {
  config: Config;
  db: Db;
  blobs: BlobStore;
  queue: JobQueue;
  events: DocumentEvents;
  log: Logger;
  /** OCR and transcription, when available on this machine. */
  engines: EngineSet;
  /** Reads stored files; in this process, with `engines`, when absent (tests that build their own deps). */
  reader?: FileReader;
  /** Says a database outage once, and its end (absent in tests that build their own deps). */
  outages?: OutageLog;
  /**
   * Counts jobs and requests as work and collects V8's garbage once they stop (absent in tests that build
   * their own deps).
   */
  idle?: IdleCollector;
}
