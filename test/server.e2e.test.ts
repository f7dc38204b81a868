import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, REPO_ROOT, type TestStore } from '../backend/src/testing/harness';
import { API_KEY, cli as runCli, freePort, serveEnv, startServe, type FolioProcess } from './support/folio-process';

const cli = (...args: string[]) => runCli(env, ...args);

const embedded = !process.env.DATABASE_URL;

let store: TestStore;
let port: number;
let env: NodeJS.ProcessEnv;
let server: FolioProcess | undefined;
let firstStdout = '';

async function startServer(): Promise<string> {
  server = await startServe(env, port);
  return server.stdout();
}

async function stopServer() {
  await server?.stop();
  server = undefined;
}

const api = (p: string) => `http://127.0.0.1:${port}/api/v1${p}`;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

beforeAll(async () => {
  store = await createTestStore();
  port = await freePort();
  env = serveEnv(store, port, { FOLIO_MAX_UPLOAD_MB: '1' });
  firstStdout = await startServer();
}, 60_000);

afterAll(async () => {
  await stopServer();
  await store?.drop();
});

describe('npm start on an empty store', () => {
  let key: string;

  it('creates an owner and prints one ready key with every scope', () => {
    const match = new RegExp(`(${API_KEY.source})`).exec(firstStdout);
    expect(match).not.toBeNull();
    key = match![1]!;
    expect(firstStdout).toContain('lectura,escritura,mcp');
  });

  it("runs the README's flow over a real socket: upload a PDF, list, read from folio iii", async () => {
    const pdf = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/muestra.pdf'));
    const up = await fetch(api('/documentos?nombre=muestra.pdf'), { method: 'POST', body: pdf, headers: bearer(key) });
    expect(up.status).toBe(201);
    const doc = (await up.json()) as { id: string; estado: string; enlace: string };
    expect(doc.estado).toBe('listo');
    expect(doc.enlace).toBe(`http://127.0.0.1:${port}/leer/${doc.id}`);
    const list = (await (await fetch(api('/documentos'), { headers: bearer(key) })).json()) as { total: number };
    expect(list.total).toBe(1);
    const text = await (
      await fetch(api(`/documentos/${doc.id}/texto?desde=iii&hasta=iv`), { headers: bearer(key) })
    ).json();
    expect((text as { unidades: { localizador: string }[] }).unidades.map((u) => u.localizador)).toEqual([
      'p. iii',
      'p. iv',
    ]);
  });

  it('read that PDF in a reader process of its own, which /health names', async () => {
    const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as {
      motores: { lectura_de_archivos: string; ocr: string };
    };
    const pid = Number(/proceso lector propio \(pid (\d+)\)/.exec(health.motores.lectura_de_archivos)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // /proc/PID/stat: "pid (comm) state ppid …"; the reader is the server's child, running `read-files`.
    const ppid = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    expect(ppid).toBe(server!.child.pid);
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('read-files');
    expect(health.motores.ocr).toMatch(/en el proceso lector/);
  });

  it('answers oversize headers with the JSON error body (431)', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { headers: { 'X-Big': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(((await res.json()) as { error: { codigo: string } }).error.codigo).toBe('demasiado_grande');
  });

  it('answers 413 over a real socket without reading the whole body', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x41);
    const res = await fetch(api('/documentos?nombre=grande.txt'), {
      method: 'POST',
      body,
      headers: { ...bearer(key), 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { codigo: string } }).error.codigo).toBe('demasiado_grande');
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  });

  it.skipIf(!embedded)('the CLI says plainly that the running server holds the embedded store', async () => {
    const res = await cli('keys', 'create', '--user', 'ana@example.org');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/in use by another Folio process/);
  });

  it('creates, lists and revokes keys from the CLI; a revoked key gets 401', async () => {
    if (embedded) await stopServer();
    const created = await cli('keys', 'create', '--user', 'Ana@Example.org', '--scopes', 'lectura,escritura');
    expect(created.code).toBe(0);
    const lines = created.stdout.trim().split('\n');
    const newKey = lines[lines.length - 1]!;
    expect(newKey).toMatch(/^folio_[0-9a-z]{10}_[A-Za-z0-9_-]{43}$/);
    const listed = await cli('keys', 'list', '--user', 'ana@example.org');
    expect(listed.stdout).toContain(newKey.split('_')[1]);
    expect(listed.stdout).toContain('lectura,escritura\tactive');
    const bad = await cli('keys', 'create', '--user', 'ana@example.org', '--scopes', 'todo');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown scope/);

    if (embedded) await startServer();
    expect((await fetch(api('/documentos'), { headers: bearer(newKey) })).status).toBe(200);
    if (embedded) await stopServer();
    const revoked = await cli('keys', 'revoke', newKey.split('_')[1]!);
    expect(revoked.code).toBe(0);
    if (embedded) await startServer();
    const res = await fetch(api('/documentos'), { headers: bearer(newKey) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { codigo: string } }).error.codigo).toBe('no_autenticado');
  }, 90_000);
});
