import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { findModelFiles, PULL_RECORD } from './installed';
import { configuredModel, ENGINE_MODELS, notLocal, type ModelEngine } from './catalog';
import { downloadFile, IntegrityError, verifyFile, type DownloadProgress } from './download';
import { fetchRepoInfo, fileUrl, HubError, hubHeaders, type HubFileInfo, type HubOptions } from './hub';

/** What a pull tells its caller as it goes (the CLI draws a progress bar from it). */
export type PullEvent =
  | { type: 'model'; engine: ModelEngine; model: string; files: HubFileInfo[]; bytes: number }
  | { type: 'file'; engine: ModelEngine; file: HubFileInfo; state: 'present' | 'downloading' | 'done' }
  | { type: 'progress'; engine: ModelEngine; progress: DownloadProgress }
  | {
      type: 'retry';
      engine: ModelEngine;
      file: HubFileInfo;
      attempt: number;
      of: number;
      delayMs: number;
      message: string;
    };

/** How one engine's pull ended. */
export interface PullResult {
  engine: ModelEngine;
  model: string;
  status: 'pulled' | 'present' | 'skipped' | 'failed';
  /** Bytes downloaded in this run. */
  downloaded: number;
  /** Why it was skipped or failed, in Spanish and English. */
  mensaje?: string;
  message?: string;
}

export interface PullOptions {
  config: Config;
  engines: readonly ModelEngine[];
  onEvent?: (event: PullEvent) => void;
  /** Defaults to the platform's; tests pass none and talk to a local hub over HTTP. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Resumed tries of a file after a dropped or stalled connection (default 3), the first after `retryDelayMs` (2 s), doubling. */
  retries?: number;
  retryDelayMs?: number;
  /** A connection silent this long is dropped and resumed (default 60 s). */
  stallMs?: number;
}

/**
 * The files transformers.js will load for `model` in `task` at `dtype`, asked of transformers.js itself
 * (`ModelRegistry.get_pipeline_files`, which reads the model's config from the hub) so that a pull brings
 * exactly what the engine opens. transformers.js keeps its settings in one global `env`: they are pointed
 * at the hub for this call only and put back, so a server started afterwards stays offline.
 */
async function filesTransformersNeeds(
  hub: HubOptions,
  model: string,
  task: string,
  dtype: string,
): Promise<{ files: string[]; template: string }> {
  const transformers = await import('@huggingface/transformers');
  const env = transformers.env;
  const saved = {
    remoteHost: env.remoteHost,
    allowRemoteModels: env.allowRemoteModels,
    allowLocalModels: env.allowLocalModels,
    useFSCache: env.useFSCache,
    useBrowserCache: env.useBrowserCache,
    fetch: env.fetch,
  };
  Object.assign(env, {
    remoteHost: `${hub.url}/`,
    allowRemoteModels: true,
    allowLocalModels: false,
    useFSCache: false,
    useBrowserCache: false,
    fetch: (input: string | URL, init?: RequestInit) =>
      (hub.fetch ?? fetch)(input, {
        ...init,
        headers: { ...Object.fromEntries(new Headers(init?.headers)), ...hubHeaders(hub) },
      }),
  });
  try {
    const files = await transformers.ModelRegistry.get_pipeline_files(task as 'feature-extraction', model, {
      dtype: dtype as 'q8',
    });
    return { files: [...new Set(files)], template: env.remotePathTemplate };
  } catch (err) {
    throw new HubError(
      `No se pudo saber qué archivos necesita ${model} (${(err as Error).message}).`,
      `Could not list the files ${model} needs: ${(err as Error).message}`,
      true,
    );
  } finally {
    Object.assign(env, saved);
  }
}

