/** The error of a statement that could not reach the database in time: an outage (`isDatabaseOutage`). */
export function connectionWaitError(): Error {
  return Object.assign(new Error('No connection to the database could be made or freed in time'), {
    code: 'CONNECTION_WAIT',
  });
}

/**
 * Resolves as the statement does, unless it has not reached a connection after `ms`: then it is withdrawn
 * from the driver's queue (it never runs) and the promise rejects with `connectionWaitError()`. A statement
 * already on a connection is left to finish, however long it takes.
 */
export function withinConnectionWait<T>(pending: Promise<T> & { cancel(): unknown }, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The driver sets `state` once it hands the statement to a connection with a backend.
      if ((pending as unknown as { state?: unknown }).state) return;
      reject(connectionWaitError());
      void pending.cancel();
    }, ms);
  });
  return Promise.race([pending, deadline]).finally(() => clearTimeout(timer));
}
