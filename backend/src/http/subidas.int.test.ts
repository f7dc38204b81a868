import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSamplePdf } from '../../../test/fixtures/sample-pdf';
import { auth, useTestStore } from '../testing/harness';

/**
 * Uploads in parts (tus 1.0) through the app: creation, parts, the document it becomes, the duplicate
 * rule, isolation between users, the protocol's errors in the contract's shape, quotas and expiry.
 */
const fx = useTestStore({
  server: {
    resumable: { maxFileBytes: 1024 * 1024, expireMs: 60 * 60 * 1000, perUser: 3, bytesPerUser: 2 * 1024 * 1024 },
  },
});
let key: string;
let other: string;

const PDF = buildSamplePdf({
  title: 'Bitacora de subidas',
  author: 'Pérez Canul, Lucía',
  year: 2022,
  pages: [['Cenotes', 'El agua del anillo de cenotes se muestreó en dos temporadas del año.']],
});
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

beforeAll(async () => {
  key = await fx.server.key('partes@example.org');
  other = await fx.server.key('ajena-partes@example.org');
});

const tus = (as: string, extra: Record<string, string> = {}) => auth(as, { 'Tus-Resumable': '1.0.0', ...extra });

async function create(bytes: number, fields: Record<string, string>, as = key) {
  return fx.server.request('/api/v1/subidas', {
    method: 'POST',
    headers: tus(as, { 'Upload-Length': String(bytes), 'Upload-Metadata': metadata(fields) }),
  });
}

const idOf = (location: string) => new URL(location).pathname;

function patch(location: string, offset: number, part: Uint8Array, as = key) {
  return fx.server.request(idOf(location), {
    method: 'PATCH',
    body: part,
    headers: tus(as, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
  });
}

/** Uploads `bytes` in parts of `size`; returns the last answer. */
async function uploadInParts(location: string, bytes: Uint8Array, size: number) {
  let last: Awaited<ReturnType<typeof patch>> | undefined;
  for (let offset = 0; offset < bytes.length; offset += size) {
    last = await patch(location, offset, bytes.subarray(offset, offset + size));
    expect(last.status, await last.clone().text()).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(Math.min(offset + size, bytes.length)));
  }
  return last!;
}

