import 'fake-indexeddb/auto';
import { createClient, type FetchInit, type FolioClient } from '@folio/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BADGE_ERROR, BADGE_PENDING, updateBadge } from './badge';
import { FolioDb } from './db';
import { enqueueCapture, outboxCounts } from './outbox';
import { createSyncRunner, runSync, type SyncDeps } from './sync';
import { fakeFolio } from './testing/fake-folio';
import { FetchHttpStack } from './tus-fetch';

const names: string[] = [];
const open: FolioDb[] = [];
function openDb(name: string): FolioDb {
  const db = new FolioDb(name);
  open.push(db);
  return db;
}
function freshName(): string {
  const name = `sync-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  for (const name of names.splice(0)) await new FolioDb(name).delete();
});

const T0 = 1_700_000_000_000;

/** Sync deps on a fake clock: `sleep` moves the clock instead of waiting. */
function harness(db: FolioDb, client: FolioClient | null) {
  const clock = { now: T0 };
  const scheduled: (number | null)[] = [];
  const deps: SyncDeps = {
    db,
    client: async () => client,
    now: () => clock.now,
    random: () => 0,
    sleep: async (ms) => {
      clock.now += ms;
    },
    schedule: async (when) => {
      scheduled.push(when);
    },
    changed: async () => {
      await updateBadge(db, fakeBrowser.action);
    },
  };
  return { deps, clock, scheduled };
}

const page = (n: number) => ({
  kind: 'page' as const,
  url: `https://example.org/${n}`,
  titulo: `Página ${n}`,
  nombre: `pagina-${n}.html`,
  contentType: 'text/html',
  body: `<!doctype html><title>Página ${n}</title><p>Texto ${n}</p>`,
});

