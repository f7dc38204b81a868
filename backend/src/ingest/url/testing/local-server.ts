import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A route answers one path; it may write anything, including nothing at all (a hanging server). */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => unknown;

/** A real HTTP server on a loopback address (port chosen by the system) for fetch tests; never any other address. */
export interface LocalServer {
  /** 'http://127.0.0.1:PORT' (or the loopback address asked for) */
  origin: string;
  port: number;
  /** TCP connections accepted so far (to prove a refused fetch never connected). */
  readonly connections: number;
  /** Paths requested so far, in order. */
  readonly requests: string[];
  route(path: string, handler: Route): void;
  /** Serves a fixed body with a content type. */
  serve(path: string, contentType: string, body: string | Uint8Array): void;
  close(): Promise<void>;
}

export async function startLocalServer(host = '127.0.0.1'): Promise<LocalServer> {
  if (!/^127\.\d+\.\d+\.\d+$/.test(host)) throw new Error(`Test servers listen on 127.0.0.0/8 only, not ${host}`);
  const routes = new Map<string, Route>();
  const requests: string[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    const handler = routes.get(url.pathname);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    Promise.resolve(handler(req, res, url)).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    get connections() {
      return connections;
    },
    requests,
    route(path, handler) {
      routes.set(path, handler);
    },
    serve(path, contentType, body) {
      routes.set(path, (_req, res) => {
        const bytes = typeof body === 'string' ? Buffer.from(body) : body;
        res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length }).end(bytes);
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