describe('uploads in parts (tus)', () => {
  let location: string;
  let documentId: string;

  it('creates an upload, takes its parts in order and makes one document of them', async () => {
    const created = await create(PDF.length, { nombre: 'bitacora.pdf', titulo: 'Bitácora de subidas', anio: '2022' });
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    location = created.headers.get('location')!;
    expect(location).toMatch(/^http:\/\/folio\.test\/api\/v1\/subidas\/[\w-]+$/);

    // Nothing is a document while parts are missing.
    const before = await (await fx.server.request('/api/v1/documentos', { headers: auth(key) })).json();
    expect(before.documentos).toHaveLength(0);

    const done = await uploadInParts(location, PDF, Math.ceil(PDF.length / 3));
    documentId = done.headers.get('x-folio-documento')!;
    expect(documentId).toBeTruthy();
    expect(done.headers.get('x-folio-duplicado')).toBe('no');
    const doc = await (
      await fx.server.request(`/api/v1/documentos/${documentId}?esperar=60`, { headers: auth(key) })
    ).json();
    expect(doc).toMatchObject({ estado: 'listo', titulo: 'Bitácora de subidas', anio: 2022, tipo: 'pdf' });
    const found = await (
      await fx.server.request(`/api/v1/buscar?q=${encodeURIComponent('anillo de cenotes')}`, { headers: auth(key) })
    ).json();
    expect(found.pasajes[0].documento.id).toBe(documentId);
  });

  it('tells a client that resumes after the last part which document it became', async () => {
    const head = await fx.server.request(idOf(location), { method: 'HEAD', headers: tus(key) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(PDF.length));
    expect(head.headers.get('upload-length')).toBe(String(PDF.length));
    expect(head.headers.get('x-folio-documento')).toBe(documentId);
    // A part after the end is refused, in the contract's shape.
    const late = await patch(location, PDF.length, new Uint8Array([1]));
    expect(late.status).toBe(409);
    expect((await late.json()).error).toMatchObject({ codigo: 'conflicto', estado: 409 });
  });

  it('gives the same bytes uploaded again as the document already there (duplicado)', async () => {
    const again = await create(PDF.length, { nombre: 'copia.pdf' });
    const done = await uploadInParts(again.headers.get('location')!, PDF, PDF.length);
    expect(done.headers.get('x-folio-documento')).toBe(documentId);
    expect(done.headers.get('x-folio-duplicado')).toBe('si');
  });

  it("answers 404 for another user's upload, whatever the method", async () => {
    const created = await create(PDF.length, { nombre: 'mia.pdf' });
    const mine = created.headers.get('location')!;
    await patch(mine, 0, PDF.subarray(0, 100));
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const res = await fx.server.request(idOf(mine), {
        method,
        headers: tus(other, { 'Upload-Offset': '100', 'Content-Type': 'application/offset+octet-stream' }),
        ...(method === 'PATCH' && { body: PDF.subarray(100, 200) }),
      });
      expect(res.status, method).toBe(404);
      if (method !== 'HEAD') expect((await res.json()).error.codigo).toBe('no_encontrado');
    }
    // Untouched: the owner goes on from where it was.
    const head = await fx.server.request(idOf(mine), { method: 'HEAD', headers: tus(key) });
    expect(head.headers.get('upload-offset')).toBe('100');
    // The parts live where the store keeps files: the database's rows (any API process reaches them), or disk.
    const id = idOf(mine).split('/').at(-1)!;
    if (fx.server.config.blobStore === 'base_de_datos') {
      const [row] = await fx.server.runtime.deps.db.query<{ bytes: string }>(
        "SELECT sum(length(data)) AS bytes FROM blob_chunks WHERE key = 'subida-' || $1",
        [id],
      );
      expect(Number(row!.bytes)).toBe(100);
    } else {
      expect(fs.statSync(path.join(fx.server.config.dataDir, 'subidas', id)).size).toBe(100);
    }
    expect((await fx.server.request(idOf(mine), { method: 'DELETE', headers: tus(key) })).status).toBe(204);
    expect((await fx.server.request(idOf(mine), { method: 'HEAD', headers: tus(key) })).status).toBe(404);
  });

  it("refuses a part at the wrong offset with the protocol's 409, and keeps what was written", async () => {
    const created = await create(PDF.length, { nombre: 'desorden.pdf' });
    const at = created.headers.get('location')!;
    expect((await patch(at, 0, PDF.subarray(0, 50))).status).toBe(204);
    const wrong = await patch(at, 10, PDF.subarray(10, 60));
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get('tus-resumable')).toBe('1.0.0');
    const body = await wrong.json();
    expect(body.error).toMatchObject({ codigo: 'conflicto', estado: 409 });
    expect(body.error.mensaje).toMatch(/subida/);
    const head = await fx.server.request(idOf(at), { method: 'HEAD', headers: tus(key) });
    expect(head.headers.get('upload-offset')).toBe('50');
    await fx.server.request(idOf(at), { method: 'DELETE', headers: tus(key) });
  });

  it('checks the size, the metadata and the key before a byte is written', async () => {
    const big = await create(2 * 1024 * 1024, { nombre: 'enorme.pdf' });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toMatchObject({ codigo: 'demasiado_grande', estado: 413 });
    const none = await fx.server.request('/api/v1/subidas', { method: 'POST', headers: tus(key) });
    expect(none.status).toBe(400);
    expect((await none.json()).error.detalles).toMatchObject({ campo: 'Upload-Length' });
    const badYear = await create(100, { nombre: 'a.pdf', anio: 'dos mil' });
    expect(badYear.status).toBe(400);
    const nul = await create(100, { nombre: 'a\u0000.pdf' });
    expect(nul.status).toBe(400);
    const reader = await fx.server.key('lectora-partes@example.org', ['lectura']);
    expect((await create(100, { nombre: 'a.pdf' }, reader)).status).toBe(403);
    const anonymous = await fx.server.request('/api/v1/subidas', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '100' },
    });
    expect(anonymous.status).toBe(401);
    // OPTIONS says what the server supports, without a key.
    const options = await fx.server.request('/api/v1/subidas', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toContain('1.0.0');
    expect(options.headers.get('tus-extension')).toContain('creation');
  });

  it('limits the uploads a user has in progress', async () => {
    const open = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(1000, { nombre: `parte-${i}.pdf` });
      expect(res.status).toBe(201);
      open.push(res.headers.get('location')!);
    }
    const fourth = await create(1000, { nombre: 'cuarta.pdf' });
    expect(fourth.status).toBe(402);
    expect((await fourth.json()).error).toMatchObject({ codigo: 'cuota_superada' });
    for (const at of open) await fx.server.request(idOf(at), { method: 'DELETE', headers: tus(key) });
    expect((await create(1000, { nombre: 'ahora-si.pdf' })).status).toBe(201);
  });
});

