import { type Documento, type FolioClient, PARTS_OVER_BYTES, type PartsSource } from '@folio/shared';
import type { HttpStack } from 'tus-js-client';
import type { CaptureBody, CaptureRow, FolioDb } from './db';
import { applyEvent, dueCaptures, nextDueAt } from './outbox';

/** Seconds each poll of a processing document waits on the server (`GET /documentos/{id}?esperar=`). */
export const POLL_WAIT_SECONDS = 20;
/** Processing documents polled at once. */
const POLL_BATCH = 4;
/** A run waits in place for a row due within this long; anything later is left to the alarm. */
const INLINE_WAIT_MS = 30_000;
/** A run stops after this long and leaves the rest to the alarm (MV3 may stop a busy worker anyway). */
const RUN_BUDGET_MS = 4 * 60_000;

/** The upload progress written to a row at most every this much of the file (0-1). */
const PROGRESS_STEP = 0.05;

/** How bodies too large for one request are sent: in parts (tus), resumable across restarts. */
export interface PartsOptions {
  /** Bodies larger than this go in parts; default the client's {@link PARTS_OVER_BYTES}. */
  overBytes?: number;
  /** Bytes per part; default the client's (5 MB). */
  chunkBytes?: number;
  /**
   * What tus-js-client reads the body from; default a Blob (its browser build). Its Node build, which
   * the tests load, reads Buffers.
   */
  file?(body: CaptureBody['body']): PartsSource;
  /** How tus-js-client sends: the background passes one over fetch (a service worker has no XMLHttpRequest). */
  httpStack?: HttpStack;
}

/** What a sync run needs; everything that touches the world is passed in. */
export interface SyncDeps {
  db: FolioDb;
  /** The API client for the saved settings, or null when the extension is not configured yet. */
  client(): Promise<FolioClient | null>;
  now(): number;
  random(): number;
  sleep(ms: number): Promise<void>;
  /** Wakes the worker at `when` (an alarm), or cancels the wake-up when null. */
  schedule(when: number | null): Promise<void>;
  /** Called after the outbox changed (badge, open popups). */
  changed(): Promise<void>;
  /** Called when a capture became ready (refresh the library cache). */
  ready?(row: CaptureRow): Promise<void>;
  parts?: PartsOptions;
}

/** What one run did, for logs and tests. */
export interface SyncReport {
  uploads: number;
  polls: number;
  configured: boolean;
}

/**
 * One sync run: uploads every due capture with its id as Idempotency-Key (a retry after a crash, a lost
 * answer or a killed worker gives back the same document), polls processing ones until they are ready or
 * failed, waits in place for rows due soon, and finally sets the alarm for the next due row. All state is
 * read from and written to the database at each step, so a run can stop anywhere and the next one resumes.
 */
export async function runSync(deps: SyncDeps, budgetMs = RUN_BUDGET_MS): Promise<SyncReport> {
  const report: SyncReport = { uploads: 0, polls: 0, configured: true };
  const deadline = deps.now() + budgetMs;
  try {
    for (;;) {
      const client = await deps.client();
      if (!client) {
        report.configured = false;
        break;
      }
      const due = await dueCaptures(deps.db, deps.now());
      if (due.length === 0) {
        const next = await nextDueAt(deps.db);
        const wait = next === null ? Infinity : next - deps.now();
        if (wait > INLINE_WAIT_MS || deps.now() + wait >= deadline) break;
        // The alarm first: a worker stopped while it waits here is woken again by it.
        await deps.schedule(next);
        await deps.sleep(Math.max(0, wait));
        continue;
      }
      for (const row of due.filter((r) => r.state !== 'processing')) {
        await upload(deps, client, row);
        report.uploads++;
      }
      const polling = due.filter((r) => r.state === 'processing');
      for (let i = 0; i < polling.length; i += POLL_BATCH) {
        await Promise.all(polling.slice(i, i + POLL_BATCH).map((row) => poll(deps, client, row)));
        report.polls += Math.min(POLL_BATCH, polling.length - i);
      }
      if (deps.now() >= deadline) break;
    }
  } finally {
    await deps.schedule(await nextDueAt(deps.db));
    await deps.changed();
  }
  return report;
}

