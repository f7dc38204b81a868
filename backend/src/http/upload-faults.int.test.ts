import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../test/fixtures/sample-pdf';
import { createApp } from '../app';
import type { Deps } from '../context';
import { insertDocument, updateDocument } from '../db/documents.repo';
import { ingestJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../log';
import { sweepStranded } from '../services/documents/requeue-stranded';
import { auth, useTestStore, type TestResponse } from '../testing/harness';

/**
 * Issue 32: an upload stopped between its steps (file stored, row written, job queued) never leaves a
 * document stuck `en_cola`. Each fault is injected through the interfaces the upload uses (blob store,
 * queue), failing once at the point a crash would cut it; then a retry, or the sweep, brings the document
 * to `listo`. On the code before the fix the row was written first, alone, and every one of these ended
 * with a document `en_cola` and no job: a retry answered it as `duplicado`, and nothing re-queued it.
 */
const fx = useTestStore({ server: { strandedSweepSeconds: 0 } });
let key: string;

beforeAll(async () => {
  key = await fx.server.key('fallos@example.org');
});

let made = 0;
/** A PDF of its own for each test, so no test finds another's bytes. */
function newPdf(): Uint8Array {
  made++;
  return buildSamplePdf({ title: `Bitacora ${made}`, pages: [['Cenotes', `Muestra número ${made} del anillo.`]] });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The app over the server's own runtime with some of its parts replaced. */
function appWith(parts: Partial<Deps>) {
  const app = createApp({ ...fx.server.runtime.deps, ...parts });
  return async (p: string, init?: RequestInit): Promise<TestResponse> => app.request(`http://folio.test${p}`, init);
}

/** Throws once at `when`, a stand-in for the process dying there; then behaves. */
function failOnce() {
  let armed = true;
  return () => {
    if (!armed) return;
    armed = false;
    throw new Error('injected fault: the process stops here');
  };
}

const upload = (send: ReturnType<typeof appWith>, bytes: Uint8Array, idempotencyKey: string) =>
  send('/api/v1/documentos?nombre=bitacora.pdf&esperar=0', {
    method: 'POST',
    body: bytes,
    headers: auth(key, { 'Idempotency-Key': idempotencyKey }),
  });

async function documentsOfUser(): Promise<{ id: string; estado: string }[]> {
  return (await (await fx.server.request('/api/v1/documentos', { headers: auth(key) })).json()).documentos;
}

async function waitReady(id: string) {
  return (await fx.server.request(`/api/v1/documentos/${id}?esperar=30`, { headers: auth(key) })).json();
}

/** Whether the ingest queue has a live job for `id`. */
const hasJob = (id: string) => fx.server.runtime.deps.queue.hasLiveJob(ingestJob(fx.server.config), id);

// The first reading starts the engines; a loaded machine makes it slow.
const SLOW = 90_000;

describe('an upload cut off between its steps', { timeout: SLOW }, () => {
  it('leaves nothing when storing the file fails, and its retry with the same key is read', async () => {
    const bytes = newPdf();
    const fault = failOnce();
    const blobs = fx.server.runtime.deps.blobs;
    const send = appWith({
      blobs: {
        ...blobs,
        putFile: async (k, p) => {
          fault();
          return blobs.putFile(k, p);
        },
      },
    });
    const before = (await documentsOfUser()).length;
    const cut = await upload(send, bytes, 'clave-archivo');
    expect(cut.status).toBe(500);
    expect((await cut.json()).error).toMatchObject({ codigo: 'interno', estado: 500 });
    expect(await documentsOfUser()).toHaveLength(before);

    const retry = await upload(send, bytes, 'clave-archivo');
    expect(retry.status).toBe(202);
    const doc = await retry.json();
    expect(doc.duplicado).not.toBe(true);
    expect(await waitReady(doc.id)).toMatchObject({ estado: 'listo' });
  });

  it('leaves nothing when queuing the job fails, and its retry is read', async () => {
    const bytes = newPdf();
    const fault = failOnce();
    const queue = fx.server.runtime.deps.queue;
    const failing: JobQueue = {
      ...queue,
      send: async (def, data, k, tx) => {
        fault();
        return queue.send(def, data, k, tx);
      },
    };
    const send = appWith({ queue: failing });
    const before = (await documentsOfUser()).length;
    expect((await upload(send, bytes, 'clave-cola')).status).toBe(500);
    expect(await documentsOfUser()).toHaveLength(before);

    const retry = await upload(send, bytes, 'clave-cola');
    expect(retry.status).toBe(202);
    expect(await waitReady((await retry.json()).id)).toMatchObject({ estado: 'listo' });
  });

  it('takes back the job too when the stop comes after it is written, before the commit', async () => {
    const bytes = newPdf();
    const fault = failOnce();
    const queue = fx.server.runtime.deps.queue;
    let jobId: string | undefined;
    const failing: JobQueue = {
      ...queue,
      send: async (def, data, k, tx) => {
        jobId = await queue.send(def, data, k, tx);
        fault();
        return jobId;
      },
    };
    const send = appWith({ queue: failing });
    const before = (await documentsOfUser()).length;
    expect((await upload(send, bytes, 'clave-commit')).status).toBe(500);
    expect(jobId).toBeTruthy();
    // Neither the row nor its job: the transaction took both back.
    expect(await documentsOfUser()).toHaveLength(before);
    const [orphan] = await fx.server.runtime.deps.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pgboss.job WHERE id = $1::uuid',
      [jobId],
    );
    expect(orphan?.n).toBe(0);

    const retry = await upload(send, bytes, 'clave-commit');
    expect(retry.status).toBe(202);
    expect(await waitReady((await retry.json()).id)).toMatchObject({ estado: 'listo' });
  });

  it('ends an upload in parts (tus) the same way: the HEAD that finishes it again reads it', async () => {
    const bytes = newPdf();
    const fault = failOnce();
    const queue = fx.server.runtime.deps.queue;
    const send = appWith({
      queue: {
        ...queue,
        send: async (def, data, k, tx) => {
          fault();
          return queue.send(def, data, k, tx);
        },
      },
    });
    const tus = (extra: Record<string, string> = {}) => auth(key, { 'Tus-Resumable': '1.0.0', ...extra });
    const before = (await documentsOfUser()).length;
    const created = await send('/api/v1/subidas', {
      method: 'POST',
      headers: tus({
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `nombre ${Buffer.from('partes.pdf').toString('base64')}`,
      }),
    });
    expect(created.status).toBe(201);
    const at = new URL(created.headers.get('location')!).pathname;
    const last = await send(at, {
      method: 'PATCH',
      body: bytes,
      headers: tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
    });
    expect(last.status).toBeGreaterThanOrEqual(500);
    expect(await documentsOfUser()).toHaveLength(before);

    const head = await send(at, { method: 'HEAD', headers: tus() });
    expect(head.status).toBe(200);
    const id = head.headers.get('x-folio-documento')!;
    expect(head.headers.get('x-folio-duplicado')).toBe('no');
    expect(await waitReady(id)).toMatchObject({ estado: 'listo' });
  });
});

describe(
  'a document left queued with no job (by a stop before the upload was one transaction)',
  { timeout: SLOW },
  () => {
    /** What the code before the fix left behind: the row, `en_cola`, with neither its file nor a job. */
    async function strandedRow(bytes: Uint8Array, opts: { withFile: boolean }) {
      const { deps } = fx.server.runtime;
      const [user] = await deps.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'fallos@example.org'");
      const id = `varado${made}${Math.random().toString(36).slice(2, 8)}`;
      await insertDocument(deps.db, {
        id,
        userId: user!.id,
        titulo: 'bitacora',
        autores: [],
        tipo: 'pdf',
        userMeta: {},
        searchKey: 'bitacora',
        sha256: sha256(bytes),
        fileName: 'bitacora.pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        blobKey: id,
      });
      if (opts.withFile) {
        const tmp = `${fx.server.config.dataDir}/${id}.tmp`;
        const fs = await import('node:fs/promises');
        await fs.writeFile(tmp, bytes);
        await deps.blobs.putFile(id, tmp);
      }
      return id;
    }

    it('is re-queued, with the bytes it never got, when the same file is uploaded again', async () => {
      const bytes = newPdf();
      const id = await strandedRow(bytes, { withFile: false });
      expect(await hasJob(id)).toBe(false);
      const again = await upload(fx.server.request, bytes, 'clave-varada');
      expect(again.status).toBe(200);
      const doc = await again.json();
      expect(doc).toMatchObject({ id, duplicado: true });
      expect(['en_cola', 'procesando', 'listo']).toContain(doc.estado);
      expect(await waitReady(id)).toMatchObject({ estado: 'listo' });
    });

    it('is re-queued by the sweep, which logs it; the sweep leaves documents with a job alone', async () => {
      const { deps } = fx.server.runtime;
      const queued = await strandedRow(newPdf(), { withFile: true });
      const reading = await strandedRow(newPdf(), { withFile: true });
      await updateDocument(deps.db, reading, { estado: 'procesando', fase: 'conversion', progreso: 0.4 });
      const lines: string[] = [];
      const log: Logger = { ...deps.log, info: (m, extra) => lines.push(`${m} ${JSON.stringify(extra)}`) };
      // A queue that records sends, to see the sweep queue each stranded document once.
      const sent: string[] = [];
      const counting: JobQueue = {
        ...deps.queue,
        send: async (def, data, k, tx) => {
          sent.push(k!);
          return deps.queue.send(def, data, k, tx);
        },
      };

      const rescued = await sweepStranded({ ...deps, queue: counting, log }, 0);
      expect(rescued.sort()).toEqual([queued, reading].sort());
      expect(sent.sort()).toEqual([queued, reading].sort());
      expect(lines.join('\n')).toContain(queued);
      expect(lines.join('\n')).toContain(reading);
      // Each now has its job: a second sweep (here or in another process) queues nothing more.
      expect(await sweepStranded({ ...deps, queue: counting, log }, 0)).toEqual([]);
      expect(sent).toHaveLength(2);
      for (const id of [queued, reading]) expect(await waitReady(id)).toMatchObject({ estado: 'listo' });
    });
  },
);

describe('the sweep at start', () => {
  const apart = useTestStore();

  it(
    're-queues, when a process with workers starts, what a stopped one left queued with no job',
    async () => {
      const api = await apart.startServer({}, { workers: false });
      const k = await api.key('arranque@example.org');
      const [user] = await api.runtime.deps.db.query<{ id: string }>(
        "SELECT id FROM users WHERE email = 'arranque@example.org'",
      );
      const bytes = buildSamplePdf({ title: 'Arranque', pages: [['Uno', 'El texto del arranque.']] });
      const fs = await import('node:fs/promises');
      const tmp = `${apart.store.dataDir}/arranque.tmp`;
      await fs.writeFile(tmp, bytes);
      await api.runtime.deps.blobs.putFile('arranque1', tmp);
      await insertDocument(api.runtime.deps.db, {
        id: 'arranque1',
        userId: user!.id,
        titulo: 'arranque',
        autores: [],
        tipo: 'pdf',
        userMeta: {},
        searchKey: 'arranque',
        sha256: sha256(bytes),
        fileName: 'arranque.pdf',
        sizeBytes: bytes.length,
        blobKey: 'arranque1',
      });
      await api.close();
      await new Promise((r) => setTimeout(r, 1200)); // older than the sweep's interval on a server

      const worker = await apart.startServer({ strandedSweepSeconds: 1 });
      expect(worker.runtime.strandedSweep).toBeDefined();
      const doc = await (await worker.request('/api/v1/documentos/arranque1?esperar=30', { headers: auth(k) })).json();
      expect(doc).toMatchObject({ estado: 'listo' });
    },
    SLOW,
  );
});
