import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddingError } from './embedder';
import { createOpenAiEmbedder } from './openai-embedder';

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  body: { model?: unknown; input?: unknown; encoding_format?: unknown; dimensions?: unknown };
}
type Reply = { status?: number; headers?: Record<string, string>; json: unknown };

// A real OpenAI-compatible /v1/embeddings on 127.0.0.1: the client's own HTTP, JSON and retry code runs.
let server: Server;
let baseUrl: string;
let seen: Seen[];
let reply: (body: Seen['body'], n: number) => Reply;

/** A made-up but deterministic, unnormalized vector for a text. */
function vectorOf(text: string, dim = 8): number[] {
  return Array.from({ length: dim }, (_, k) => (((text.length + 1) * (k + 3)) % 7) - 2.5);
}
const ok = (body: Seen['body']): Reply => {
  const input = body.input as string[];
  return {
    json: {
      object: 'list',
      model: body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
      usage: { prompt_tokens: input.length, total_tokens: input.length },
    },
  };
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const request: Seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as Seen['body']) : {},
      };
      seen.push(request);
      const answer =
        req.method === 'POST' && req.url === '/v1/embeddings'
          ? reply(request.body, seen.length)
          : { status: 404, json: { error: { message: `No route ${req.method} ${req.url}` } } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  seen = [];
  reply = ok;
});

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('OpenAI-compatible embedder', () => {
  it('posts the model and an input array, and returns unit vectors in input order', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl, apiKey: 'clave-secreta', model: 'e5-remoto' });
    expect(embedder.name).toBe(`e5-remoto at ${baseUrl}`);
    expect(embedder.dimensions).toBe(0);
    const texts = ['uno', 'dos dos', 'tres tres tres'];
    const vectors = await embedder.embedPassages(texts);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/embeddings', authorization: 'Bearer clave-secreta' });
    expect(seen[0]!.body).toEqual({ model: 'e5-remoto', input: texts, encoding_format: 'float' });
    expect(vectors).toHaveLength(3);
    vectors.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      expect(norm(v)).toBeCloseTo(1, 6);
      const raw = vectorOf(texts[i]!);
      const n = Math.sqrt(raw.reduce((s, x) => s + x * x, 0));
      v.forEach((x, k) => expect(x).toBeCloseTo(raw[k]! / n, 6));
    });
    expect(embedder.dimensions).toBe(8);
    expect(await embedder.embedQueries([])).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('sends batches of batchSize and puts answers back in order by index', async () => {
    reply = (body) => {
      const answer = ok(body);
      (answer.json as { data: unknown[] }).data.reverse();
      return answer;
    };
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm', batchSize: 2 });
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await embedder.embedQueries(texts);
    expect(seen.map((s) => s.body.input)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(seen[0]!.authorization).toBe('Bearer sin-clave');
    const one = createOpenAiEmbedder({ baseUrl, model: 'm' });
    for (const [i, text] of texts.entries()) {
      expect(Array.from(vectors[i]!)).toEqual(Array.from((await one.embedQueries([text]))[0]!));
    }
  });

  it('asks for the configured dimensions and checks the answers against them', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'text-embedding-3-small', dimensions: 8 });
    expect(embedder.dimensions).toBe(8);
    await embedder.embedPassages(['hola']);
    expect(seen[0]!.body.dimensions).toBe(8);
    expect(createOpenAiEmbedder({ baseUrl, model: 'text-embedding-3-large' }).dimensions).toBe(3072);

    const wrong = createOpenAiEmbedder({ baseUrl, model: 'm', dimensions: 16 });
    const error = await wrong.embedPassages(['hola']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as EmbeddingError).message).toContain('expected 16');
  });

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    reply = (body, n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after-ms': '10' }, json: { error: { message: 'slow down' } } }
        : n === 2
          ? { status: 503, headers: { 'retry-after-ms': '10' }, json: { error: { message: 'busy' } } }
          : ok(body);
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm' });
    const [v] = await embedder.embedPassages(['hola']);
    expect(seen).toHaveLength(3);
    expect(norm(v!)).toBeCloseTo(1, 6);
  });

  it('gives up after maxRetries with a retryable error', async () => {
    reply = () => ({ status: 500, headers: { 'retry-after-ms': '1' }, json: { error: { message: 'boom' } } });
    const embedder = createOpenAiEmbedder({ baseUrl, model: 'm', maxRetries: 2 });
    const error = (await embedder.embedPassages(['hola']).catch((e: unknown) => e)) as EmbeddingError;
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('HTTP 500');
    expect(seen).toHaveLength(3);
  });

  it('fails for good, without retrying, on a bad key or an unknown model', async () => {
    reply = () => ({ status: 401, json: { error: { message: 'Incorrect API key' } } });
    const badKey = (await createOpenAiEmbedder({ baseUrl, model: 'm' })
      .embedPassages(['x'])
      .catch((e: unknown) => e)) as EmbeddingError;
    expect(badKey).toBeInstanceOf(EmbeddingError);
    expect(badKey.retryable).toBe(false);
    expect(badKey.mensaje).toContain('clave');
    expect(seen).toHaveLength(1);

    const wrongPath = (await createOpenAiEmbedder({ baseUrl: baseUrl.replace(/\/v1$/, ''), model: 'm' })
      .embedPassages(['x'])
      .catch((e: unknown) => e)) as EmbeddingError;
    expect(wrongPath.retryable).toBe(false);
    expect(wrongPath.message).toContain('HTTP 404');
  });

  it('reports a server that cannot be reached as retryable', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const embedder = createOpenAiEmbedder({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', maxRetries: 0 });
    const error = (await embedder.embedPassages(['x']).catch((e: unknown) => e)) as EmbeddingError;
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.retryable).toBe(true);
  });

  it('rejects an answer that is missing vectors', async () => {
    reply = () => ({ json: { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1, 0] }] } });
    const error = (await createOpenAiEmbedder({ baseUrl, model: 'm' })
      .embedPassages(['a', 'b'])
      .catch((e: unknown) => e)) as EmbeddingError;
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(error.retryable).toBe(false);
  });

  it('sends a space for an empty text, which OpenAI would reject', async () => {
    await createOpenAiEmbedder({ baseUrl, model: 'm' }).embedPassages(['', 'a']);
    expect(seen[0]!.body.input).toEqual([' ', 'a']);
  });

  it('checks its options at once', () => {
    expect(() => createOpenAiEmbedder({ baseUrl: 'not a url', model: 'm' })).toThrow(TypeError);
    expect(() => createOpenAiEmbedder({ baseUrl: 'ftp://host/v1', model: 'm' })).toThrow(TypeError);
    expect(() => createOpenAiEmbedder({ baseUrl, model: ' ' })).toThrow(TypeError);
    expect(() => createOpenAiEmbedder({ baseUrl, model: 'm', batchSize: 0 })).toThrow(TypeError);
    expect(() => createOpenAiEmbedder({ baseUrl, model: 'm', dimensions: -1 })).toThrow(TypeError);
  });
});
