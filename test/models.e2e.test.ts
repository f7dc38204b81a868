import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../backend/src/ai/testing/hub-server';
import { TEST_MODELS } from '../backend/src/ai/testing/tiny-models';
import { createTestStore, type TestStore } from '../backend/src/testing/harness';
import { cli, freePort, serveEnv, startServe } from './support/folio-process';

/**
 * `models pull` and FOLIO_MODELS_PULL through the real CLI and `folio serve`, against a local hub that
 * speaks the Hugging Face protocol and holds the project's tiny models under their own ids.
 */
let hub: TestHub;
let scratch: string;
const stores: TestStore[] = [];

const TINY = {
  FOLIO_EMBEDDINGS_MODEL: 'folio/tiny-embed',
  FOLIO_RERANKER_MODEL: 'folio/tiny-rerank',
  FOLIO_NLI_MODEL: 'folio/tiny-nli',
  FOLIO_OCR: '0',
};

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/health`);
  return { status: res.status, body: (await res.json()) as { motores: Record<string, string> } };
}

/** Starts `folio serve` on a store of its own with `extra`, reads /health, stops it; returns both and stderr. */
async function serveOnce(extra: NodeJS.ProcessEnv) {
  const store = await createTestStore();
  stores.push(store);
  const port = await freePort();
  const server = await startServe(serveEnv(store, port, { ...TINY, ...extra }), port);
  try {
    return { ...(await health(port)), stderr: server.stderr() };
  } finally {
    await server.stop();
  }
}

beforeAll(async () => {
  hub = await startTestHub(TEST_MODELS, ['folio/tiny-embed', 'folio/tiny-rerank', 'folio/tiny-nli']);
  scratch = await mkdtemp(join(tmpdir(), 'folio-models-e2e-'));
});
afterAll(async () => {
  await hub.close();
  for (const s of stores) await s.drop();
  await rm(scratch, { recursive: true, force: true });
});

// Each test starts the service and the CLI as processes (five of them in the first): on a loaded two-core
// machine that alone can take half a minute.
describe('models one command away', { timeout: 120_000 }, () => {
  it('without models: one line at start, /health says how; after `models pull` semantic search is on', async () => {
    const modelsDir = join(scratch, 'pull-by-hand');
    const env = { FOLIO_MODELS_DIR: modelsDir, FOLIO_MODELS_HUB: hub.url };

    const before = await serveOnce(env);
    expect(before.status).toBe(200);
    expect(before.body.motores.embeddings).toMatch(/^no disponible: .*'npm run folio -- models pull embeddings'/);
    expect(before.body.motores.reranker).toContain("'npm run folio -- models pull reranker'");
    const notice = before.stderr.split('\n').filter((l) => l.startsWith('Semantic search is off'));
    expect(notice).toEqual([expect.stringContaining('Turn it on with: npm run folio -- models pull')]);

    const cliEnv = { ...process.env, ...TINY, ...env, FOLIO_DATA: join(scratch, 'cli-data') };
    const listed = await cli(cliEnv, 'models', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/embeddings +folio\/tiny-embed .*missing: npm run folio -- models pull embeddings/);

    const pulled = await cli(cliEnv, 'models', 'pull', 'embeddings', 'reranker');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toMatch(/embeddings \(folio\/tiny-embed\): installed, [\d.]+ kB downloaded and verified\./);
    expect(pulled.stderr).toMatch(/onnx\/model_quantized\.onnx +\[#+\] 100% .* done/);

    const listedAfter = await cli(cliEnv, 'models', 'list');
    expect(listedAfter.stdout).toMatch(
      /embeddings +folio\/tiny-embed .*installed, [\d.]+ kB \(q8\), pulled .* from http/,
    );

    const after = await serveOnce(env);
    expect(after.body.motores.embeddings).toMatch(/^folio\/tiny-embed \(local, q8\)/);
    expect(after.body.motores.reranker).toMatch(/^folio\/tiny-rerank \(local, q8\)/);
    expect(after.stderr).not.toContain('Semantic search is off');
  });

  it('FOLIO_MODELS_PULL pulls at the first start, and later starts need no hub', async () => {
    const env = { FOLIO_MODELS_DIR: join(scratch, 'pull-at-start'), FOLIO_MODELS_PULL: 'embeddings,nli' };
    const started = await serveOnce({ ...env, FOLIO_MODELS_HUB: hub.url });
    expect(started.body.motores.embeddings).toMatch(/^folio\/tiny-embed/);
    expect(started.body.motores.respaldo).toContain('folio/tiny-nli');
    expect(started.stderr).toContain('embeddings (folio/tiny-embed): installed');

    const gone = await startTestHub(TEST_MODELS, []);
    await gone.close();
    const again = await serveOnce({ ...env, FOLIO_MODELS_HUB: gone.url });
    expect(again.body.motores.embeddings).toMatch(/^folio\/tiny-embed/);
    expect(again.stderr).not.toMatch(/Pulling|hub/);
  });

  it('an unreachable hub is said in one line, and the service starts with the lexical engines', async () => {
    const gone = await startTestHub(TEST_MODELS, []);
    await gone.close();
    const started = await serveOnce({
      FOLIO_MODELS_DIR: join(scratch, 'unreachable'),
      FOLIO_MODELS_HUB: gone.url,
      FOLIO_MODELS_PULL: '1',
    });
    expect(started.status).toBe(200);
    expect(started.body.motores.embeddings).toMatch(/^no disponible/);
    expect(started.stderr).toMatch(
      new RegExp(`embeddings \\(folio/tiny-embed\\): FAILED: Could not reach the model hub at ${gone.url}`),
    );
    expect(started.stderr).toContain('Folio starts with the engines it has');
    expect(started.stderr).toContain('Semantic search is off');
  });
});
