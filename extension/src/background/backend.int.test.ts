import 'fake-indexeddb/auto';
import fs from 'node:fs';
import { createClient, type FetchLike } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { FolioDb } from './db';
import { correctCapture } from './correct-capture';
import { applyEvent, enqueueCapture } from './outbox';
import { checkSettings } from './settings-check';
import { runSync } from './sync';
import { FetchHttpStack } from './tus-fetch';

// The backend is type-checked by its own tsconfig (Node, no DOM): under the extension's it is loaded
// untyped, through a path TypeScript does not follow, and used through this much of its test harness.
interface Harness {
  useTestServer(): {
    server: {
      request(path: string, init?: RequestInit): Promise<Response>;
      key(email: string, scopes?: string[]): Promise<string>;
    };
  };
}
const harnessPath = '../../../backend/src/testing/harness';
const { useTestServer } = (await import(/* @vite-ignore */ harnessPath)) as Harness;

const ctx = useTestServer();
const ROOT = 'http://folio.test';
let key: string;
/** The real app in-process; `drop` loses the answer of the next upload after the server has stored it. */
const net = { drop: false, uploads: 0 };
const appFetch: FetchLike = async (url, init) => {
  const res = await ctx.server.request(url.slice(ROOT.length), init);
  if (init.method === 'POST' && new URL(url).pathname === '/api/v1/documentos') {
    net.uploads++;
    if (net.drop) {
      net.drop = false;
      throw new TypeError('network error');
    }
  }
  return res;
};

beforeAll(async () => {
  key = await ctx.server.key('extension@example.org');
});

