import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@folio/shared';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaddedPdf } from './fixtures/sample-pdf';
import { useServe } from './support/serve';

/**
 * An upload in parts whose server is killed (SIGKILL: no handler runs, nothing is flushed) in the middle of
 * a part, started again on the same store, and finished by the shared client from the address it kept: one
 * document, byte for byte the file (the same bytes again are its duplicate), and nothing half-written in
 * the library meanwhile. On the embedded store the parts are a file in FOLIO_DATA; with DATABASE_URL, rows.
 */
let dir: string;

const MB = 1024 * 1024;
const pdf = buildPaddedPdf(12 * MB);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-kill-'));
  fs.writeFileSync(path.join(dir, 'informe.pdf'), pdf);
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const folio = useServe();

const tus = (extra: Record<string, string>) => ({
  Authorization: `Bearer ${folio.key}`,
  'Tus-Resumable': '1.0.0',
  ...extra,
});
const offsetOf = async (url: string) =>
  Number((await fetch(url, { method: 'HEAD', headers: tus({}) })).headers.get('upload-offset'));

/**
 * The bytes of an upload the server has stored so far, read where it keeps them (its file, or its rows),
 * not by asking it: a HEAD on an upload makes tus end the part in progress (its lock hands over).
 */
async function bytesStored(id: string): Promise<number> {
  const { store } = folio;
  if (!store.databaseUrl) {
    const file = path.join(store.dataDir, 'subidas', id);
    return fs.existsSync(file) ? fs.statSync(file).size : 0;
  }
  const sql = postgres(store.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ bytes: string | null }[]>`
      SELECT sum(length(data))::text AS bytes FROM blob_chunks WHERE key = ${`subida-${id}`}`;
    return Number(row?.bytes ?? 0);
  } finally {
    await sql.end();
  }
}

describe('an upload in parts when the server is killed mid-part', () => {
  it('resumes after a restart to exactly one document, byte for byte the file', async () => {
    const { base, key } = folio;
    const created = await fetch(`${base}/api/v1/subidas`, {
      method: 'POST',
      headers: tus({
        'Upload-Length': String(pdf.length),
        'Upload-Metadata': `nombre ${Buffer.from('informe.pdf').toString('base64')}`,
      }),
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;

    // A part of 8 MB of which 3 MB arrive, then the link stalls: the server is killed while it reads.
    let stall!: () => void;
    const stalled = new Promise<void>((resolve) => (stall = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let at = 0; at < 3 * MB; at += MB) controller.enqueue(pdf.subarray(at, at + MB));
        await stalled;
        controller.close();
      },
    });
    const part = fetch(url, {
      method: 'PATCH',
      headers: tus({ 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }),
      body,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    const id = url.split('/').pop()!;
    const deadline = Date.now() + 30_000;
    while ((await bytesStored(id)) < MB && Date.now() < deadline) await sleep(100);
    expect(await bytesStored(id)).toBeGreaterThanOrEqual(MB);
    await folio.server.kill();
    stall();
    expect(await part).toBeInstanceOf(Error);

    await folio.restart();
    const client = createClient({ baseUrl: base, apiKey: key });
    // Nothing half-written became a document.
    expect((await client.list()).documentos).toHaveLength(0);
    const kept = await offsetOf(url);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(3 * MB);

    let resumedFrom = -1;
    const doc = await client.uploadInParts({
      file: fs.createReadStream(path.join(dir, 'informe.pdf')),
      uploadUrl: url,
      chunkSize: 5 * MB,
      esperar: 60,
      onProgress: (sent) => {
        if (resumedFrom < 0) resumedFrom = sent;
      },
    });
    expect(resumedFrom).toBeGreaterThanOrEqual(kept);
    expect(doc).toMatchObject({ estado: 'listo', tipo: 'pdf' });
    expect((await client.list()).documentos.map((d) => d.id)).toEqual([doc.id]);
    const [hit] = (await client.search({ q: 'cenotes de Homun' })).pasajes;
    expect(hit).toMatchObject({ documento: { id: doc.id } });

    // Byte for byte: the same file in one request is that document's duplicate (same SHA-256).
    const again = await client.upload({ body: new Uint8Array(pdf), nombre: 'copia.pdf', esperar: 0 });
    expect(again).toMatchObject({ id: doc.id, duplicado: true });
  }, 300_000);
});
