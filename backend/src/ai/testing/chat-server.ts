import { startTestApiServer, type TestApiServer } from './api-server';

/** One request to POST /v1/chat/completions as the server read it. */
export interface ChatRequest {
  path: string;
  authorization?: string;
  /** The JSON body: model, messages, stream … */
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
    [key: string]: unknown;
  };
}

/**
 * What to answer: `text` as a completion (streamed in `pieces` when the request asked for a stream, as
 * chat.completion.chunk events ending in `data: [DONE]`); a plain HTTP error; `cutAfter` pieces then a dropped
 * connection; or `hang` (never answer, for timeouts).
 */
export type ChatReply =
  | { text: string; pieces?: string[]; pauseMs?: number }
  | { status: number; json?: unknown; headers?: Record<string, string> }
  | { text: string; pieces: string[]; cutAfter: number }
  | { hang: true };

export type ChatHandler = (request: ChatRequest, n: number) => ChatReply | Promise<ChatReply>;

/**
 * A real OpenAI-compatible chat-completions endpoint on 127.0.0.1 for tests: it reads the JSON request the
 * way a server must and answers in the wire format of the API (a chat.completion object, or server-sent
 * chat.completion.chunk events), so the real `openai` client talks to it. Other paths get 404.
 */
export type ChatServer = TestApiServer<ChatRequest, ChatHandler>;

/** Splits a text into pieces of `size` characters, as a model streams tokens (markers get cut too). */
export function piecesOf(text: string, size = 3): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The numbered passages of the user message, as the writer's prompt lays them out: n → text. */
export function passagesOf(request: ChatRequest): Map<number, string> {
  const user = request.body.messages?.find((m) => m.role === 'user')?.content ?? '';
  const out = new Map<number, string>();
  for (const m of user.matchAll(/^\[(\d+)\] [^\n]*\n<<<\n([\s\S]*?)\n>>>/gm)) out.set(Number(m[1]), m[2]!);
  return out;
}

export async function startChatServer(): Promise<ChatServer> {
  let created = 1_700_000_000;
  const server: ChatServer = await startTestApiServer<ChatRequest, ChatHandler>({
    handler: () => ({ status: 500, json: { error: { message: 'no handler' } } }),
    read(req, body) {
      const text = body.toString('utf8');
      return {
        path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname,
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as ChatRequest['body']) : {},
      };
    },
    async answer(request, n, handler, req, res) {
      const { path } = request;
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' } }),
        );
        return;
      }
      const reply = await handler(request, n);
      if ('hang' in reply) return;
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.json ?? { error: { message: `HTTP ${reply.status}`, type: 'server_error' } }));
        return;
      }
      // Numbered by the requests arrived so far, counted once the handler has answered.
      const id = `chatcmpl-${server.requests.length}`;
      const model = request.body.model ?? 'test-model';
      created++;
      if (!request.body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model,
            choices: [
              { index: 0, message: { role: 'assistant', content: reply.text }, logprobs: null, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
        return;
      }
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (data: string) => new Promise<void>((resolve) => res.write(data, () => resolve()));
      await send(chunk({ role: 'assistant', content: '' }, null));
      const pieces = reply.pieces ?? piecesOf(reply.text);
      for (const [i, piece] of pieces.entries()) {
        if ('cutAfter' in reply && i >= reply.cutAfter) {
          // What was sent reaches the client first; then the connection drops mid-answer.
          res.socket?.destroy();
          return;
        }
        await send(chunk({ content: piece }, null));
        if ('pauseMs' in reply && reply.pauseMs) await new Promise((r) => setTimeout(r, reply.pauseMs));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    },
  });
  return server;
}