async function pullOne(options: PullOptions, engine: ModelEngine): Promise<PullResult> {
  const { config } = options;
  const model = configuredModel(config, engine);
  const skip = notLocal(config, engine);
  if (skip) return { engine, model, status: 'skipped', downloaded: 0, mensaje: skip, message: skip };

  const entry = ENGINE_MODELS[engine];
  const hub: HubOptions = { ...config.modelsHub, fetch: options.fetch };
  const repo = await fetchRepoInfo(hub, model);
  const { files: names, template } = await filesTransformersNeeds(hub, model, entry.task, entry.dtype);
  const files: HubFileInfo[] = [];
  for (const name of names) {
    const info = repo.files.get(name);
    if (!info) {
      const onnx = [...repo.files.keys()].filter((f) => f.startsWith('onnx/')).join(', ') || 'ninguno';
      throw new HubError(
        `${model} no tiene en el hub el archivo ${name} (pesos ${entry.dtype}); sus ONNX: ${onnx}.`,
        `${model} has no ${name} on the hub (${entry.dtype} weights); its ONNX files: ${onnx}`,
        false,
      );
    }
    files.push(info);
  }
  options.onEvent?.({ type: 'model', engine, model, files, bytes: files.reduce((n, f) => n + f.size, 0) });

  const dir = join(config.modelsDir, model);
  let downloaded = 0;
  for (const file of files) {
    const dest = join(dir, file.path);
    if ((await verifyFile(dest, file)) === undefined) {
      options.onEvent?.({ type: 'file', engine, file, state: 'present' });
      continue;
    }
    options.onEvent?.({ type: 'file', engine, file, state: 'downloading' });
    const retries = options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let fetched = 0;
      try {
        await downloadFile({
          url: fileUrl(hub.url, template, model, repo.commit, file.path),
          dest,
          expected: file,
          headers: hubHeaders(hub),
          fetch: options.fetch,
          signal: options.signal,
          stallMs: options.stallMs,
          onProgress: (progress) => {
            fetched = progress.fetched;
            options.onEvent?.({ type: 'progress', engine, progress });
          },
        });
        downloaded += fetched;
        break;
      } catch (err) {
        downloaded += fetched;
        // A dropped or stalled connection resumes from its part after a pause; anything else stops here.
        if (!(err instanceof HubError && err.transient) || attempt >= retries || options.signal?.aborted) throw err;
        const delayMs = (options.retryDelayMs ?? 2000) * 2 ** attempt;
        options.onEvent?.({
          type: 'retry',
          engine,
          file,
          attempt: attempt + 1,
          of: retries,
          delayMs,
          message: err.message,
        });
        await new Promise((r) => setTimeout(r, delayMs));
      }
    }
    options.onEvent?.({ type: 'file', engine, file, state: 'done' });
  }
  await writeFile(
    join(dir, PULL_RECORD),
    JSON.stringify(
      {
        model,
        engine,
        hub: hub.url,
        commit: repo.commit,
        dtype: entry.dtype,
        files,
        pulledAt: new Date().toISOString(),
      },
      null,
      2,
    ),
  );
  // The engine's own lookup must now find it, or the pull did not do its job.
  await findModelFiles(config, engine);
  return { engine, model, status: downloaded > 0 ? 'pulled' : 'present', downloaded };
}

/**
 * Downloads the models of `engines` (those this configuration reads from FOLIO_MODELS_DIR) from the hub
 * into FOLIO_MODELS_DIR, in the layout the engines read. One engine's failure does not stop the others.
 */
export async function pullModels(options: PullOptions): Promise<PullResult[]> {
  const results: PullResult[] = [];
  for (const engine of options.engines) {
    try {
      results.push(await pullOne(options, engine));
    } catch (err) {
      if (options.signal?.aborted) throw err;
      const known = err instanceof HubError || err instanceof IntegrityError;
      const mensaje = known ? err.mensaje : ((err as { mensaje?: string }).mensaje ?? (err as Error).message);
      results.push({
        engine,
        model: configuredModel(options.config, engine),
        status: 'failed',
        downloaded: 0,
        mensaje,
        message: (err as Error).message,
      });
    }
  }
  return results;
}