describe('runSync', () => {
  it('uploads with the capture id as Idempotency-Key and polls until ready', async () => {
    const server = fakeFolio({ pollsUntilReady: 2 });
    const db = openDb(freshName());
    const { deps, scheduled } = harness(
      db,
      createClient({ baseUrl: server.baseUrl, apiKey: 'k', fetch: server.fetch }),
    );
    const row = await enqueueCapture(db, page(1), { now: T0 });

    const report = await runSync(deps);
    expect(report).toMatchObject({ uploads: 1, polls: 2, configured: true });
    expect(server.state.keys).toEqual([row.id]);
    expect(server.state.bodies[0]!.query).toMatchObject({
      nombre: 'pagina-1.html',
      url: 'https://example.org/1',
      titulo: 'Página 1',
      esperar: '0',
    });
    expect(server.state.bodies[0]!.body).toBe(page(1).body);
    const done = await db.captures.get(row.id);
    expect(done).toMatchObject({ state: 'ready', referencia: 'Pérez Canul, L. (2021). Página 1.' });
    expect(await db.bodies.count()).toBe(0);
    expect(scheduled.at(-1)).toBeNull();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('offline: keeps the capture queued with backoff, badge counting it; uploads it once back online', async () => {
    const server = fakeFolio();
    server.state.online = false;
    const db = openDb(freshName());
    const { deps, clock, scheduled } = harness(
      db,
      createClient({ baseUrl: server.baseUrl, apiKey: 'k', fetch: server.fetch }),
    );
    const row = await enqueueCapture(db, page(1), { now: T0 });

    await runSync(deps, 60_000);
    const waiting = await db.captures.get(row.id);
    expect(waiting).toMatchObject({ state: 'queued', lastError: 'Sin conexión con Folio; se reintentará.' });
    // It retried in place while the waits were short (2.5 s, 5 s, 10 s, 20 s), then left it to the alarm.
    expect(waiting!.attempts).toBe(5);
    // Each in-place wait was covered by an alarm first, in case the worker is stopped meanwhile.
    expect(scheduled).toEqual([T0 + 2_500, T0 + 7_500, T0 + 17_500, T0 + 37_500, waiting!.nextAttemptAt]);
    expect(waiting!.nextAttemptAt - clock.now).toBeGreaterThan(30_000);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual([0x3b, 0x5b, 0xdb, 255]);

    server.state.online = true;
    clock.now = waiting!.nextAttemptAt;
    await runSync(deps);
    expect(await db.captures.get(row.id)).toMatchObject({ state: 'ready' });
    expect(server.state.documents.size).toBe(1);
  });

  it('never duplicates: an upload whose answer was lost is sent again with the same key', async () => {
    const server = fakeFolio();
    server.state.loseNextUploadAnswer = true;
    const db = openDb(freshName());
    const { deps, clock } = harness(db, createClient({ baseUrl: server.baseUrl, apiKey: 'k', fetch: server.fetch }));
    const row = await enqueueCapture(db, page(1), { now: T0 });

    await runSync(deps, 1);
    expect(await db.captures.get(row.id)).toMatchObject({ state: 'queued' });
    clock.now += 10_000;
    await runSync(deps);
    expect(server.state.uploadRequests).toBe(2);
    expect(server.state.keys).toEqual([row.id, row.id]);
    expect(server.state.documents.size).toBe(1);
    expect(await db.captures.get(row.id)).toMatchObject({ state: 'ready', documentId: 'doc100000000' });
  });

  it('resumes after a worker restart: a new database instance picks up an interrupted upload and a poll', async () => {
    const server = fakeFolio({ pollsUntilReady: 1 });
    const name = freshName();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: 'k', fetch: server.fetch });

    // First worker: one capture is mid-upload when it dies (the server got it, the answer never came back);
    // another was uploaded and is waiting to be polled.
    const first = openDb(name);
    const interrupted = await enqueueCapture(first, page(1), { now: T0 });
    const uploaded = await enqueueCapture(first, page(2), { now: T0 + 1 });
    await first.captures.update(interrupted.id, { state: 'uploading', attempts: 1 });
    server.state.loseNextUploadAnswer = true;
    await server
      .fetch(`${server.baseUrl}/api/v1/documentos?nombre=pagina-1.html`, {
        method: 'POST',
        headers: { 'Idempotency-Key': interrupted.id },
        body: page(1).body,
      })
      .catch(() => {});
    await runSync(harness(first, null).deps); // not configured: nothing moves
    const doc2 = await client.upload({ body: page(2).body, nombre: 'pagina-2.html', idempotencyKey: uploaded.id });
    await first.captures.update(uploaded.id, { state: 'processing', documentId: doc2.id });
    await first.bodies.delete(uploaded.id);
    first.close();

    // Second worker: nothing in memory, the same IndexedDB.
    const second = openDb(name);
    expect(await outboxCounts(second)).toEqual({ pending: 2, errors: 0 });
    const { deps } = harness(second, client);
    await runSync(deps);
    expect(await second.captures.get(interrupted.id)).toMatchObject({ state: 'ready', documentId: 'doc100000000' });
    expect(await second.captures.get(uploaded.id)).toMatchObject({ state: 'ready', documentId: doc2.id });
    expect(server.state.documents.size).toBe(2);
    expect(server.state.keys.filter((k) => k === interrupted.id)).toHaveLength(2);
  });

  it('does nothing until the extension is configured, and says so', async () => {
    const db = openDb(freshName());
    const { deps, scheduled } = harness(db, null);
    await enqueueCapture(db, page(1), { now: T0 });
    expect(await runSync(deps)).toEqual({ uploads: 0, polls: 0, configured: false });
    expect(await db.captures.toArray()).toMatchObject([{ state: 'queued', attempts: 0 }]);
    expect(scheduled).toEqual([T0]);
  });

  it('shows a red badge when a capture failed for good', async () => {
    const server = fakeFolio({ apiKey: 'good' });
    const db = openDb(freshName());
    const { deps } = harness(db, createClient({ baseUrl: server.baseUrl, apiKey: 'bad', fetch: server.fetch }));
    await enqueueCapture(db, page(1), { now: T0 });
    await enqueueCapture(db, page(2), { now: T0 });
    await runSync(deps);
    expect(await outboxCounts(db)).toEqual({ pending: 0, errors: 2 });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual([0xd9, 0x30, 0x25, 255]);
  });
});

