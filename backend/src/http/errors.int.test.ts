import { beforeAll, describe, expect, it } from 'vitest';
import { auth, type Body, type TestResponse, useTestServer } from '../testing/harness';

const ctx = useTestServer({ maxUploadBytes: 1024 * 1024, maxJsonBytes: 4096 });
let key: string;

beforeAll(async () => {
  key = await ctx.server.key('err@example.org');
});

async function errorOf(res: TestResponse, status: number, codigo: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const { error } = await res.json();
  expect(error).toMatchObject({ codigo, estado: status });
  expect(typeof error.mensaje).toBe('string');
  expect(typeof error.message).toBe('string');
  return error;
}

describe('error bodies', () => {
  it('answers unknown routes and methods with 404 in the spec shape', async () => {
    await errorOf(await ctx.server.request('/api/v1/nada', { headers: auth(key) }), 404, 'no_encontrado');
    await errorOf(await ctx.server.request('/otra/cosa'), 404, 'no_encontrado');
    await errorOf(
      await ctx.server.request('/api/v1/documentos', { method: 'PUT', headers: auth(key) }),
      404,
      'no_encontrado',
    );
  });

  it('names malformed JSON, invalid UTF-8, wrong content type and missing fields', async () => {
    const post = (body: Body, type = 'application/json') =>
      ctx.server.request('/api/v1/buscar', { method: 'POST', body, headers: auth(key, { 'Content-Type': type }) });
    expect((await errorOf(await post('{"q": '), 400, 'peticion_invalida')).mensaje).toMatch(/JSON/);
    const latin1 = Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]); // {"q":"é"} in Latin-1
    expect((await errorOf(await post(latin1), 400, 'peticion_invalida')).mensaje).toMatch(/UTF-8/);
    expect((await errorOf(await post('q=x', 'text/plain'), 400, 'peticion_invalida')).detalles.campo).toBe(
      'Content-Type',
    );
    const missing = await errorOf(await post('{}'), 400, 'peticion_invalida');
    expect(missing.detalles.campo).toBe('q');
    expect(missing.mensaje).toContain("'q'");
    const big = await errorOf(await post(JSON.stringify({ q: 'x'.repeat(5000) })), 413, 'demasiado_grande');
    expect(big.detalles.limite_bytes).toBe(4096);
  });
});

describe('upload size limit (413)', () => {
  it('refuses at once a declared Content-Length over the limit', async () => {
    const res = await ctx.server.request('/api/v1/documentos?nombre=grande.bin', {
      method: 'POST',
      body: new Uint8Array(16),
      headers: auth(key, { 'Content-Length': String(2 * 1024 * 1024) }),
    });
    await errorOf(res, 413, 'demasiado_grande');
    expect(res.headers.get('connection')).toBe('close');
  });

  it('stops reading a streamed body at the limit and keeps nothing', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await ctx.server.request('/api/v1/documentos?nombre=flujo.txt', {
      method: 'POST',
      body,
      headers: auth(key, { 'Content-Type': 'text/plain' }),
      duplex: 'half',
    } as RequestInit);
    await errorOf(res, 413, 'demasiado_grande');
    // It read just past the 1 MB limit, not the 8 MB offered.
    expect(sent).toBeLessThan(2 * 1024 * 1024);
    const list = await (await ctx.server.request('/api/v1/documentos', { headers: auth(key) })).json();
    expect(list.documentos.filter((d: { titulo: string }) => d.titulo === 'flujo')).toHaveLength(0);
  });

  it('applies the limit to multipart uploads too', async () => {
    const form = new FormData();
    form.append('archivo', new Blob([new Uint8Array(1024 * 1024 + 10).fill(0x42)]), 'grande.txt');
    await errorOf(
      await ctx.server.request('/api/v1/documentos', { method: 'POST', body: form, headers: auth(key) }),
      413,
      'demasiado_grande',
    );
  });
});

describe('OpenAPI, llms.txt and health', () => {
  it('serves OpenAPI 3.1 with the eleven operations and the style registry, no auth needed', async () => {
    const res = await ctx.server.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(doc.info.version).toBe('1.0.0');
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((p) => Object.values(p).map((o) => o.operationId))
      .sort();
    expect(ids).toEqual(
      [
        'borrar',
        'borrarEstilo',
        'buscar',
        'buscarPost',
        'citado',
        'citar',
        'corregir',
        'documento',
        'estilos',
        'listar',
        'preguntar',
        'registrarEstilo',
        'subir',
        'texto',
        'verificar',
        // Uploads in parts (tus), extensions of the contract.
        'borrarSubida',
        'crearSubida',
        'enviarParte',
        'estadoSubida',
        // Importing a library, an extension of the contract.
        'importacion',
        'importar',
      ].sort(),
    );
    expect(doc.components.schemas.Documento.properties.titulo).toBeDefined();
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const upload = doc.paths['/documentos'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(
      expect.arrayContaining(['application/octet-stream', 'multipart/form-data', 'application/json']),
    );
    expect(upload.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['nombre', 'titulo', 'autores', 'anio', 'esperar', 'biblioteca', 'idempotency-key']),
    );
    expect(doc.paths['/documentos/{id}/texto'].get.responses['409']).toBeDefined();
    // The correction, documented from the same zod schema that validates it.
    const corregir = doc.paths['/documentos/{id}'].patch;
    expect(corregir['x-scope']).toBe('escritura');
    expect(corregir.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CorregirDocumento');
    const body = doc.components.schemas.CorregirDocumento;
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['titulo', 'autores', 'anio', 'tipo_obra', 'contenedor', 'doi', 'isbn', 'url', 'idioma']),
    );
    expect(Object.keys(corregir.responses['200'].content)).toEqual(['application/json', 'text/markdown']);
    expect(doc.components.schemas.Documento.properties.detalles_bibliograficos).toBeDefined();
    // Export of references: the list and one document.
    for (const op of [doc.paths['/documentos'].get, doc.paths['/documentos/{id}'].get]) {
      expect(Object.keys(op.responses['200'].content)).toEqual(
        expect.arrayContaining(['application/x-bibtex', 'application/x-research-info-systems']),
      );
      const formato = op.parameters.find((p: { name: string }) => p.name === 'formato');
      expect(formato.schema.enum).toEqual(['json', 'markdown', 'bibtex', 'ris', 'csljson']);
    }
  });

  it('serves llms.txt with the rules for agents', async () => {
    const res = await ctx.server.request('/api/v1/llms.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Copy `cita` and `localizador` verbatim');
    expect(text).toContain('http://folio.test/api/v1/openapi.json');
    expect(text).toContain('`no_autenticado` (401)');
    expect(text).toContain('`PATCH /documentos/{id}` (corregir,');
    expect(text).toContain('`GET /documentos?formato=bibtex`');
  });

  it('reports database, queue and engines on /health without auth', async () => {
    const res = await ctx.server.request('/health');
    expect(res.status).toBe(200);
    const h = await res.json();
    expect(h.estado).toBe('ok');
    expect(h.base_datos).toMatchObject({ tipo: process.env.DATABASE_URL ? 'postgres' : 'pglite', ok: true });
    expect(h.cola.ok).toBe(true);
    expect(h.motores.lectura).toEqual(expect.arrayContaining(['pdf', 'texto', 'markdown', 'html']));
    expect(h.motores.embeddings).toMatch(/^no disponible/);
  });
});