describe('the outbox against the real backend', () => {
  it('sends a captured page once, even when the answer to its upload was lost', async () => {
    const db = new FolioDb(`backend-${crypto.randomUUID()}`);
    const client = createClient({ baseUrl: ROOT, apiKey: key, fetch: appFetch });
    const clock = { now: Date.now() };
    const deps = {
      db,
      client: async () => client,
      now: () => clock.now,
      random: () => 0,
      sleep: async (ms: number) => {
        clock.now += ms;
      },
      schedule: async () => {},
      changed: async () => {},
    };
    const html =
      '<!doctype html><html lang="es"><head><title>Cenotes de Yucatán</title></head><body><article>' +
      '<h1>Cenotes de Yucatán</h1><p>En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.</p>' +
      '</article></body></html>';
    const row = await enqueueCapture(
      db,
      {
        kind: 'page',
        url: 'https://example.org/cenotes',
        titulo: 'Cenotes de Yucatán',
        nombre: 'cenotes-de-yucatan.html',
        contentType: 'text/html',
        body: html,
        // The capture is due at the test's clock, not at the wall clock a loaded machine has moved past it.
      },
      { now: clock.now },
    );

    net.drop = true;
    await runSync(deps, 1);
    expect(await db.captures.get(row.id)).toMatchObject({ state: 'queued', attempts: 1 });

    clock.now += 10_000;
    // Polls long-poll the real server; give it real time by letting the clock follow the wall clock too.
    deps.now = () => Math.max(clock.now, Date.now());
    await runSync(deps);
    const done = await db.captures.get(row.id);
    expect(done).toMatchObject({ state: 'ready' });
    expect(done!.referencia).toBeTruthy();
    expect(net.uploads).toBe(2);

    const list = await client.list();
    expect(list.documentos.map((d) => d.id)).toEqual([done!.documentId]);
    expect(list.documentos[0]).toMatchObject({ url: 'https://example.org/cenotes' });
    await db.delete();
  });

  it("corrects a ready capture's title, authors and year, and says the server's refusals in Spanish", async () => {
    const db = new FolioDb(`backend-${crypto.randomUUID()}`);
    const client = createClient({ baseUrl: ROOT, apiKey: key, fetch: appFetch });
    const uploaded = await client.upload({
      body: '<!doctype html><html lang="es"><head><title>Cenotes</title></head><body><p>Agua dulce.</p></body></html>',
      nombre: 'cenotes.html',
      url: 'https://example.org/cenotes-2',
      idempotencyKey: crypto.randomUUID(),
    });
    const row = await enqueueCapture(db, { kind: 'page', url: 'https://example.org/cenotes-2' });
    const listo = await client.document(uploaded.id, { esperar: 20 });
    expect(listo.estado).toBe('listo');
    await applyEvent(db, row.id, { type: 'poll-ok', documento: listo }, { now: Date.now(), random: 0 });

    const cambios = { titulo: 'Cenotes de Homún', autores: ['Pérez Canul, Lucía'], anio: 2019 };
    const saved = await correctCapture(db, client, row.id, cambios);
    if (!saved.ok) throw new Error(saved.mensaje);
    expect(saved.row.documento).toMatchObject(cambios);
    expect(saved.row.referencia).toMatch(/Pérez Canul.*2019.*Cenotes de Homún/);
    expect(await client.document(uploaded.id)).toMatchObject(cambios);

    const refused = await correctCapture(db, client, row.id, { autores: ['Pérez, L.; Eco, U.'] });
    expect(refused).toMatchObject({ ok: false, mensaje: expect.stringMatching(/un solo autor/) });
    const reader = createClient({
      baseUrl: ROOT,
      apiKey: await ctx.server.key('lee@example.org', ['lectura']),
      fetch: appFetch,
    });
    expect(await correctCapture(db, reader, row.id, { anio: 2000 })).toMatchObject({
      ok: false,
      mensaje: expect.stringMatching(/escritura/),
    });
    expect((await db.captures.get(row.id))!.documento).toMatchObject(cambios);
    await db.delete();
  });

  it('sends a PDF over the threshold in parts through the real tus endpoint, and resumes it after a restart', async () => {
    const pdf = new Uint8Array(fs.readFileSync(new URL('../../../test/fixtures/muestra.pdf', import.meta.url)));
    const PART = 1024;
    // tus-js-client reaches the in-process app through the background's fetch stack; the second part of the
    // first worker never gets an answer (the worker is stopped while it is on its way).
    const tus = { patches: 0, hang: true, offsets: [] as string[] };
    let cut!: (err: Error) => void;
    const httpStack = new FetchHttpStack(async (url, init) => {
      if (init.method === 'PATCH') {
        tus.offsets.push(init.headers['Upload-Offset']!);
        if (++tus.patches === 2 && tus.hang) return new Promise((_, reject) => (cut = reject));
      }
      return appFetch(url, init as Parameters<FetchLike>[1]);
    });
    const name = `backend-${crypto.randomUUID()}`;
    const client = createClient({ baseUrl: ROOT, apiKey: key, fetch: appFetch });
    const depsFor = (db: FolioDb) => ({
      db,
      client: async () => client,
      now: () => Date.now(),
      random: () => 0,
      sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
      schedule: async () => {},
      changed: async () => {},
      parts: { overBytes: 2 * PART, chunkBytes: PART, file: (b: string | Uint8Array) => Buffer.from(b), httpStack },
    });
    const first = new FolioDb(name);
    const row = await enqueueCapture(first, {
      kind: 'pdf',
      url: 'https://example.org/muestra.pdf',
      nombre: 'muestra.pdf',
      contentType: 'application/pdf',
      body: pdf,
    });
    const stopped = runSync(depsFor(first)).catch(() => {});
    await expect.poll(() => tus.patches).toBe(2);
    await expect
      .poll(async () => (await first.captures.get(row.id))?.uploadUrl)
      .toMatch(/^http:\/\/folio\.test\/api\/v1\/subidas\/[\w-]+$/);
    expect(await first.captures.get(row.id)).toMatchObject({ state: 'uploading' });
    first.close();

    // A new worker (and database instance) goes on from the server's offset with the saved address.
    tus.hang = false;
    const second = new FolioDb(name);
    await second.captures.update(row.id, { state: 'queued', nextAttemptAt: 0 });
    await runSync(depsFor(second));
    expect(tus.offsets).toEqual(['0', String(PART), String(PART), String(2 * PART), String(3 * PART)]);
    const done = await second.captures.get(row.id);
    expect(done).toMatchObject({ state: 'ready' });
    expect(done!.uploadUrl).toBeUndefined();
    expect(await client.document(done!.documentId!)).toMatchObject({ estado: 'listo', tipo: 'pdf' });
    cut(new TypeError('worker stopped'));
    await stopped;
    await second.delete();
  });

  it('checks settings: a wrong key, a key without escritura, and a good one', async () => {
    const reader = await ctx.server.key('lector@example.org', ['lectura']);
    const wrong = await checkSettings({ serverUrl: `${ROOT}/`, apiKey: 'folio_nope' }, appFetch);
    expect(wrong).toMatchObject({ ok: false, campo: 'apiKey' });
    expect(wrong.mensaje).toMatch(/^Folio rechazó la clave de API/);
    const readOnly = await checkSettings({ serverUrl: ROOT, apiKey: reader }, appFetch);
    expect(readOnly).toMatchObject({ ok: false, campo: 'apiKey' });
    expect(readOnly.mensaje).toMatch(/permiso «escritura»/);
    expect(await checkSettings({ serverUrl: `${ROOT}/api/v1`, apiKey: key }, appFetch)).toMatchObject({
      ok: true,
      serverUrl: ROOT,
      mensaje: `Conectado con Folio en ${ROOT}.`,
    });
  });
});