describe('an upload whose end is refused', () => {
  it('answers the refusal in the contract shape, keeps the parts, and answers it again on HEAD', async () => {
    const first = await create(PDF.length, { nombre: 'a.pdf', idempotencia: 'clave-subida-1' });
    await uploadInParts(first.headers.get('location')!, PDF, PDF.length);
    // The same key with other bytes: the end of this upload is a 409 conflicto, never a 500.
    const other = buildSamplePdf({ title: 'Otra bitacora', pages: [['Otra', 'Texto distinto del primero.']] });
    const second = await create(other.length, { nombre: 'b.pdf', idempotencia: 'clave-subida-1' });
    const at = second.headers.get('location')!;
    const last = await patch(at, 0, other);
    expect(last.status).toBe(409);
    expect((await last.json()).error).toMatchObject({ codigo: 'conflicto', estado: 409 });
    const head = await fx.server.request(idOf(at), { method: 'HEAD', headers: tus(key) });
    expect(head.status).toBe(409);
    // Nothing half-made became a document, and giving up removes the parts.
    const docs = await (await fx.server.request('/api/v1/documentos', { headers: auth(key) })).json();
    expect(docs.documentos.map((d: { titulo: string }) => d.titulo)).not.toContain('Otra bitacora');
    expect((await fx.server.request(idOf(at), { method: 'DELETE', headers: tus(key) })).status).toBe(204);
  });
});

describe('abandoned uploads', () => {
  const abandoned = useTestStore({
    server: { resumable: { maxFileBytes: 1024 * 1024, expireMs: 300, perUser: 5, bytesPerUser: 1024 * 1024 } },
  });

  it('expire: their parts are removed and their address answers 404', async () => {
    const k = await abandoned.server.key('olvidadiza@example.org');
    const start = (nombre: string) =>
      abandoned.server.request('/api/v1/subidas', {
        method: 'POST',
        headers: tus(k, { 'Upload-Length': '1000', 'Upload-Metadata': metadata({ nombre }) }),
      });
    const old = (await start('vieja.pdf')).headers.get('location')!;
    await abandoned.server.request(idOf(old), {
      method: 'PATCH',
      body: PDF.subarray(0, 100),
      headers: tus(k, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
    });
    await new Promise((r) => setTimeout(r, 500));
    // Starting another cleans what expired.
    expect((await start('nueva.pdf')).status).toBe(201);
    expect((await abandoned.server.request(idOf(old), { method: 'HEAD', headers: tus(k) })).status).toBe(404);
    const rows = await abandoned.server.runtime.deps.db.query('SELECT id FROM resumable_uploads WHERE id = $1', [
      idOf(old).split('/').at(-1),
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('the rate limit and uploads in parts', () => {
  const limited = useTestStore({ server: { rateLimitPerMinute: 2 } });

  it('counts the creation of an upload against the key, not its parts', async () => {
    const k = await limited.server.key('limitada@example.org');
    const start = () =>
      limited.server.request('/api/v1/subidas', {
        method: 'POST',
        headers: tus(k, { 'Upload-Length': String(PDF.length), 'Upload-Metadata': metadata({ nombre: 'p.pdf' }) }),
      });
    const at = (await start()).headers.get('location')!;
    const part = Math.ceil(PDF.length / 6);
    for (let offset = 0; offset < PDF.length; offset += part) {
      const res = await limited.server.request(idOf(at), {
        method: 'PATCH',
        body: PDF.subarray(offset, offset + part),
        headers: tus(k, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
      });
      expect(res.status).toBe(204);
    }
    expect((await start()).status).toBe(201);
    const third = await start();
    expect(third.status).toBe(429);
    expect((await third.json()).error.codigo).toBe('limite_de_ritmo');
  });
});
