import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from '../../log';
import type { Conversion, ConvertContext, FileKind, SourceFile } from '../converter';
import { convertFile } from '../registry';
import { READ_FILES_COMMAND, receivedError, type FromReader, type ToReader } from './protocol';

/** Reads a stored file into a conversion: in this process, or in a reader process of its own. */
export interface FileReader {
  read(file: SourceFile, ctx: ConvertContext): Promise<Conversion & { kind: FileKind }>;
  /** Where files are read now, in Spanish, for /health. */
  describe(): string;
  close(): Promise<void>;
}

/** Reads in this process, with the engines the context brings. */
export const readInProcess: FileReader = {
  read: convertFile,
  describe: () => 'en este proceso',
  close: async () => undefined,
};

/** The reader process stopped while it was reading (killed, out of memory, crashed): a retry may succeed. */
export class ReaderExitError extends Error {
  override readonly name = 'ReaderExitError';
}

export interface ReaderProcessOptions {
  /** How to run this same program: node, its flags and the entry point; `read-files` is appended. */
  command: string[];
  /** The process exits after this long with nothing to read (0: it is kept until `close`). */
  idleMs: number;
  log: Logger;
  env?: NodeJS.ProcessEnv;
  /** How long a reading the server gave up on may take to stop before its process is replaced (5 s). */
  abortGraceMs?: number;
}

interface Pending {
  ctx: ConvertContext;
  resolve(conversion: Conversion & { kind: FileKind }): void;
  reject(error: unknown): void;
  /** The context's progress and phase calls, in the order the reader sent them. */
  chain: Promise<void>;
  /** The server gave up on it: its answer, if it ever comes, is dropped. */
  abandoned: boolean;
}

interface Reader {
  child: ChildProcess;
  pending: Map<number, Pending>;
  /** Takes no new reading: a reading given up on has not stopped; it is killed once nothing live is left. */
  retiring: boolean;
  idle?: NodeJS.Timeout;
}

/**
 * Files read in a child process of this same program (`folio read-files`), started with the first file and
 * ended after `idleMs` without one. Everything a reading leaves behind goes with it: pdf.js's and the
 * converters' garbage, the fragments they leave in malloc's heap, OCR and transcription workers. A server
 * that read 350 files in its own process kept 67 % more memory than it started with; see
 * `npm run bench:batch-memory`. A reading that crashes or exhausts memory ends its process, not the server,
 * and is retried; one the server gives up on and that does not stop is ended with its process.
 */
