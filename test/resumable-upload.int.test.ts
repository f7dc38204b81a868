import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { createClient, type FolioClient } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../backend/src/app';
import { listen } from '../backend/src/server';
import { createTestStore, startTestServer, type TestServer, type TestStore } from '../backend/src/testing/harness';
import { runFfmpeg } from '../backend/src/tools/ffmpeg';
import { freePort } from './support/folio-process';

/**
 * The shared client's uploads in parts (tus-js-client) against the real server over a socket: a video of
 * ~25 MB in 5 MB parts, cut midway, the server stopped and started again on the same store, then resumed
 * from the address the client kept, to exactly one document with its time anchors; the same bytes again
 * give `duplicado`.
 */
let store: TestStore;
let server: TestServer | undefined;
let http: ServerType | undefined;
let base: string;
let port: number;
let key: string;
let dir: string;
let video: string;

const PART = 5 * 1024 * 1024;
const VIDEO_SECONDS = Number(process.env.FOLIO_TEST_VIDEO_SECONDS ?? 20);

async function start(): Promise<void> {
  server = await startTestServer(store, { publicUrl: base });
  http = await listen(createApp(server.runtime.deps), '127.0.0.1', port, base);
}

async function stop(): Promise<void> {
  // Like a killed server: open connections (a part on its way) are cut, not waited for.
  (http as unknown as import('node:http').Server | undefined)?.closeAllConnections();
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
  await server?.close();
  http = undefined;
  server = undefined;
}

const client = (): FolioClient => createClient({ baseUrl: base, apiKey: key });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-tus-'));
  fs.writeFileSync(
    path.join(dir, 'es.srt'),
    '1\n00:00:01,000 --> 00:00:04,000\nEl agua del anillo de cenotes se muestreó en lluvias.\n\n' +
      '2\n00:00:12,000 --> 00:00:16,000\nEn secas el nivel del acuífero bajó casi dos metros.\n',
  );
  video = path.join(dir, 'charla.mkv');
  // Noise compresses badly: 20 s at 10 Mb/s is a file of ~25 MB, five parts and more. FOLIO_TEST_VIDEO_SECONDS
  // makes it longer for a run at full size (240 s: ~300 MB, sixty parts).
  await runFfmpeg([
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `nullsrc=s=320x240:d=${VIDEO_SECONDS},geq=random(1)*255:128:128`,
    '-i',
    path.join(dir, 'es.srt'),
    '-map',
    '0:v',
    '-map',
    '1:s',
    '-c:v',
    'mpeg4',
    '-b:v',
    '10M',
    '-c:s',
    'srt',
    '-metadata:s:s:0',
    'language=spa',
    video,
  ]);
  store = await createTestStore();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await start();
  key = await server!.key('grande@example.org');
}, 600_000);

afterAll(async () => {
  await stop();
  await store?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a large file in parts through the shared client', () => {
  let documentId: string;

  it('resumes after a cut and a server restart, to exactly one document', async () => {
    const size = fs.statSync(video).size;
    expect(size).toBeGreaterThan(3 * PART);
    let url: string | undefined;
    const cut = new AbortController();
    const first = client().uploadInParts({
      file: fs.createReadStream(video),
      nombre: 'charla.mkv',
      titulo: 'Charla sobre el anillo de cenotes',
      chunkSize: PART,
      onUrl: (u) => (url = u),
      onProgress: (sent) => {
        if (sent >= 2 * PART) cut.abort(new Error('corte'));
      },
      signal: cut.signal,
    });
    await expect(first).rejects.toThrow('corte');
    expect(url).toMatch(new RegExp(`^${base}/api/v1/subidas/`));

    await stop();
    await start();

    const before = await client().list();
    expect(before.documentos).toHaveLength(0);
    let resumedFrom = -1;
    const doc = await client().uploadInParts({
      file: fs.createReadStream(video),
      uploadUrl: url,
      chunkSize: PART,
      esperar: 120,
      onProgress: (sent) => {
        if (resumedFrom < 0) resumedFrom = sent;
      },
    });
    // It went on from what the server had, not from the start.
    expect(resumedFrom).toBeGreaterThanOrEqual(PART);
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'video', titulo: 'Charla sobre el anillo de cenotes' });
    expect(doc.duplicado).toBeUndefined();
    documentId = doc.id;
    expect((await client().list()).documentos.map((d) => d.id)).toEqual([doc.id]);
    const [hit] = (await client().search({ q: 'nivel del acuífero en secas' })).pasajes;
    expect(hit).toMatchObject({ documento: { id: doc.id }, ancla: { tipo: 'tiempo' } });
    expect((hit!.ancla as { t0: number }).t0).toBeCloseTo(12, 0);
  }, 600_000);

  it('gives the same bytes again as the document already there', async () => {
    const again = await client().uploadInParts({
      file: fs.createReadStream(video),
      nombre: 'otra.mkv',
      chunkSize: PART,
    });
    expect(again).toMatchObject({ id: documentId, duplicado: true });
    expect((await client().list()).documentos).toHaveLength(1);
  }, 120_000);

  it("sends a body over the client's threshold in parts from upload() itself", async () => {
    const small = createClient({ baseUrl: base, apiKey: key, partsOverBytes: 1024 });
    const text = `# Notas de campo\n\n${'El cenote Xlacah se muestreó en temporada de lluvias. '.repeat(60)}`;
    const doc = await small.upload({ body: new TextEncoder().encode(text), nombre: 'notas.md', esperar: 60 });
    expect(doc).toMatchObject({ estado: 'listo', titulo: 'Notas de campo' });
    // It went through /subidas: the upload is recorded with the document it became.
    const rows = await server!.runtime.deps.db.query<{ document_id: string }>(
      'SELECT document_id FROM resumable_uploads WHERE document_id = $1',
      [doc.id],
    );
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('never lets another user go on with an upload: their client starts over in their own library', async () => {
    let url: string | undefined;
    const cut = new AbortController();
    await expect(
      client().uploadInParts({
        file: fs.createReadStream(video),
        chunkSize: PART,
        onUrl: (u) => {
          url = u;
          cut.abort(new Error('alto'));
        },
        signal: cut.signal,
      }),
    ).rejects.toThrow('alto');
    // The server answers 404 to the stranger's HEAD; tus-js-client then creates an upload of its own.
    const strangerKey = await server!.key('otra-grande@example.org');
    const head = await fetch(url!, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${strangerKey}`, 'Tus-Resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    const stranger = createClient({ baseUrl: base, apiKey: strangerKey });
    const theirs = await stranger.uploadInParts({ file: fs.createReadStream(video), uploadUrl: url, chunkSize: PART });
    expect(theirs.id).not.toBe(documentId);
    expect(theirs.duplicado).toBeUndefined();
    expect((await stranger.list()).documentos.map((d) => d.id)).toEqual([theirs.id]);
    expect((await client().list()).documentos.map((d) => d.id)).toContain(documentId);
  }, 120_000);
});
