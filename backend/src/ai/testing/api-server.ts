import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local API server for tests: where it listens, what it was sent, and who answers. */
export interface TestApiServer<Request, Handler> {
  /** 'http://127.0.0.1:PORT/v1' */
  baseUrl: string;
  /** Every request read, in order of arrival. */
  readonly requests: Request[];
  /** Sets who answers the requests from now on. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** How one kind of test server (chat, transcription …) reads a request and answers it. */
export interface TestApiProtocol<Request, Handler> {
  /** Who answers until the test calls `handle`. */
  handler: Handler;
  /** Decodes a request from its head and whole body; a throw answers 500 and records nothing. */
  read(req: IncomingMessage, body: Buffer): Request | Promise<Request>;
  /** Answers the `n`th request (already recorded), asking `handler` what to say where it should. */
  answer(request: Request, n: number, handler: Handler, req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) for tests that talk to a real API over the wire:
 * each request's body is read whole, decoded by `protocol.read`, recorded, and answered by
 * `protocol.answer`; anything thrown on the way becomes a plain-text 500.
 */
export async function startTestApiServer<Request, Handler>(
  protocol: TestApiProtocol<Request, Handler>,
): Promise<TestApiServer<Request, Handler>> {
  const requests: Request[] = [];
  let handler = protocol.handler;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = await protocol.read(req, Buffer.concat(chunks));
      requests.push(request);
      await protocol.answer(request, requests.length, handler, req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    handle(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
