import type { Logger } from '../log';
import type { Db } from './db';

/** What a process says about a database outage: one line when it starts, one when the database is back. */
export interface OutageLog {
  /** An error said the database cannot be reached (see `isDatabaseOutage`). */
  seen(): void;
  /** Whether an outage is under way (between its first error and the database answering again). */
  readonly down: boolean;
  stop(): void;
}

/**
 * Logs an outage once, not once per failed request or poll (a worker polled its way to 45 lines in 20 s),
 * then asks the database every `probeMs` until it answers, and says how long it was away.
 */
export function createOutageLog(db: Pick<Db, 'query'>, log: Logger, probeMs = 2000): OutageLog {
  let since: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const probe = () => {
    timer = setTimeout(async () => {
      try {
        await db.query('SELECT 1');
        log.info(`database answering again after ${((performance.now() - since!) / 1000).toFixed(0)} s`);
        since = undefined;
      } catch {
        if (!stopped) probe();
      }
    }, probeMs);
    timer.unref();
  };
  return {
    seen() {
      if (since !== undefined || stopped) return;
      since = performance.now();
      log.error('database not answering: requests get 503 no_disponible until it is back');
      probe();
    },
    get down() {
      return since !== undefined;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
