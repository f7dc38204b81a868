import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TINY_NLI_MODEL } from '../../scripts/make-tiny-nli-model';
import { TINY_RERANK_MODEL } from '../../scripts/make-tiny-reranker-model';
import { createEngines } from '../engines';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { LEXICAL_SCORER } from './scorer';

const MODELS = fileURLToPath(new URL('../../../test/fixtures/models', import.meta.url));
const log = createLogger('silent');

const engines = (env: Record<string, string>) =>
  createEngines(
    loadConfig({ FOLIO_MODELS_DIR: MODELS, FOLIO_OCR: '0', FOLIO_RERANKER: '0', FOLIO_LOG: 'silent', ...env }),
    log,
  );

const CLAIM = 'El agua del río tiene buena calidad.';

describe('the support engine', () => {
  it('is always there: the lexical scorer without a model, and /health says how to get the NLI model', async () => {
    const set = await engines({});
    try {
      expect(set.support.name).toBe(LEXICAL_SCORER);
      const report = set.report().respaldo;
      expect(report.startsWith(LEXICAL_SCORER)).toBe(true);
      expect(report).toContain('NLI no disponible');
      expect(report).toContain('Xenova/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7');
      expect(report).toContain('FOLIO_NLI_MODEL');
      expect(report).toContain("'npm run folio -- models pull nli'");
      const [j] = await set.support.judge(CLAIM, [CLAIM]);
      expect(j!.relacion).toBe('APOYO_DIRECTO');
    } finally {
      await set.close();
    }
  });

  it('is the local NLI model with the checks when it is there, loaded on the first judgement', async () => {
    const set = await engines({ FOLIO_NLI_MODEL: TINY_NLI_MODEL });
    try {
      expect(set.report().respaldo).toBe('folio/tiny-nli (local, q8) (NLI) + comprobaciones');
      const [backed, negated] = await set.support.judge(CLAIM, [CLAIM, 'El agua del río no tiene buena calidad.']);
      expect(backed!.motivo).toMatch(/^NLI /);
      expect(backed!.relacion).toBe('APOYO_DIRECTO');
      expect(negated!.relacion).toBe('CONTRADICCION');
    } finally {
      await set.close();
    }
  });

  it('loads the NLI model with the first judgement and releases it after FOLIO_ENGINE_IDLE_MINUTES', async () => {
    const set = await engines({ FOLIO_NLI_MODEL: TINY_NLI_MODEL, FOLIO_ENGINE_IDLE_MINUTES: '0.005' });
    try {
      expect(set.active().nli).toBe(false);
      const [first] = await set.support.judge(CLAIM, [CLAIM]);
      expect(set.active().nli).toBe(true);
      const deadline = Date.now() + 5_000;
      while (set.active().nli && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(set.active().nli).toBe(false);
      // Loaded again for the next judgement, which reads the same.
      const [again] = await set.support.judge(CLAIM, [CLAIM]);
      expect(again).toEqual(first);
      expect(first!.motivo).toMatch(/^NLI /);
    } finally {
      await set.close();
    }
  });

  it('is off with FOLIO_NLI=0', async () => {
    const set = await engines({ FOLIO_NLI: '0', FOLIO_NLI_MODEL: TINY_NLI_MODEL });
    expect(set.support.name).toBe(LEXICAL_SCORER);
    expect(set.report().respaldo).toBe(`${LEXICAL_SCORER}; NLI desactivado (FOLIO_NLI=0)`);
  });

  it('falls back to the lexical scorer, and says why, when the model fails to load', async () => {
    // The tiny reranker has every file, but one label: not an NLI model.
    const set = await engines({ FOLIO_NLI_MODEL: TINY_RERANK_MODEL });
    const [j] = await set.support.judge(CLAIM, [CLAIM]);
    expect(j!.relacion).toBe('APOYO_DIRECTO');
    expect(j!.motivo).toMatch(/^cobertura/);
    expect(set.report().respaldo).toContain('NLI no disponible: El modelo no es de inferencia textual');
    expect(set.support.name).toBe(LEXICAL_SCORER);
  });
});
