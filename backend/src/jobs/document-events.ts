import { EventEmitter } from 'node:events';
import type { Db } from '../db/db';
import { DOCUMENT_CHANNEL } from '../db/documents.repo';

/** Changes of one document, remembered from the moment of watching so none slips between reads. */
export interface DocumentWatch {
  /** Resolves true at the next change (or at once if one came since the last call), false after `ms`. */
  next(ms: number, signal?: AbortSignal): Promise<boolean>;
  close(): void;
}

/**
 * Tells waiters in this process that a document changed. Fed by LISTEN on the database, so a change
 * made by a worker in another process wakes long-polls here too.
 */
export interface DocumentEvents {
  watch(id: string): DocumentWatch;
  close(): Promise<void>;
}

/**
 * LISTENs on `channels` (documents' by default; the runtime adds cite jobs'): every payload is the id of
 * what changed, and ids are unique across documents and cite jobs, so one bus serves both.
 */
export async function listenDocumentEvents(db: Db, channels: string[] = [DOCUMENT_CHANNEL]): Promise<DocumentEvents> {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const unlistens = await Promise.all(channels.map((channel) => db.listen(channel, (id) => bus.emit(id))));
  const unlisten = async () => {
    for (const u of unlistens) await u();
  };
  return {
    watch(id) {
      let pending = false;
      let wake: (() => void) | undefined;
      const onChange = () => {
        pending = true;
        wake?.();
      };
      bus.on(id, onChange);
      return {
        next(ms, signal) {
          if (pending) {
            pending = false;
            return Promise.resolve(true);
          }
          return new Promise((resolve) => {
            const done = () => {
              clearTimeout(timer);
              signal?.removeEventListener('abort', done);
              wake = undefined;
              const changed = pending;
              pending = false;
              resolve(changed);
            };
            const timer = setTimeout(done, ms);
            signal?.addEventListener('abort', done);
            wake = done;
          });
        },
        close: () => bus.off(id, onChange),
      };
    },
    close: unlisten,
  };
}
