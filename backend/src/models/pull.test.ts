import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestHub, type TestHub } from '../ai/testing/hub-server';
import { TEST_MODELS } from '../ai/testing/tiny-models';
import { createTransformersEmbedder } from '../ai/transformers-embedder';
import { loadConfig, type Config } from '../config';
import { ENGINE_MODELS, MODEL_ENGINES } from './catalog';
import { findModelFiles, listInstalledModels } from './installed';
import { pullModels, type PullEvent } from './pull';

const REPOS = ['folio/tiny-embed', 'folio/tiny-rerank', 'folio/tiny-nli'];
const WEIGHTS = 'onnx/model_quantized.onnx';

let hub: TestHub;
let scratch: string;
let config: Config;

function configFor(hubUrl: string, modelsDir: string): Config {
  return loadConfig({
    FOLIO_DATA: scratch,
    FOLIO_MODELS_DIR: modelsDir,
    FOLIO_MODELS_HUB: hubUrl,
    FOLIO_EMBEDDINGS_MODEL: 'folio/tiny-embed',
    FOLIO_RERANKER_MODEL: 'folio/tiny-rerank',
    FOLIO_NLI_MODEL: 'folio/tiny-nli',
  });
}

const original = (repo: string, file: string) => readFile(join(TEST_MODELS, repo, file));
const pulled = (repo: string, file: string) => readFile(join(config.modelsDir, repo, file));
const cdnRequests = () => hub.requests.filter((r) => r.path.startsWith('/cdn/') && r.method === 'GET');
/** The downloads of a repository's weights, which the hub redirects to its CDN address (by sha256). */
const weightRequests = async (repo = 'folio/tiny-embed') => {
  const sha = createHash('sha256')
    .update(await original(repo, WEIGHTS))
    .digest('hex');
  return hub.requests.filter((r) => r.path === `/cdn/${sha}` && r.method === 'GET');
};

