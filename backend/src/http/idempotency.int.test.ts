import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCX_TYPE } from '../cite/docx/cited-docx';
import { REPO_ROOT } from '../testing/fixtures';
import { auth, useTestServer, type Body, type TestResponse } from '../testing/harness';

// No workers: what is tested is what the request creates, not what is read from it afterwards.
const ctx = useTestServer({}, { workers: false });
let key: string;
let other: string;

beforeAll(async () => {
  key = await ctx.server.key('idem@example.org');
  other = await ctx.server.key('idem-otra@example.org');
});

const post = (p: string, body: Body, headers: Record<string, string>, as = key) =>
  ctx.server.request(`/api/v1${p}`, { method: 'POST', body, headers: auth(as, headers) });

/** The error the same key with a different request gets: 409 conflicto naming the header, in both languages. */
async function expectKeyConflict(res: TestResponse) {
  expect(res.status).toBe(409);
  const { error } = await res.json();
  expect(error).toMatchObject({ codigo: 'conflicto', estado: 409, detalles: { campo: 'Idempotency-Key' } });
  expect(error.mensaje).toMatch(/Idempotency-Key .*petición distinta/);
  expect(error.message).toMatch(/Idempotency-Key .*different request/);
}

describe('POST /documentos with Idempotency-Key', () => {
  const raw = (text: string, query: string, k: string, as = key) =>
    post(`/documentos?esperar=0${query}`, text, { 'Content-Type': 'text/plain', 'Idempotency-Key': k }, as);

  it('replays the same upload and refuses the key for another file or other metadata', async () => {
    const first = await raw('primer texto', '&nombre=a.txt', 'subir-1');
    expect(first.status).toBe(202);
    const { id } = await first.json();
    const again = await raw('primer texto', '&nombre=a.txt', 'subir-1');
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(id);
    // `esperar` and `formato` say how to answer, not what to create: still the same request.
    const markdown = await raw('primer texto', '&nombre=a.txt&formato=markdown', 'subir-1');
    expect(markdown.status).toBe(200);
    await expectKeyConflict(await raw('otro texto distinto', '&nombre=a.txt', 'subir-1'));
    await expectKeyConflict(await raw('primer texto', '&nombre=a.txt&titulo=Otro', 'subir-1'));
    // Nothing was created by the refused requests.
    const list = await (await ctx.server.request('/api/v1/documentos', { headers: auth(key) })).json();
    expect(list.documentos.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('answers a request whose key the first still holds with a retryable 409, and creates once that is gone', async () => {
    const { claimOrReplay } = await import('../services/idempotency');
    const { claimIdempotent, releaseIdempotent } = await import('../db/idempotency.repo');
    const users = await ctx.server.runtime.deps.db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'idem@example.org'",
    );
    const userId = users[0]!.id;
    // A first request holds the key (it was killed, or is still storing its file).
    expect(await claimIdempotent(ctx.server.runtime.deps.db, userId, 'subir', 'en-curso', 'huella')).toBe(true);
    const waited = await claimOrReplay(
      ctx.server.runtime.deps.db,
      userId,
      'subir',
      { key: 'en-curso', fingerprint: 'huella' },
      300,
    ).catch((e: unknown) => e);
    expect(waited).toMatchObject({ codigo: 'conflicto', headers: { 'Retry-After': '5' } });
    expect((waited as { mensaje: string }).mensaje).toMatch(/sigue en curso/);
    // Its claim released (or abandoned), the repeated request creates its resource.
    await releaseIdempotent(ctx.server.runtime.deps.db, userId, 'subir', 'en-curso');
    expect(
      await claimOrReplay(ctx.server.runtime.deps.db, userId, 'subir', { key: 'en-curso', fingerprint: 'huella' }, 300),
    ).toBeUndefined();
  });

  it('keeps keys per user', async () => {
    const mine = await raw('texto de la otra', '&nombre=c.txt', 'subir-1', other);
    expect(mine.status).toBe(202);
  });

  it('recognises a multipart retry although its boundary differs', async () => {
    const form = (titulo: string) => {
      const f = new FormData();
      f.append('archivo', new Blob(['texto por formulario']), 'f.txt');
      f.append('titulo', titulo);
      return f;
    };
    const send = (titulo: string) => post('/documentos?esperar=0', form(titulo), { 'Idempotency-Key': 'subir-form' });
    const first = await send('Formulario');
    expect(first.status).toBe(202);
    const again = await send('Formulario');
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    await expectKeyConflict(await send('Otro título'));
  });

  it('compares a URL body by its content, not its key order, and tells it from a file', async () => {
    const json = (body: unknown, k: string) =>
      post('/documentos?esperar=0', JSON.stringify(body), { 'Content-Type': 'application/json', 'Idempotency-Key': k });
    const first = await json({ url: 'http://127.0.0.1:9/pagina', titulo: 'Página' }, 'subir-url');
    expect(first.status).toBe(202);
    const again = await json({ titulo: 'Página', url: 'http://127.0.0.1:9/pagina' }, 'subir-url');
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    await expectKeyConflict(await json({ url: 'http://127.0.0.1:9/otra' }, 'subir-url'));
    await expectKeyConflict(await raw('http://127.0.0.1:9/pagina', '&nombre=u.txt', 'subir-url'));
  });
});

describe('POST /citar with Idempotency-Key', () => {
  const cite = (body: unknown, k: string) =>
    post('/citar?esperar=0', JSON.stringify(body), { 'Content-Type': 'application/json', 'Idempotency-Key': k });

  it('replays the same job and refuses the key for another text or other options', async () => {
    const first = await cite({ texto: 'Los cenotes reciben nitratos.' }, 'citar-1');
    expect(first.status).toBe(202);
    const { id } = await first.json();
    const again = await cite({ texto: 'Los cenotes reciben nitratos.' }, 'citar-1');
    expect((await again.json()).id).toBe(id);
    // The defaults written out are the same request.
    const explicit = await cite({ texto: 'Los cenotes reciben nitratos.', estilo: 'apa', umbral: 0.7 }, 'citar-1');
    expect((await explicit.json()).id).toBe(id);
    await expectKeyConflict(await cite({ texto: 'Otro texto.' }, 'citar-1'));
    await expectKeyConflict(await cite({ texto: 'Los cenotes reciben nitratos.', umbral: 0.9 }, 'citar-1'));
  });

  it('compares a .docx by its bytes', async () => {
    const docx = await readFile(path.join(REPO_ROOT, 'test/fixtures/office/aguas-paramo.docx'));
    const send = (body: Body, query = '') =>
      post(`/citar?esperar=0${query}`, body, { 'Content-Type': DOCX_TYPE, 'Idempotency-Key': 'citar-docx' });
    const first = await send(new Uint8Array(docx));
    expect(first.status).toBe(202);
    const again = await send(new Uint8Array(docx));
    expect((await again.json()).id).toBe((await first.json()).id);
    await expectKeyConflict(await send(new Uint8Array(docx), '&estilo=chicago-notes'));
    await expectKeyConflict(
      await post('/citar?esperar=0', JSON.stringify({ texto: 'x' }), {
        'Content-Type': 'application/json',
        'Idempotency-Key': 'citar-docx',
      }),
    );
  });
});
