import { ApiError, type FolioClient } from '@folio/shared';
import type { AskPortMessage, AskPortRequest } from '../messaging/protocol';
import type { FolioDb } from './db';
import { cacheSearch } from './offline-search';

/** The part of a `runtime.Port` the ask stream uses. */
export interface AskPort {
  postMessage(message: AskPortMessage): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

/**
 * Serves one question on a Port: waits for the {@link AskPortRequest}, streams `POST /preguntar` and posts
 * each event as it arrives; the passages the writer was given are cached like a search, so they answer
 * offline later. A side panel that disconnects cancels the request. The Port is closed after the last event.
 */
export function serveAskPort(port: AskPort, deps: { db: FolioDb; client(): Promise<FolioClient | null> }): void {
  const abort = new AbortController();
  let closed = false;
  port.onDisconnect.addListener(() => {
    closed = true;
    abort.abort();
  });
  const post = (message: AskPortMessage) => {
    if (!closed) port.postMessage(message);
  };
  let started = false;
  port.onMessage.addListener((message) => {
    if (started) return;
    started = true;
    void answer(message as AskPortRequest).finally(() => {
      if (!closed) port.disconnect();
      closed = true;
    });
  });

  async function answer(request: AskPortRequest): Promise<void> {
    const pregunta = typeof request?.pregunta === 'string' ? request.pregunta.trim() : '';
    if (pregunta === '') {
      post({ event: 'fallo', mensaje: 'Escribe una pregunta.', offline: false });
      return;
    }
    const client = await deps.client();
    if (!client) {
      post({
        event: 'fallo',
        mensaje: 'Configura el servidor de Folio en las opciones de la extensión.',
        offline: false,
      });
      return;
    }
    try {
      for await (const event of client.ask({
        pregunta,
        k: request.k,
        documentos: request.documentos,
        signal: abort.signal,
      })) {
        if (event.event === 'pasajes')
          await cacheSearch(deps.db, pregunta, event.data.pasajes.length, event.data.pasajes);
        post(event);
      }
    } catch (err) {
      if (abort.signal.aborted) return;
      if (err instanceof ApiError) {
        const offline = err.codigo === 'sin_conexion';
        post({
          event: 'fallo',
          offline,
          mensaje: offline
            ? 'Sin conexión con Folio: las preguntas necesitan el servidor. La búsqueda sí responde con lo guardado.'
            : err.mensaje,
        });
        return;
      }
      post({ event: 'fallo', offline: false, mensaje: 'Error inesperado al preguntar.' });
    }
  }
}
