import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { AppError, errorBody } from './errors';
import type { AppEnv } from './http/env';

/**
 * Answers what never reaches Hono (oversize headers, unparsable requests) with the spec's error
 * body instead of Node's bare status line.
 */
function jsonClientErrors(server: Server, publicUrl: string) {
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const error = tooLarge
      ? new AppError('demasiado_grande', {
          estado: 431,
          mensaje: 'Las cabeceras de la petición son demasiado grandes.',
          message: 'Request header fields too large.',
        })
      : new AppError('peticion_invalida', {
          mensaje: 'La petición HTTP está mal formada.',
          message: 'Malformed HTTP request.',
        });
    const body = JSON.stringify(errorBody(error, publicUrl));
    const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${error.estado} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Listens on host:port; resolves once the socket is bound. */
export function listen(app: Hono<AppEnv>, host: string, port: number, publicUrl: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, () => resolve(server));
    server.once('error', reject);
    jsonClientErrors(server as Server, publicUrl);
  });
}
