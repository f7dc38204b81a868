import 'fake-indexeddb/auto';
import { createClient, type FetchLike, type Pasaje } from '@folio/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { AskPortMessage } from '../messaging/protocol';
import { type AskPort, serveAskPort } from './ask-port';
import { FolioDb } from './db';
import { offlineSearch } from './offline-search';

const dbs: FolioDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/** The background's end of a Port, driven by the test as the side panel would. */
function fakePort() {
  const posted: AskPortMessage[] = [];
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  let closed!: () => void;
  const done = new Promise<void>((r) => (closed = r));
  const port: AskPort = {
    postMessage: (m) => posted.push(m),
    onMessage: { addListener: (l) => onMessage.push(l) },
    onDisconnect: { addListener: (l) => onDisconnect.push(l) },
    disconnect: () => closed(),
  };
  return {
    port,
    posted,
    done,
    send: (m: unknown) => onMessage.forEach((l) => l(m)),
    hangUp: () => onDisconnect.forEach((l) => l()),
  };
}

const PASAJE: Pasaje = {
  id: 'd1:3',
  documento: { id: 'd1', titulo: 'Cenotes', autores: ['Pérez Canul'], anio: 2021 },
  texto: 'En Homún la concentración de nitratos alcanzó 44.9 mg/L en 2019.',
  cita: '(Pérez Canul, 2021, p. 3)',
  localizador: 'p. 3',
  ancla: { tipo: 'pagina', fisica: 3 },
  enlace: 'http://folio.test/leer/d1?pagina=3',
};

function sseServer(events: { event: string; data: unknown }[]): FetchLike {
  return async () => {
    const text = events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
    return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
}

describe('serveAskPort', () => {
  it('streams the events of /preguntar to the Port, caches the passages, then closes it', async () => {
    const db = new FolioDb(`ask-${crypto.randomUUID()}`);
    dbs.push(db);
    const respuesta = 'En Homún: 44.9 mg/L.[^1]';
    const fetch = sseServer([
      { event: 'pasajes', data: { pasajes: [PASAJE] } },
      { event: 'texto', data: { texto: respuesta } },
      { event: 'fuente', data: { ...PASAJE, n: 1 } },
      { event: 'fin', data: { pregunta: '¿Nitratos?', respuesta, fuentes: [{ ...PASAJE, n: 1 }], confianza: 'alta' } },
    ]);
    const side = fakePort();
    serveAskPort(side.port, {
      db,
      client: async () => createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch }),
    });
    side.send({ pregunta: '¿Nitratos en Homún?' });
    await side.done;
    expect(side.posted.map((m) => m.event)).toEqual(['pasajes', 'texto', 'fuente', 'fin']);
    expect(side.posted[1]).toEqual({ event: 'texto', data: { texto: respuesta } });
    // The passages the writer was given answer a later search offline.
    expect(await offlineSearch(db, 'nitratos', 5)).toEqual([PASAJE]);
  });

  it('says plainly when the server cannot be reached or the extension is not configured', async () => {
    const db = new FolioDb(`ask-${crypto.randomUUID()}`);
    dbs.push(db);
    const down: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    const side = fakePort();
    serveAskPort(side.port, {
      db,
      client: async () => createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch: down }),
    });
    side.send({ pregunta: '¿Algo?' });
    await side.done;
    expect(side.posted).toEqual([
      {
        event: 'fallo',
        offline: true,
        mensaje:
          'Sin conexión con Folio: las preguntas necesitan el servidor. La búsqueda sí responde con lo guardado.',
      },
    ]);
    const unconfigured = fakePort();
    serveAskPort(unconfigured.port, { db, client: async () => null });
    unconfigured.send({ pregunta: '¿Algo?' });
    await unconfigured.done;
    expect(unconfigured.posted).toEqual([
      { event: 'fallo', offline: false, mensaje: 'Configura el servidor de Folio en las opciones de la extensión.' },
    ]);
  });

  it('cancels the request when the side panel goes away', async () => {
    const db = new FolioDb(`ask-${crypto.randomUUID()}`);
    dbs.push(db);
    const seen: { signal?: AbortSignal }[] = [];
    const side = fakePort();
    const slow: FetchLike = async (_url, init) => {
      seen.push({ signal: init.signal });
      side.hangUp();
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    };
    serveAskPort(side.port, {
      db,
      client: async () => createClient({ baseUrl: 'http://folio.test', apiKey: 'k', fetch: slow }),
    });
    side.send({ pregunta: '¿Algo?' });
    await expect.poll(() => seen[0]?.signal?.aborted).toBe(true);
    expect(side.posted).toEqual([]);
  });
});
