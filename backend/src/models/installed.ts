import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { findEmbeddingModel } from '../ai/transformers-embedder';
import { findNliModel } from '../ai/transformers-nli';
import { findRerankerModel } from '../ai/transformers-reranker';
import { findWhisperModel } from '../ai/whisper-local-transcriber';
import type { Config } from '../config';
import { configuredModel, ENGINE_MODELS, MODEL_ENGINES, notLocal, type ModelEngine } from './catalog';

/** The file beside a pulled model recording where it came from and what was checked. */
export const PULL_RECORD = '.folio-pull.json';

/**
 * Looks for an engine's configured model exactly as the engine does at startup (its own `find…Model`),
 * so what `models list` says installed is what the server will load. Throws the engine's error if absent.
 */
export async function findModelFiles(config: Config, engine: ModelEngine): Promise<{ dir: string; dtype: string }> {
  const local = { modelsDir: config.modelsDir, model: configuredModel(config, engine) };
  switch (engine) {
    case 'embeddings':
      return findEmbeddingModel(local);
    case 'reranker':
      return findRerankerModel(local);
    case 'nli':
      return findNliModel(local);
    case 'transcription':
      return findWhisperModel(local);
  }
}

async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    total += e.isDirectory() ? await bytesUnder(path) : (await stat(path)).size;
  }
  return total;
}

/** One engine's model as `models list` shows it. */
export interface InstalledModel {
  engine: ModelEngine;
  model: string;
  /** What the engine does. */
  role: string;
  /** 'instalado', 'falta', or why this configuration takes no local model. */
  state: 'instalado' | 'falta' | 'no_local';
  bytes: number;
  dtype?: string;
  /** The commit and hub it was pulled from, when `models pull` brought it. */
  pulled?: { hub: string; commit: string; pulledAt: string };
  detail?: string;
}

/** Every engine's configured model: whether it is on disk where the engine looks, and how big it is. */
export async function listInstalledModels(config: Config): Promise<InstalledModel[]> {
  return Promise.all(
    MODEL_ENGINES.map(async (engine): Promise<InstalledModel> => {
      const model = configuredModel(config, engine);
      const base = { engine, model, role: ENGINE_MODELS[engine].role };
      const skip = notLocal(config, engine);
      if (skip) return { ...base, state: 'no_local', bytes: 0, detail: skip };
      try {
        const files = await findModelFiles(config, engine);
        const record = await readFile(join(files.dir, PULL_RECORD), 'utf8').then(
          (text) => JSON.parse(text) as InstalledModel['pulled'],
          () => undefined,
        );
        return {
          ...base,
          state: 'instalado',
          bytes: await bytesUnder(files.dir),
          dtype: files.dtype,
          ...(record && { pulled: { hub: record.hub, commit: record.commit, pulledAt: record.pulledAt } }),
        };
      } catch (err) {
        return { ...base, state: 'falta', bytes: 0, detail: (err as { mensaje?: string }).mensaje };
      }
    }),
  );
}

/** Of `engines`, those that read a local model and do not find it: what a pull at start has to bring. */
export async function missingModels(config: Config, engines: readonly ModelEngine[]): Promise<ModelEngine[]> {
  const missing: ModelEngine[] = [];
  for (const engine of engines) {
    if (notLocal(config, engine)) continue;
    const found = await findModelFiles(config, engine).then(
      () => true,
      () => false,
    );
    if (!found) missing.push(engine);
  }
  return missing;
}
