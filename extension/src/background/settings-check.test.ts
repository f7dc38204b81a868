import type { FetchLike } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { checkSettings } from './settings-check';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const HEALTH = { estado: 'ok', version: '1.0.0', api: 'http://127.0.0.1:8787/api/v1' };
const err = (estado: number, codigo: string) => ({ error: { codigo, estado, mensaje: 'x', message: 'x' } });

/** A server answering by method and path. */
function server(routes: Record<string, () => Response>): FetchLike {
  return async (url, init) => {
    const route = routes[`${init.method} ${new URL(url).pathname}`];
    if (!route) throw new Error(`unexpected ${init.method} ${url}`);
    return route();
  };
}

const input = { serverUrl: '127.0.0.1:8787', apiKey: 'folio_key' };

describe('checkSettings', () => {
  it('refuses an address that is not one, before sending anything', async () => {
    const result = await checkSettings({ serverUrl: 'ftp://x', apiKey: 'k' }, server({}));
    expect(result).toEqual({
      ok: false,
      campo: 'serverUrl',
      mensaje: 'La dirección del servidor no es válida. Escribe, por ejemplo, http://127.0.0.1:8787.',
    });
  });

  it('says when nothing answers at the address', async () => {
    const down: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await checkSettings(input, down)).toEqual({
      ok: false,
      campo: 'serverUrl',
      mensaje:
        'No se pudo conectar con http://127.0.0.1:8787. Comprueba que Folio esté en marcha y que la dirección sea correcta.',
    });
  });

  it('says when what answers is not a Folio server', async () => {
    const other = server({
      'GET /health': () =>
        new Response('<html>It works!</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    });
    const result = await checkSettings(input, other);
    expect(result).toMatchObject({ ok: false, campo: 'serverUrl' });
    expect(result.mensaje).toBe(
      'http://127.0.0.1:8787 responde, pero no es un servidor Folio (GET /health no da el informe de Folio). Revisa la dirección.',
    );
    const notFound = server({ 'GET /health': () => new Response('Not Found', { status: 404 }) });
    expect((await checkSettings(input, notFound)).mensaje).toMatch(/no es un servidor Folio/);
  });

  it('says when the key is refused (401)', async () => {
    const result = await checkSettings(
      input,
      server({
        'GET /health': () => json(200, HEALTH),
        'GET /api/v1/documentos': () => json(401, err(401, 'no_autenticado')),
      }),
    );
    expect(result).toMatchObject({ ok: false, campo: 'apiKey' });
    expect(result.mensaje).toMatch(/^Folio rechazó la clave de API: no es válida o fue revocada\./);
  });

  it('says which permission the key lacks (403)', async () => {
    const noRead = await checkSettings(
      input,
      server({
        'GET /health': () => json(200, HEALTH),
        'GET /api/v1/documentos': () => json(403, err(403, 'prohibido')),
        'POST /api/v1/documentos': () => json(400, err(400, 'peticion_invalida')),
      }),
    );
    expect(noRead).toEqual({
      ok: false,
      campo: 'apiKey',
      mensaje:
        'La clave no tiene el permiso «lectura»: con ella no podrás buscar en tu biblioteca. Crea una clave con los permisos lectura y escritura.',
    });
    const noWrite = await checkSettings(
      input,
      server({
        'GET /health': () => json(200, HEALTH),
        'GET /api/v1/documentos': () => json(200, { documentos: [], total: 0 }),
        'POST /api/v1/documentos': () => json(403, err(403, 'prohibido')),
      }),
    );
    expect(noWrite.mensaje).toMatch(/^La clave no tiene el permiso «escritura»: con ella no podrás guardar capturas\./);
  });

  it('accepts a working server and key, warning when the server is degraded', async () => {
    const result = await checkSettings(
      { serverUrl: 'http://127.0.0.1:8787/api/v1/', apiKey: ' folio_key ' },
      server({
        'GET /health': () => json(503, { ...HEALTH, estado: 'degradado' }),
        'GET /api/v1/documentos': () => json(200, { documentos: [], total: 0 }),
        'POST /api/v1/documentos': () => json(400, err(400, 'peticion_invalida')),
      }),
    );
    expect(result).toEqual({
      ok: true,
      serverUrl: 'http://127.0.0.1:8787',
      mensaje: 'Conectado con Folio en http://127.0.0.1:8787.',
      aviso: 'El servidor informa un estado degradado: su base de datos o su cola no responden del todo.',
    });
  });
});