async function upload(deps: SyncDeps, client: FolioClient, row: CaptureRow): Promise<void> {
  const tick = () => ({ now: deps.now(), random: deps.random() });
  const started = await applyEvent(deps.db, row.id, { type: 'upload-start' }, tick());
  if (!started) return;
  await deps.changed();
  const stored = await deps.db.bodies.get(row.id);
  if (!stored && row.kind !== 'url') {
    await applyEvent(
      deps.db,
      row.id,
      { type: 'upload-failed', error: new Error('Se perdió el archivo de la captura.') },
      tick(),
    );
    return;
  }
  try {
    const body = stored?.body;
    const documento =
      body !== undefined && byteSize(body) > (deps.parts?.overBytes ?? PARTS_OVER_BYTES)
        ? await uploadInParts(deps, client, row, body)
        : await client.upload({
            body,
            nombre: row.nombre,
            contentType: row.contentType,
            url: row.url,
            titulo: row.titulo,
            idempotencyKey: row.id,
            esperar: 0,
          });
    const saved = await applyEvent(deps.db, row.id, { type: 'upload-ok', documento }, tick());
    if (saved?.state === 'ready') await deps.ready?.(saved);
  } catch (error) {
    await applyEvent(deps.db, row.id, { type: 'upload-failed', error }, tick());
  }
  await deps.changed();
}

/**
 * Sends a large body in parts. The address the server gives the upload is saved on the row at once, and
 * a saved one is passed back, so a later attempt (a failure, a restarted worker or browser) goes on from
 * the server's offset. An address the server no longer knows (expired, or another user's) is answered
 * 404 and tus-js-client starts a new upload, whose address replaces it; the capture id as idempotency
 * key still makes one document of it. The row keeps the address through failures; `upload-ok` drops it.
 */
async function uploadInParts(
  deps: SyncDeps,
  client: FolioClient,
  row: CaptureRow,
  body: CaptureBody['body'],
): Promise<Documento> {
  // Row writes from the callbacks are chained, so all are done before the outcome is written.
  let writes: Promise<unknown> = Promise.resolve();
  const write = (changes: Partial<CaptureRow>, notify = false) => {
    writes = writes
      .then(async () => {
        await deps.db.captures.update(row.id, changes);
        if (notify) await deps.changed();
      })
      .catch(() => {});
  };
  let shown = 0;
  try {
    return await client.uploadInParts({
      file: deps.parts?.file ? deps.parts.file(body) : new Blob([body]),
      nombre: row.nombre,
      contentType: row.contentType,
      url: row.url,
      titulo: row.titulo,
      idempotencyKey: row.id,
      chunkSize: deps.parts?.chunkBytes,
      httpStack: deps.parts?.httpStack,
      uploadUrl: row.uploadUrl,
      esperar: 0,
      onUrl: (url) => {
        if (url !== row.uploadUrl) write({ uploadUrl: url });
      },
      onProgress: (sent, total) => {
        const progreso = total > 0 ? sent / total : 0;
        if (progreso - shown < PROGRESS_STEP && sent < total) return;
        shown = progreso;
        write({ progreso }, true);
      },
    });
  } finally {
    await writes;
  }
}

function byteSize(body: CaptureBody['body']): number {
  return typeof body === 'string' ? new Blob([body]).size : body.byteLength;
}

async function poll(deps: SyncDeps, client: FolioClient, row: CaptureRow): Promise<void> {
  const tick = () => ({ now: deps.now(), random: deps.random() });
  if (!row.documentId) return;
  try {
    const documento = await client.document(row.documentId, { esperar: POLL_WAIT_SECONDS });
    const saved = await applyEvent(deps.db, row.id, { type: 'poll-ok', documento }, tick());
    if (saved?.state === 'ready') await deps.ready?.(saved);
  } catch (error) {
    await applyEvent(deps.db, row.id, { type: 'poll-failed', error }, tick());
  }
  await deps.changed();
}

/**
 * Runs sync one at a time in this worker: a call while a run is going asks for one more run after it,
 * so a capture made mid-run is not left waiting for the alarm. Losing this in-memory flag to a worker
 * restart costs nothing: the alarm and the database carry the work.
 */
export function createSyncRunner(run: () => Promise<unknown>): () => Promise<void> {
  let current: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await run();
      } catch (err) {
        console.error('[folio] sync failed', err);
      }
    } while (again);
    current = null;
  };
  return () => {
    if (current) {
      again = true;
      return current;
    }
    current = loop();
    return current;
  };
}
