import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TINY_EMBED_MODEL } from '../scripts/make-tiny-embedding-model';
import { TINY_RERANK_MODEL } from '../scripts/make-tiny-reranker-model';
import { loadConfig } from './config';
import { FEATURE_RERANKER } from './search/feature-rerank';
import { createLogger } from './log';
import { RerankerError } from './ai/reranker';
import { createEngines } from './engines';

const MODELS = fileURLToPath(new URL('../../test/fixtures/models', import.meta.url));
const log = createLogger('silent');

const engines = (env: Record<string, string>) =>
  createEngines(loadConfig({ FOLIO_MODELS_DIR: MODELS, FOLIO_OCR: '0', FOLIO_LOG: 'silent', ...env }), log);

describe('the reranker engine', () => {
  it('is the local cross-encoder when its model is there, named on /health', async () => {
    const set = await engines({ FOLIO_RERANKER_MODEL: TINY_RERANK_MODEL });
    try {
      expect(set.reranker?.name).toBe('folio/tiny-rerank (local, q8)');
      expect(set.report().reranker).toBe('folio/tiny-rerank (local, q8)');
      const [related, unrelated] = await set.reranker!.score('agua del río', ['el agua del río', 'gatos']);
      expect(related).toBeGreaterThan(unrelated!);
      expect(set.report().reranker).toBe('folio/tiny-rerank (local, q8)');
    } finally {
      await set.close();
    }
  });

  it('is absent when the model is missing: /health names the feature reranker and how to get the cross-encoder', async () => {
    const set = await engines({});
    try {
      expect(set.reranker).toBeUndefined();
      const report = set.report().reranker;
      expect(report.startsWith(FEATURE_RERANKER)).toBe(true);
      expect(report).toContain('no disponible');
      expect(report).toContain('onnx-community/bge-reranker-v2-m3-ONNX');
      expect(report).toContain(MODELS);
      expect(report).toContain('FOLIO_RERANKER_MODEL');
      expect(report).toContain("'npm run folio -- models pull reranker'");
    } finally {
      await set.close();
    }
  });

  it('is absent when switched off, even with the model there', async () => {
    const set = await engines({ FOLIO_RERANKER: '0', FOLIO_RERANKER_MODEL: TINY_RERANK_MODEL });
    expect(set.reranker).toBeUndefined();
    expect(set.report().reranker).toBe(`${FEATURE_RERANKER}; cross-encoder desactivado (FOLIO_RERANKER=0)`);
  });

  it('reports a model that is there but fails to load once a search tried it, and keeps failing fast', async () => {
    // The embedding model has every file a cross-encoder needs, but no relevance logits.
    const set = await engines({ FOLIO_RERANKER_MODEL: TINY_EMBED_MODEL });
    expect(set.reranker?.name).toBe('folio/tiny-embed (local, q8)');
    const failure = (): Promise<unknown> => set.reranker!.score('agua', ['agua']).catch((e: unknown) => e);
    const first = await failure();
    expect(first).toBeInstanceOf(RerankerError);
    const report = set.report().reranker;
    expect(report.startsWith(`${FEATURE_RERANKER}; cross-encoder no disponible:`)).toBe(true);
    expect(report).toContain(TINY_EMBED_MODEL);
    // The same error object: the failed load is kept, not tried again on every search.
    expect(await failure()).toBe(first);
  });
});

describe('engines loaded on first use and released when idle', () => {
  it('loads the cross-encoder with the first search and drops its session after FOLIO_ENGINE_IDLE_MINUTES', async () => {
    // 0.005 minutes: 300 ms.
    const set = await engines({ FOLIO_RERANKER_MODEL: TINY_RERANK_MODEL, FOLIO_ENGINE_IDLE_MINUTES: '0.005' });
    try {
      expect(set.active()).toEqual({ ocr: false, reranker: false, nli: false });
      const first = await set.reranker!.score('agua del río', ['el agua del río', 'gatos']);
      expect(set.active().reranker).toBe(true);
      const deadline = Date.now() + 5_000;
      while (set.active().reranker && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(set.active().reranker).toBe(false);
      // Loaded again for the next search, with the same scores.
      expect(await set.reranker!.score('agua del río', ['el agua del río', 'gatos'])).toEqual(first);
      expect(set.active().reranker).toBe(true);
      expect(set.report().reranker).toBe('folio/tiny-rerank (local, q8)');
    } finally {
      await set.close();
    }
    expect(set.active().reranker).toBe(false);
  });
});
