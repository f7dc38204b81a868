import { isDatabaseOutage } from './outage';

/** The error of a statement that could not reach the database in time: an outage (`isDatabaseOutage`). */
export function connectionWaitError(): Error {
  return Object.assign(new Error('No connection to the database could be made or freed in time'), {
    code: 'CONNECTION_WAIT',
  });
}

export interface WaitLimits {
  /** A statement that has waited this long for a connection, while the database answered nobody, fails. */
  quietMs: number;
  /** A statement never waits longer for a connection, even while others are answered (a pool never freed). */
  maxMs: number;
}

/**
 * Bounds how long statements wait to reach a connection of one pool. The driver's connect timeout does not
 * cover a server (or a proxy before it, such as a container's published port) that accepts connections and
 * drops them: the driver then reconnects without end. A wait is cut when the database has answered nobody
 * for `quietMs` (it is down), or after `maxMs` (the pool is never freed); a wait for a busy pool whose other
 * statements are being answered goes on.
 */
export class ConnectionWaits {
  private lastAnswer = 0;
  /** Statements issued and not settled; those on a connection show the database is there. */
  private readonly issued = new Set<object>();
  /** Transactions whose body runs on a connection. */
  private open = 0;

  constructor(private readonly limits: WaitLimits) {}

  /** Notes that the database answered (a result, or an error of the statement itself). */
  answered(): void {
    this.lastAnswer = Date.now();
  }

  /** Runs a transaction's body, counted as a connection at work while it runs. */
  async inTransaction<T>(body: () => Promise<T>): Promise<T> {
    this.open++;
    this.answered();
    try {
      return await body();
    } finally {
      this.open--;
    }
  }

  /** Whether the database shows it is there: an answer within the quiet wait, or a connection at work. */
  private answering(now: number): boolean {
    if (this.lastAnswer > now - this.limits.quietMs || this.open > 0) return true;
    for (const statement of this.issued) if (onConnection(statement)) return true;
    return false;
  }

  /**
   * A promise that rejects with `connectionWaitError()` once the wait is over and `reached()` is still
   * false, after calling `giveUp()`; `clear()` ends the watch.
   */
  watch(reached: () => boolean, giveUp: () => void): { deadline: Promise<never>; clear(): void } {
    const issued = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      const check = () => {
        if (reached()) return;
        const now = Date.now();
        if (this.answering(now) && now - issued < this.limits.maxMs) {
          timer = setTimeout(check, this.limits.quietMs);
          return;
        }
        reject(connectionWaitError());
        giveUp();
      };
      timer = setTimeout(check, this.limits.quietMs);
    });
    deadline.catch(() => undefined);
    return { deadline, clear: () => clearTimeout(timer) };
  }

  /**
   * Resolves as the statement does, unless it is still waiting for a connection when the wait is over:
   * then it is withdrawn from the driver's queue (it never runs). A statement already on a connection is
   * left to finish, however long it takes.
   */
  within<T>(pending: Promise<T> & { cancel(): unknown }): Promise<T> {
    const { deadline, clear } = this.watch(
      () => onConnection(pending),
      () => void pending.cancel(),
    );
    this.issued.add(pending);
    const settled = pending.then(
      (value) => (this.answered(), value),
      (error: unknown) => {
        if (!isDatabaseOutage(error)) this.answered();
        throw error;
      },
    );
    return Promise.race([settled, deadline]).finally(() => {
      clear();
      this.issued.delete(pending);
    });
  }
}

/** Whether the driver has handed the statement to a connection with a backend (it then sets `state`). */
function onConnection(statement: object): boolean {
  return Boolean((statement as { state?: unknown }).state);
}
