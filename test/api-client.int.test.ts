import { ApiError, createClient, type FetchLike, type FolioClient } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../backend/src/testing/harness';

// The shared API client against the real app: its in-process fetch stands in for the network.
const ctx = useTestServer();
const ROOT = 'http://folio.test';
const appFetch: FetchLike = (url, init) => ctx.server.request(url.slice(ROOT.length), init);
let client: FolioClient;

beforeAll(async () => {
  client = createClient({
    baseUrl: `${ROOT}/api/v1`,
    apiKey: await ctx.server.key('cliente@example.org'),
    fetch: appFetch,
  });
});

const TEXT =
  '# Cenotes de Yucatán\n\nEl acuífero kárstico corre bajo la península y aflora en los cenotes.\n\n' +
  '## Calidad del agua\n\nEn Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.';

describe('the API client against the real backend', () => {
  it('uploads with an Idempotency-Key, waits for the document and finds it by search', async () => {
    const input = {
      body: TEXT,
      nombre: 'cenotes.md',
      contentType: 'text/markdown',
      titulo: 'Cenotes de Yucatán',
      idempotencyKey: 'client-int-1',
      esperar: 0,
    };
    const first = await client.upload(input);
    expect(['en_cola', 'procesando', 'listo']).toContain(first.estado);
    // The same request again with its key gives back the same document, never a second one.
    const again = await client.upload(input);
    expect(again.id).toBe(first.id);
    // The key with another request is refused: it would silently hand back the first document.
    await expect(
      client.upload({ body: 'otro texto', nombre: 'b.md', idempotencyKey: 'client-int-1' }),
    ).rejects.toMatchObject({ estado: 409, codigo: 'conflicto' });

    const ready = await client.document(first.id, { esperar: 30 });
    expect(ready).toMatchObject({ id: first.id, estado: 'listo', titulo: 'Cenotes de Yucatán' });
    expect(ready.referencia).toBeTruthy();
    const list = await client.list({ limite: 10 });
    expect(list.documentos.map((d) => d.id)).toEqual([first.id]);
    // The list's extensions: a second document, then by title (A to Z) and by type.
    const second = await client.upload({ body: '# Acuíferos\n\nOtro texto.', nombre: 'a.md', titulo: 'Acuíferos' });
    const byTitle = await client.list({ orden: 'titulo' });
    expect(byTitle.documentos.map((d) => d.titulo)).toEqual(['Acuíferos', 'Cenotes de Yucatán']);
    expect((await client.list({ tipo: 'pdf' })).documentos).toEqual([]);
    expect((await client.list({ tipo: second.tipo })).documentos).toHaveLength(2);

    const found = await client.search({ q: 'nitratos Homún', k: 3 });
    expect(found.pasajes[0]).toMatchObject({ documento: { id: first.id } });
    expect(found.pasajes[0]!.texto).toContain('44.9 mg/L');
    expect(found.pasajes[0]!.cita).toMatch(/^\(.+\)$/);
    expect((await client.search({ q: 'nitratos Homún', tipos: ['pdf'] })).pasajes).toEqual([]);
    expect((await client.search({ q: 'nitratos Homún', tipos: ['documento', 'pdf'] })).pasajes).not.toEqual([]);
  });

  it('streams an answer from /preguntar as events ending in fin', async () => {
    const events = [];
    for await (const e of client.ask({ pregunta: '¿Qué concentración de nitratos se midió en Homún?' })) {
      events.push(e);
    }
    expect(events[0]!.event).toBe('pasajes');
    const fin = events.at(-1)!;
    expect(fin.event).toBe('fin');
    if (fin.event !== 'fin') return;
    const joined = events.flatMap((e) => (e.event === 'texto' ? [e.data.texto] : [])).join('');
    expect(joined).toBe(fin.data.respuesta);
  });

  it('reports health, the scopes of a key and a refused key as ApiError', async () => {
    expect(await client.health()).toMatchObject({ estado: 'ok', api: `${ROOT}/api/v1` });
    expect(await client.checkKey()).toEqual({ lectura: true, escritura: true });
    const reader = createClient({
      baseUrl: ROOT,
      apiKey: await ctx.server.key('lector@example.org', ['lectura']),
      fetch: appFetch,
    });
    expect(await reader.checkKey()).toEqual({ lectura: true, escritura: false });
    const wrong = createClient({ baseUrl: ROOT, apiKey: 'folio_nope', fetch: appFetch });
    const err = await wrong.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ estado: 401, codigo: 'no_autenticado' });
  });
});