describe('runSync: large bodies in parts (tus)', () => {
  const PART = 1024;
  const pdf = () => ({
    kind: 'pdf' as const,
    url: 'https://example.org/informe.pdf',
    titulo: 'Informe',
    nombre: 'informe.pdf',
    contentType: 'application/pdf',
    body: Uint8Array.from({ length: 3 * PART }, (_, i) => i % 251),
  });

  /** The real client and tus-js-client, speaking tus to the fake server through its `fetch`. */
  function inParts(server: ReturnType<typeof fakeFolio>, db: FolioDb) {
    const h = harness(db, createClient({ baseUrl: server.baseUrl, apiKey: 'k', fetch: server.fetch }));
    // Anything over two parts goes in parts; tus-js-client's Node build reads Buffers, not Blobs.
    h.deps.parts = {
      overBytes: 2 * PART,
      chunkBytes: PART,
      file: (b) => Buffer.from(b as Uint8Array),
      httpStack: new FetchHttpStack((url, init) => server.fetch(url, init as FetchInit)),
    };
    return h;
  }

  it('saves the address the server gave, goes on from its offset after a failure and a restart, then clears it', async () => {
    const server = fakeFolio();
    const name = freshName();
    const first = openDb(name);
    const row = await enqueueCapture(first, pdf(), { now: T0 });

    // The second part is refused as busy (429): a transient failure, after one part was taken.
    server.state.busyAfterParts = 1;
    await runSync(inParts(server, first).deps, 1);
    const failed = await first.captures.get(row.id);
    const address = `${server.baseUrl}/api/v1/subidas/subida1`;
    expect(failed).toMatchObject({ state: 'queued', uploadUrl: address, errorCode: 'limite_de_ritmo' });
    // Progress is written per part (here one of three), for the popup's bar.
    expect(failed!.progreso).toBeCloseTo(1 / 3);
    expect(server.state.tus).toEqual([
      { method: 'POST', id: 'subida1' },
      { method: 'PATCH', id: 'subida1', offset: 0 },
      { method: 'PATCH', id: 'subida1', offset: PART },
    ]);
    expect(server.state.subidas.get('subida1')!.metadata).toMatchObject({
      idempotencia: row.id,
      nombre: 'informe.pdf',
      url: 'https://example.org/informe.pdf',
    });
    expect(server.state.uploadRequests).toBe(0);
    first.close();

    // The browser restarts: a new database instance, nothing in memory.
    const second = openDb(name);
    const { deps, clock } = inParts(server, second);
    clock.now = failed!.nextAttemptAt;
    server.state.tus.length = 0;
    await runSync(deps);
    expect(server.state.tus).toEqual([
      { method: 'HEAD', id: 'subida1' },
      { method: 'PATCH', id: 'subida1', offset: PART },
      { method: 'PATCH', id: 'subida1', offset: 2 * PART },
    ]);
    const done = await second.captures.get(row.id);
    expect(done).toMatchObject({ state: 'ready', documentId: 'doc100000000' });
    expect(done!.uploadUrl).toBeUndefined();
    expect(await second.bodies.count()).toBe(0);
    expect(server.state.documents.size).toBe(1);
    expect(server.state.subidas.size).toBe(1);
  });

  it('starts again when the server no longer knows the saved address, and still makes one document', async () => {
    const server = fakeFolio();
    const db = openDb(freshName());
    const row = await enqueueCapture(db, pdf(), { now: T0 });
    await db.captures.update(row.id, { uploadUrl: `${server.baseUrl}/api/v1/subidas/caducada` });

    await runSync(inParts(server, db).deps);
    expect(server.state.tus.map((r) => `${r.method} ${r.id}`)).toEqual([
      'HEAD caducada',
      'POST subida1',
      'PATCH subida1',
      'PATCH subida1',
      'PATCH subida1',
    ]);
    const done = await db.captures.get(row.id);
    expect(done).toMatchObject({ state: 'ready', documentId: 'doc100000000' });
    expect(done!.uploadUrl).toBeUndefined();
    expect(server.state.documents.size).toBe(1);
  });

  it('sends a body under the threshold in one request, as before', async () => {
    const server = fakeFolio();
    const db = openDb(freshName());
    const small = { ...pdf(), body: new Uint8Array(2 * PART) };
    const row = await enqueueCapture(db, small, { now: T0 });

    await runSync(inParts(server, db).deps);
    expect(server.state.tus).toEqual([]);
    expect(server.state.uploadRequests).toBe(1);
    expect(server.state.keys).toEqual([row.id]);
    expect(await db.captures.get(row.id)).toMatchObject({ state: 'ready' });
  });
});

describe('updateBadge', () => {
  it('shows the pending count, red when anything failed', async () => {
    const db = openDb(freshName());
    const a = await enqueueCapture(db, page(1), { now: T0 });
    await enqueueCapture(db, page(2), { now: T0 });
    expect(await updateBadge(db, fakeBrowser.action)).toEqual({ text: '2', color: BADGE_PENDING });
    await db.captures.update(a.id, { state: 'error' });
    expect(await updateBadge(db, fakeBrowser.action)).toEqual({ text: '1', color: BADGE_ERROR });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
  });
});

describe('createSyncRunner', () => {
  it('runs one at a time and runs again when asked during a run', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const kick = createSyncRunner(async () => {
      runs++;
      if (runs === 1) await gate;
    });
    const first = kick();
    void kick();
    void kick();
    expect(runs).toBe(1);
    release();
    await first;
    expect(runs).toBe(2);
  });
});
