import { beforeAll, describe, expect, it } from 'vitest';
import { auth, useTestStore, type TestServer } from '../testing/harness';

// Two API processes on one server database are two runtimes over it, each with its own pool; the embedded
// store is one process's, so there the pairs go to one runtime, at once.
const server = Boolean(process.env.DATABASE_URL);
const PAIRS = 10;

describe(`the same Idempotency-Key sent twice at once (${server ? 'two runtimes, one server database' : 'one runtime, embedded store'})`, () => {
  const fx = useTestStore();
  let one: TestServer;
  let two: TestServer;
  let key: string;
  beforeAll(async () => {
    one = await fx.startServer({}, { workers: false });
    two = server ? await fx.startServer({}, { workers: false }) : one;
    key = await one.key('a-la-vez@example.org');
  });

  const post = (srv: TestServer, p: string, body: string, headers: Record<string, string>) =>
    srv.request(`/api/v1${p}`, { method: 'POST', body, headers: auth(key, headers) });

  /** Sends the same request to both at once, `PAIRS` times with a new key each; the ids each pair answered. */
  async function pairs(p: string, body: (i: number) => string, headers: Record<string, string>) {
    const out: string[][] = [];
    for (let i = 0; i < PAIRS; i++) {
      const h = { ...headers, 'Idempotency-Key': `${p}-${Date.now()}-${i}` };
      const answers = await Promise.all([post(one, p, body(i), h), post(two, p, body(i), h)]);
      for (const a of answers) expect(a.status, await a.clone().text()).toBeLessThan(300);
      out.push(await Promise.all(answers.map(async (a) => (await a.json()).id as string)));
    }
    return out;
  }

  it(`gives one document for each of ${PAIRS} pairs of URL submissions`, async () => {
    const answered = await pairs(
      '/documentos?esperar=0',
      (i) => JSON.stringify({ url: `http://127.0.0.1:9/pagina-${i}` }),
      { 'Content-Type': 'application/json' },
    );
    for (const [a, b] of answered) expect(a).toBe(b);
    const docs = await one.runtime.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM documents WHERE url LIKE 'http://127.0.0.1:9/pagina-%'",
    );
    expect(docs[0]!.n).toBe(PAIRS);
  });

  it(`gives one document for each of ${PAIRS} pairs of file uploads`, async () => {
    const answered = await pairs('/documentos?esperar=0&nombre=nota.txt', (i) => `Una nota breve, la número ${i}.`, {
      'Content-Type': 'text/plain',
    });
    for (const [a, b] of answered) expect(a).toBe(b);
  });

  it(`gives one cite job for each of ${PAIRS} pairs`, async () => {
    const answered = await pairs(
      '/citar?esperar=0',
      (i) => JSON.stringify({ texto: `Los cenotes reciben nitratos, dice la nota ${i}.` }),
      { 'Content-Type': 'application/json' },
    );
    for (const [a, b] of answered) expect(a).toBe(b);
    const jobs = await one.runtime.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cite_jobs');
    expect(jobs[0]!.n).toBe(PAIRS);
  });

  it('lets a key be used again at once when its first request failed before creating anything', async () => {
    const h = { 'Content-Type': 'application/json', 'Idempotency-Key': 'falla-y-reintenta' };
    // An unknown citation style fails after the key is claimed (400): the claim is given up.
    expect(
      (await post(one, '/citar?esperar=0', JSON.stringify({ texto: 'Texto.', estilo: 'no-existe' }), h)).status,
    ).toBe(400);
    const retried = await post(two, '/citar?esperar=0', JSON.stringify({ texto: 'Texto.' }), h);
    expect(retried.status).toBe(202);
  });
});