export function readerProcess(opts: ReaderProcessOptions): FileReader & { pid(): number | undefined } {
  const graceMs = opts.abortGraceMs ?? 5000;
  let current: Reader | undefined;
  const all = new Set<Reader>();
  let nextId = 1;
  let closing = false;

  const start = (): Reader => {
    const [file, ...args] = opts.command as [string, ...string[]];
    const child = spawn(file, [...args, READ_FILES_COMMAND], {
      env: opts.env ?? process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const reader: Reader = { child, pending: new Map(), retiring: false };
    all.add(reader);
    child.on('message', (message: FromReader) => onMessage(reader, message));
    child.once('exit', (code, signal) => ended(reader, `exit code ${code ?? '-'}, signal ${signal ?? '-'}`));
    child.once('error', (error) => ended(reader, error.message));
    opts.log.debug(`reader process ${child.pid} started`);
    return reader;
  };

  const ended = (reader: Reader, how: string) => {
    if (!all.delete(reader)) return;
    if (current === reader) current = undefined;
    clearTimeout(reader.idle);
    for (const [id, p] of reader.pending) {
      reader.pending.delete(id);
      if (!p.abandoned) {
        p.reject(new ReaderExitError(`The reader process stopped while reading the file (${how})`));
      }
    }
    opts.log.debug(`reader process ${reader.child.pid} ended (${how})`);
  };

  /** Nothing left to read: a retiring process is killed, the current one leaves after the idle time. */
  const quietened = (reader: Reader) => {
    const live = [...reader.pending.values()].some((p) => !p.abandoned);
    if (reader.retiring) {
      if (!live) reader.child.kill('SIGKILL');
      return;
    }
    if (reader.pending.size > 0 || !opts.idleMs) return;
    clearTimeout(reader.idle);
    reader.idle = setTimeout(() => {
      if (reader.pending.size > 0) return;
      if (current === reader) current = undefined;
      reader.retiring = true;
      // The reader exits when its channel closes.
      if (reader.child.connected) reader.child.disconnect();
    }, opts.idleMs).unref();
  };

  const settle = (reader: Reader, id: number, outcome: () => void) => {
    const p = reader.pending.get(id);
    if (!p) return;
    reader.pending.delete(id);
    if (!p.abandoned) outcome();
    quietened(reader);
  };

  const onMessage = (reader: Reader, message: FromReader) => {
    const p = reader.pending.get(message.id);
    if (!p) return;
    const after = (step: () => Promise<void> | void) => {
      p.chain = p.chain.then(step).catch((error: unknown) => {
        // The server could not record it (its database is down): the reading fails as it would in-process.
        giveUp(reader, message.id, error);
      });
    };
    switch (message.type) {
      case 'progress':
        after(() => p.ctx.progress(message.fraction));
        break;
      case 'phase':
        after(() => p.ctx.phase?.(message.fase));
        break;
      case 'done':
        after(() => settle(reader, message.id, () => p.resolve(message.conversion)));
        break;
      case 'failed':
        after(() => settle(reader, message.id, () => p.reject(receivedError(message.error))));
        break;
    }
  };

  /** The server stops waiting for a reading: it fails with `reason`, and the reader is told to stop it. */
  const giveUp = (reader: Reader, id: number, reason: unknown) => {
    const p = reader.pending.get(id);
    if (!p || p.abandoned) return;
    p.abandoned = true;
    p.reject(reason);
    if (reader.child.connected) reader.child.send({ type: 'abort', id } satisfies ToReader, () => undefined);
    setTimeout(() => {
      if (!reader.pending.has(id)) return;
      // Still busy with it: new readings go to a new process, and this one ends with its last live reading.
      reader.retiring = true;
      if (current === reader) current = undefined;
      opts.log.info(`reader process ${reader.child.pid} did not stop a reading in ${graceMs} ms; replacing it`);
      quietened(reader);
    }, graceMs).unref();
  };

  return {
    pid: () => current?.child.pid,
    describe() {
      const leaves = opts.idleMs ? `; se cierra tras ${Math.round(opts.idleMs / 1000)} s sin archivos` : '';
      const pid = current?.child.pid;
      return pid
        ? `en un proceso lector propio (pid ${pid}), con su OCR y su transcripción${leaves}`
        : 'en un proceso lector propio, que arranca con el próximo archivo, con su OCR y su transcripción';
    },
    read(file, ctx) {
      ctx.signal?.throwIfAborted();
      if (closing) return Promise.reject(new ReaderExitError('The server is stopping'));
      if (!current || current.retiring || !current.child.connected) current = start();
      const reader = current;
      clearTimeout(reader.idle);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = () => giveUp(reader, id, ctx.signal?.reason);
        const done = () => ctx.signal?.removeEventListener('abort', onAbort);
        reader.pending.set(id, {
          ctx,
          resolve: (conversion) => {
            done();
            resolve(conversion);
          },
          reject: (error) => {
            done();
            reject(error);
          },
          chain: Promise.resolve(),
          abandoned: false,
        });
        ctx.signal?.addEventListener('abort', onAbort, { once: true });
        const ask: ToReader = { type: 'read', id, file, limits: ctx.limits };
        reader.child.send(ask, (error) => {
          if (error)
            giveUp(reader, id, new ReaderExitError(`The reader process could not be reached: ${error.message}`));
        });
      });
    },
    async close() {
      closing = true;
      await Promise.all(
        [...all].map(
          (reader) =>
            new Promise<void>((resolve) => {
              if (!all.has(reader)) return resolve();
              reader.child.once('exit', () => resolve());
              if (reader.child.connected) reader.child.disconnect();
              setTimeout(() => reader.child.kill('SIGKILL'), graceMs).unref();
            }),
        ),
      );
    },
  };
}
