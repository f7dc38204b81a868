import type { Embedder } from '../ai/embedder';
import type { NliModel } from '../ai/nli';
import { idleModel } from '../ai/idle-engine';
import { createTransformersNli, findNliModel } from '../ai/transformers-nli';
import type { Config } from '../config';
import type { Logger } from '../log';
import { createSupportScorer, LEXICAL_SCORER } from './scorer';
import { keepStemPairsFor } from './stem-pairs';
import type { SupportScorer } from '../ai/support-scorer';

/**
 * An NLI model loaded on first use (a worker never judges support) and released after `idleMs` without a
 * judgement; a failed load is kept, not retried.
 */
function lazyNli(
  name: string,
  create: () => Promise<NliModel>,
  idleMs: number,
): NliModel & { failure(): string | undefined; loaded(): boolean; close(): Promise<void> } {
  const held = idleModel(create, idleMs);
  return {
    name,
    failure: held.failure,
    loaded: held.loaded,
    classify: (pairs, signal) => held.use((engine) => engine.classify(pairs, signal)),
    close: held.close,
  };
}

/** A scorer without a model holds nothing to release. */
const NOTHING_HELD = { loaded: () => false, close: async () => {} };

/** The support scorer of this process and what /health says about it. */
export interface SupportEngine {
  scorer: SupportScorer;
  report(): string;
  /** Whether the NLI model is loaded now (it loads on the first judgement, and goes when idle). */
  loaded(): boolean;
  close(): Promise<void>;
}

/**
 * Builds the support scorer from the configuration: with the NLI model on this machine (FOLIO_NLI_MODEL
 * under FOLIO_MODELS_DIR, loaded on the first judgement), NLI plus the checks; otherwise, or if the model
 * fails to load, the lexical-semantic scorer (lifted by `embedder` when there is one) plus the checks.
 */
export async function createSupportEngine(config: Config, log: Logger, embedder?: Embedder): Promise<SupportEngine> {
  keepStemPairsFor(config.engineIdleMs);
  const lexical = createSupportScorer({
    embedder,
    onEngineError: (engine, err) => log.error(`support scoring: ${engine} failed`, err),
  });
  const lexicalName = embedder ? `${LEXICAL_SCORER}, con ${embedder.name}` : LEXICAL_SCORER;
  if (!config.nli.enabled) {
    return { scorer: lexical, report: () => `${lexicalName}; NLI desactivado (FOLIO_NLI=0)`, ...NOTHING_HELD };
  }
  const local = { modelsDir: config.modelsDir, model: config.nli.model };
  try {
    const files = await findNliModel(local);
    const nli = lazyNli(
      `${local.model} (local, ${files.dtype})`,
      () => createTransformersNli(local),
      config.engineIdleMs,
    );
    const withNli = createSupportScorer({
      embedder,
      nli,
      onEngineError: (engine, err) => log.error(`support scoring: ${engine} failed`, err),
    });
    return {
      // A model that failed to load is not tried again on every claim: the lexical scorer answers.
      scorer: {
        get name() {
          return nli.failure() ? lexical.name : withNli.name;
        },
        judge: (claim, passages, signal) =>
          nli.failure() ? lexical.judge(claim, passages, signal) : withNli.judge(claim, passages, signal),
      },
      report: () => {
        const failure = nli.failure();
        return failure ? `${lexicalName}; NLI no disponible: ${failure}` : `${nli.name} (NLI) + comprobaciones`;
      },
      loaded: nli.loaded,
      close: nli.close,
    };
  } catch (err) {
    log.debug(`support: ${(err as Error).message}`);
    return {
      scorer: lexical,
      ...NOTHING_HELD,
      report: () =>
        `${lexicalName}; NLI no disponible: falta ${local.model} en ${config.modelsDir}; ` +
        "descárgalo con 'npm run folio -- models pull nli' (o elige otro con FOLIO_NLI_MODEL)",
    };
  }
}
