import type { IncomingMessage } from 'node:http';
import { startTestApiServer, type TestApiServer } from './api-server';

/** One request to POST /v1/audio/transcriptions as the server read it (multipart decoded). */
export interface TranscriptionRequest {
  path: string;
  authorization?: string;
  contentType?: string;
  /** Text fields of the form; repeated fields (`timestamp_granularities[]`) keep every value. */
  fields: Record<string, string[]>;
  file?: { name: string; type: string; bytes: Uint8Array };
}

/** What to answer; `hang` never answers (for timeouts). */
export type TranscriptionReply =
  { status?: number; headers?: Record<string, string>; json?: unknown; text?: string } | { hang: true };

export type TranscriptionHandler = (
  request: TranscriptionRequest,
  n: number,
) => TranscriptionReply | Promise<TranscriptionReply>;

/**
 * A real OpenAI-compatible transcription endpoint on 127.0.0.1 for tests: it parses the multipart upload
 * the way a server must (with the platform's own multipart parser) and lets the test decide the answer.
 * Paths other than /v1/audio/transcriptions get 404.
 */
export type TranscriptionServer = TestApiServer<TranscriptionRequest, TranscriptionHandler>;

export async function startTranscriptionServer(): Promise<TranscriptionServer> {
  return startTestApiServer<TranscriptionRequest, TranscriptionHandler>({
    handler: () => ({ status: 500, json: { error: { message: 'no handler' } } }),
    read: readRequest,
    async answer(request, n, handler, req, res) {
      if (req.method !== 'POST' || request.path !== '/v1/audio/transcriptions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `No route ${req.method} ${request.path}` } }));
        return;
      }
      const reply = await handler(request, n);
      if ('hang' in reply) return;
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
      res.writeHead(reply.status ?? 200, {
        'content-type': reply.json !== undefined ? 'application/json' : 'text/plain',
        ...reply.headers,
      });
      res.end(body);
    },
  });
}

async function readRequest(req: IncomingMessage, body: Buffer): Promise<TranscriptionRequest> {
  const contentType = req.headers['content-type'];
  const request: TranscriptionRequest = {
    path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname,
    authorization: req.headers.authorization,
    contentType,
    fields: {},
  };
  if (contentType?.startsWith('multipart/form-data')) {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') (request.fields[key] ??= []).push(value);
      else request.file = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  return request;
}
