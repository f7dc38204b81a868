import { EngineError } from './engine-error';

/**
 * An engine held only while it is used: created on first use, released after `idleMs` with no call in
 * flight, and created again by the next call. OCR workers and model sessions hold hundreds of MB that a
 * personal server should give back between batches.
 */
export interface IdleEngine<T> {
  /** Runs `work` with the engine, creating it first when it is not loaded. */
  use<R>(work: (engine: T) => Promise<R>): Promise<R>;
  /** Whether the engine is loaded (or loading) now: what /health reports, without loading it. */
  loaded(): boolean;
  /** Releases the engine now (at shutdown); a later `use` creates it again. */
  close(): Promise<void>;
}

export interface IdleEngineOptions<T> {
  create: () => Promise<T>;
  release: (engine: T) => Promise<void>;
  /** Milliseconds without use before the engine is released; 0 keeps it until `close`. */
  idleMs: number;
}

export function idleEngine<T>({ create, release, idleMs }: IdleEngineOptions<T>): IdleEngine<T> {
  let engine: Promise<T> | undefined;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;

  const drop = async () => {
    const current = engine;
    engine = undefined;
    if (timer) clearTimeout(timer);
    timer = undefined;
    const loaded = await current?.catch(() => undefined);
    if (loaded !== undefined) await release(loaded);
  };
  const idleSoon = () => {
    if (!idleMs || inFlight > 0 || !engine) return;
    // unref: an idle engine's timer never keeps the process alive.
    timer = setTimeout(() => {
      timer = undefined;
      if (inFlight === 0) void drop().catch(() => undefined);
    }, idleMs).unref();
  };

  return {
    async use(work) {
      if (timer) clearTimeout(timer);
      timer = undefined;
      inFlight++;
      try {
        // A start that failed (e.g. data missing, then installed) is tried again on the next call.
        engine ??= create().catch((err: unknown) => {
          engine = undefined;
          throw err;
        });
        return await work(await engine);
      } finally {
        inFlight--;
        idleSoon();
      }
    },
    loaded: () => engine !== undefined,
    close: drop,
  };
}

/** A model held by `idleModel`: `failure()` says why its start failed, if it did. */
export interface IdleModel<T> extends IdleEngine<T> {
  failure(): string | undefined;
}

/**
 * A model session (cross-encoder, NLI) held as an `idleEngine` and released with its own `close`, whose
 * failed start is kept rather than tried again on every call: each later `use` rejects with that error and
 * `failure()` says it (the engine's `mensaje`), until a restart.
 */
export function idleModel<T extends { close?(): Promise<void> }>(
  create: () => Promise<T>,
  idleMs: number,
): IdleModel<T> {
  let failed: { error: unknown; reason: string } | undefined;
  const held = idleEngine<T>({
    create: () =>
      create().catch((error: unknown) => {
        failed = { error, reason: error instanceof EngineError ? error.mensaje : (error as Error).message };
        throw error;
      }),
    release: async (engine) => engine.close?.(),
    idleMs,
  });
  return {
    ...held,
    use: (work) => (failed ? Promise.reject(failed.error) : held.use(work)),
    failure: () => failed?.reason,
  };
}

/** A value held by `idleValue`. */
export interface IdleValue<T> {
  /** The value, built now when it is not held. */
  get(): T;
  /** Whether it is held now. */
  loaded(): boolean;
  /** Drops it now; the next `get` builds it again. */
  drop(): void;
}

/**
 * A value built synchronously on first use (a data table read from a file) and dropped after `idleMs()`
 * without a `get`, like an engine: built again by the next `get`. A `get` only notes the time, so it may
 * be called in a tight loop; one unref'd timer checks when the time is up. `idleMs()` of 0 keeps it.
 */
export function idleValue<T>(build: () => T, idleMs: () => number): IdleValue<T> {
  let value: T | undefined;
  let lastUse = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      const left = lastUse + idleMs() - Date.now();
      if (left > 0) arm(left);
      else value = undefined;
    }, ms).unref();
  };
  return {
    get() {
      value ??= build();
      lastUse = Date.now();
      const ms = idleMs();
      if (ms > 0 && !timer) arm(ms);
      return value;
    },
    loaded: () => value !== undefined,
    drop() {
      value = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
