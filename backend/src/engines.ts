import type { Config } from './config';
import type { EngineSet } from './ai/engine-set';
import { keepCitationEnginesFor } from './cite/csl/citeproc-engines';
import { FEATURE_RERANKER } from './search/feature-rerank';
import { createReadingEngines } from './ai/reading-engines';
import type { Logger } from './log';
import { createSupportEngine } from './support/engine';
import type { Embedder } from './ai/embedder';
import { createExtractiveWriter } from './ask/extractive-writer';
import { idleModel } from './ai/idle-engine';
import { createOpenAiEmbedder } from './ai/openai-embedder';
import { createOpenAiWriter } from './ai/openai-writer';
import type { Reranker } from './ai/reranker';
import { createTransformersEmbedder } from './ai/transformers-embedder';
import { createTransformersReranker, findRerankerModel } from './ai/transformers-reranker';

/**
 * A cross-encoder loaded on first use (a worker process never searches, so it never pays for the model)
 * and released after `idleMs` without a search. A failed load is kept (not retried on every search) and
 * reported by `failure()`; restart to try again.
 */
function lazyReranker(
  name: string,
  create: () => Promise<Reranker>,
  idleMs: number,
): Reranker & { failure(): string | undefined; loaded(): boolean; close(): Promise<void> } {
  const held = idleModel(create, idleMs);
  return {
    name,
    failure: held.failure,
    loaded: held.loaded,
    score: (query, passages, signal) => held.use((engine) => engine.score(query, passages, signal)),
    close: held.close,
  };
}

export async function createEngines(config: Config, log: Logger): Promise<EngineSet> {
  keepCitationEnginesFor(config.engineIdleMs);
  const reading = await createReadingEngines(config, log);
  let embedder: Embedder | undefined;
  let embeddingsReport: string;
  const { remote, localModel } = config.embeddings;
  if (remote) {
    embedder = createOpenAiEmbedder(remote);
    embeddingsReport = `${remote.model} en ${remote.baseUrl}`;
  } else {
    try {
      embedder = await createTransformersEmbedder({ modelsDir: config.modelsDir, model: localModel });
      embeddingsReport = `${embedder.name}, ${embedder.dimensions} dimensiones`;
    } catch (err) {
      embeddingsReport =
        `no disponible: falta el modelo ${localModel} en ${config.modelsDir}, así que la búsqueda semántica ` +
        "está desactivada; actívala con 'npm run folio -- models pull embeddings' (o FOLIO_MODELS_PULL=1 al " +
        'arrancar, o FOLIO_EMBEDDINGS_URL). Mientras tanto la búsqueda es léxica con reranking';
      log.debug(`embeddings: ${(err as Error).message}`);
    }
  }

  let reranker: ReturnType<typeof lazyReranker> | undefined;
  let rerankerReport = `${FEATURE_RERANKER}; cross-encoder desactivado (FOLIO_RERANKER=0)`;
  if (config.reranker.enabled) {
    const local = { modelsDir: config.modelsDir, model: config.reranker.model };
    try {
      const files = await findRerankerModel(local);
      reranker = lazyReranker(
        `${local.model} (local, ${files.dtype})`,
        () => createTransformersReranker(local),
        config.engineIdleMs,
      );
    } catch (err) {
      rerankerReport =
        `${FEATURE_RERANKER}; cross-encoder no disponible: falta ${local.model} en ${config.modelsDir}; ` +
        "descárgalo con 'npm run folio -- models pull reranker' (o elige otro con FOLIO_RERANKER_MODEL)";
      log.debug(`reranker: ${(err as Error).message}`);
    }
  }
  const rerankerNow = () => {
    if (!reranker) return rerankerReport;
    const failure = reranker.failure();
    return failure ? `${FEATURE_RERANKER}; cross-encoder no disponible: ${failure}` : reranker.name;
  };
  const writer = config.llm ? createOpenAiWriter(config.llm) : createExtractiveWriter();
  const support = await createSupportEngine(config, log, embedder);
  return {
    ocr: reading.ocr,
    transcriber: reading.transcriber,
    embedder,
    reranker,
    writer,
    support: support.scorer,
    report: () => ({
      ...reading.report(),
      embeddings: embeddingsReport,
      reranker: rerankerNow(),
      escritor: config.llm ? writer.name : `${writer.name}; define FOLIO_LLM_URL para usar un modelo de lenguaje`,
      respaldo: support.report(),
    }),
    active: () => ({ ocr: reading.ocrLoaded(), reranker: reranker?.loaded() ?? false, nli: support.loaded() }),
    close: async () => {
      await reading.close();
      await reranker?.close();
      await support.close();
    },
  };
}