beforeAll(async () => {
  hub = await startTestHub(TEST_MODELS, REPOS);
  scratch = await mkdtemp(join(tmpdir(), 'folio-pull-'));
});
afterAll(async () => {
  await hub.close();
  await rm(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  config = configFor(hub.url, await mkdtemp(join(scratch, 'models-')));
  hub.requests.length = 0;
  hub.faults.corrupt = undefined;
  hub.faults.cutAfter = undefined;
  hub.faults.stallAfter = undefined;
});
afterEach(() => {
  hub.faults.corrupt = undefined;
});

describe('models pull from a hub speaking the Hugging Face protocol', () => {
  it('downloads what transformers.js loads, byte for byte, where the engines look, and records where from', async () => {
    const events: PullEvent[] = [];
    const results = await pullModels({
      config,
      engines: ['embeddings', 'reranker', 'nli'],
      onEvent: (e) => events.push(e),
    });
    expect(results.map((r) => [r.engine, r.status])).toEqual([
      ['embeddings', 'pulled'],
      ['reranker', 'pulled'],
      ['nli', 'pulled'],
    ]);
    for (const repo of REPOS) {
      for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', WEIGHTS]) {
        expect((await pulled(repo, file)).equals(await original(repo, file)), `${repo}/${file}`).toBe(true);
      }
    }
    const model = events.find((e) => e.type === 'model' && e.engine === 'embeddings');
    expect(model && model.type === 'model' && model.files.map((f) => f.path).sort()).toEqual(
      ['config.json', WEIGHTS, 'tokenizer.json', 'tokenizer_config.json'].sort(),
    );
    // Weights come through the hub's redirect to its CDN, as on huggingface.co, at the pinned commit.
    expect(hub.requests.some((r) => r.path === `/folio/tiny-embed/resolve/${hub.commit}/${WEIGHTS}`)).toBe(true);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ type: 'progress', progress: { path: 'tokenizer_config.json' } });

    const record = JSON.parse(await readFile(join(config.modelsDir, 'folio/tiny-embed/.folio-pull.json'), 'utf8'));
    expect(record).toMatchObject({ model: 'folio/tiny-embed', commit: hub.commit, hub: hub.url, dtype: 'q8' });

    const list = await listInstalledModels(config);
    expect(list.find((m) => m.engine === 'embeddings')).toMatchObject({
      state: 'instalado',
      dtype: 'q8',
      pulled: { commit: hub.commit },
    });
    expect(list.find((m) => m.engine === 'embeddings')!.bytes).toBeGreaterThan(160_000);
    expect(list.find((m) => m.engine === 'transcription')).toMatchObject({ state: 'falta' });

    // The engine loads what was pulled.
    const embedder = await createTransformersEmbedder({ modelsDir: config.modelsDir, model: 'folio/tiny-embed' });
    const [vector] = await embedder.embedPassages(['El acuífero kárstico de Yucatán']);
    expect(vector!.length).toBe(embedder.dimensions);
  });

  it('downloads nothing the second time: files in place are verified against the hub instead', async () => {
    await pullModels({ config, engines: ['embeddings'] });
    const before = cdnRequests().length;
    const [again] = await pullModels({ config, engines: ['embeddings'] });
    expect(again).toMatchObject({ status: 'present', downloaded: 0 });
    expect(cdnRequests().length).toBe(before);
  });

  it('resumes in a later run a download that was interrupted (no retries: as if the process had died)', async () => {
    const size = (await stat(join(TEST_MODELS, 'folio/tiny-embed', WEIGHTS))).size;
    hub.faults.cutAfter = { file: WEIGHTS, bytes: 50_000 };
    const [first] = await pullModels({ config, engines: ['embeddings'], retries: 0 });
    expect(first!.status).toBe('failed');
    expect(first!.message).toMatch(/interrupted at \d+\/\d+ bytes/);
    const part = join(config.modelsDir, 'folio/tiny-embed', `${WEIGHTS}.part`);
    const kept = (await stat(part)).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(size);
    await expect(findModelFiles(config, 'embeddings')).rejects.toThrow();

    const [second] = await pullModels({ config, engines: ['embeddings'] });
    // The rest of the weights, then the two tokenizer files the interruption kept from coming.
    const rest =
      (await original('folio/tiny-embed', 'tokenizer.json')).length +
      (await original('folio/tiny-embed', 'tokenizer_config.json')).length;
    expect(second).toMatchObject({ status: 'pulled', downloaded: size - kept + rest });
    expect((await weightRequests()).map((r) => r.range)).toEqual([undefined, `bytes=${kept}-`]);
    expect((await pulled('folio/tiny-embed', WEIGHTS)).equals(await original('folio/tiny-embed', WEIGHTS))).toBe(true);
    await expect(stat(part)).rejects.toThrow();
  });

  it('resumes a dropped connection within the same pull, after a pause', async () => {
    hub.faults.cutAfter = { file: WEIGHTS, bytes: 40_000 };
    const events: PullEvent[] = [];
    const [result] = await pullModels({
      config,
      engines: ['embeddings'],
      retryDelayMs: 10,
      onEvent: (e) => events.push(e),
    });
    expect(result!.status).toBe('pulled');
    expect(events.filter((e) => e.type === 'retry')).toEqual([
      expect.objectContaining({ attempt: 1, of: 3, message: expect.stringMatching(/interrupted at 40000\//) }),
    ]);
    expect((await weightRequests()).map((r) => r.range)).toEqual([undefined, 'bytes=40000-']);
    expect((await pulled('folio/tiny-embed', WEIGHTS)).equals(await original('folio/tiny-embed', WEIGHTS))).toBe(true);
  });

  it('drops a connection that stops sending, and resumes it', async () => {
    hub.faults.stallAfter = { file: WEIGHTS, bytes: 30_000 };
    const events: PullEvent[] = [];
    const [result] = await pullModels({
      config,
      engines: ['nli'],
      stallMs: 300,
      retryDelayMs: 10,
      onEvent: (e) => events.push(e),
    });
    expect(result!.status).toBe('pulled');
    const retry = events.find((e) => e.type === 'retry');
    expect(retry && retry.type === 'retry' && retry.message).toMatch(
      /interrupted at 30000\/\d+ bytes \(nothing received for 300 ms\)/,
    );
    expect((await weightRequests('folio/tiny-nli')).map((r) => r.range)).toEqual([undefined, 'bytes=30000-']);
    expect((await pulled('folio/tiny-nli', WEIGHTS)).equals(await original('folio/tiny-nli', WEIGHTS))).toBe(true);
  });

  it('starts over when the partial file belongs to another version of the file', async () => {
    const part = join(config.modelsDir, 'folio/tiny-embed', `${WEIGHTS}.part`);
    await mkdir(join(config.modelsDir, 'folio/tiny-embed/onnx'), { recursive: true });
    await writeFile(part, Buffer.alloc(1000, 7));
    await writeFile(`${part}.json`, JSON.stringify({ size: 1, sha256: 'another' }));
    const [result] = await pullModels({ config, engines: ['embeddings'] });
    expect(result!.status).toBe('pulled');
    expect((await weightRequests()).map((r) => r.range)).toEqual([undefined]);
    expect((await pulled('folio/tiny-embed', WEIGHTS)).equals(await original('folio/tiny-embed', WEIGHTS))).toBe(true);
  });

  it('refuses a corrupted file: nothing is kept, the engine still finds no model, a clean pull then works', async () => {
    hub.faults.corrupt = WEIGHTS;
    const [bad] = await pullModels({ config, engines: ['reranker'] });
    expect(bad!.status).toBe('failed');
    expect(bad!.message).toMatch(/does not match the hub's metadata \(sha256 [0-9a-f]{64}, expected [0-9a-f]{64}\)/);
    expect(bad!.mensaje).toMatch(/no coincide con el del hub/);
    const dir = join(config.modelsDir, 'folio/tiny-rerank');
    await expect(stat(join(dir, WEIGHTS))).rejects.toThrow();
    await expect(stat(join(dir, `${WEIGHTS}.part`))).rejects.toThrow();
    await expect(findModelFiles(config, 'reranker')).rejects.toThrow();

    hub.faults.corrupt = undefined;
    const [good] = await pullModels({ config, engines: ['reranker'] });
    expect(good!.status).toBe('pulled');
    await expect(findModelFiles(config, 'reranker')).resolves.toMatchObject({ dtype: 'q8' });
  });

  it('says clearly when the hub cannot be reached, and when it has no such model', async () => {
    const closed = await startTestHub(TEST_MODELS, []);
    await closed.close();
    const unreachable = configFor(closed.url, config.modelsDir);
    const [result] = await pullModels({ config: unreachable, engines: ['embeddings'] });
    expect(result!.status).toBe('failed');
    expect(result!.message).toMatch(new RegExp(`^Could not reach the model hub at ${closed.url}`));
    expect(result!.mensaje).toMatch(/No se pudo contactar con el hub de modelos/);

    const unknown = loadConfig({
      FOLIO_DATA: scratch,
      FOLIO_MODELS_DIR: config.modelsDir,
      FOLIO_MODELS_HUB: hub.url,
      FOLIO_EMBEDDINGS_MODEL: 'folio/no-such-model',
    });
    const [missing] = await pullModels({ config: unknown, engines: ['embeddings'] });
    expect(missing!.status).toBe('failed');
    expect(missing!.message).toMatch(/has no model folio\/no-such-model/);
  });

  it('skips engines this configuration does not read from disk', async () => {
    const remote = loadConfig({
      FOLIO_DATA: scratch,
      FOLIO_MODELS_DIR: config.modelsDir,
      FOLIO_MODELS_HUB: hub.url,
      FOLIO_EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
      FOLIO_RERANKER: '0',
    });
    const results = await pullModels({ config: remote, engines: ['embeddings', 'reranker'] });
    expect(results.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(hub.requests).toEqual([]);
  });
});

describe('the recommended models', () => {
  it('are the defaults the engines look for, each with its size and licence', () => {
    const defaults = loadConfig({});
    for (const engine of MODEL_ENGINES) {
      const recommended = ENGINE_MODELS[engine].choices.filter((c) => c.recommended);
      expect(recommended.map((c) => c.id)).toEqual([
        {
          embeddings: defaults.embeddings.localModel,
          reranker: defaults.reranker.model,
          nli: defaults.nli.model,
          transcription: defaults.whisperModel,
        }[engine],
      ]);
      for (const c of ENGINE_MODELS[engine].choices) {
        expect(c.megabytes).toBeGreaterThan(0);
        expect(c.license).toMatch(/^(MIT|Apache-2.0)$/);
      }
    }
  });
});
