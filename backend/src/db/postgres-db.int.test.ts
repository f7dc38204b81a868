import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseOutage } from './outage';
import { openPostgres } from './postgres-db';

/** A server that accepts every connection and drops it at once, as a container's published port does while the database in it is down. */
async function droppingServer(): Promise<{ url: string; close(): void }> {
  const srv = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  return { url: `postgres://postgres@127.0.0.1:${port}/x`, close: () => srv.close() };
}

describe('a statement that cannot reach the database', () => {
  const opened: { close(): unknown }[] = [];
  afterAll(async () => {
    for (const o of opened) await o.close();
  });

  it('fails as an outage within the wait when the server accepts and drops connections', async () => {
    const server = await droppingServer();
    opened.push(server);
    const db = openPostgres(server.url, { quietMs: 800, maxMs: 5000 });
    const started = Date.now();
    const error = await db.query('SELECT 1').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it('never runs a transaction body once its caller was answered', async () => {
    const server = await droppingServer();
    opened.push(server);
    const db = openPostgres(server.url, { quietMs: 800, maxMs: 5000 });
    let ran = false;
    const error = await db
      .transaction(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(isDatabaseOutage(error)).toBe(true);
    expect(ran).toBe(false);
  });

  const url = process.env.DATABASE_URL;
  it.skipIf(!url)('leaves a statement that reached the database to finish, however long it takes', async () => {
    const db = openPostgres(url!, { quietMs: 300, maxMs: 600 });
    opened.push(db);
    const rows = await db.query<{ ok: number }>('SELECT 1 AS ok FROM pg_sleep(1)');
    expect(rows).toEqual([{ ok: 1 }]);
    const inTx = await db.transaction((tx) => tx.query<{ ok: number }>('SELECT 2 AS ok FROM pg_sleep(1)'));
    expect(inTx).toEqual([{ ok: 2 }]);
  });

  it.skipIf(!url)('lets a statement wait for a busy pool while the database answers the others', async () => {
    // One connection, six statements of 0.3 s: the last waits 1.5 s, five times the quiet wait.
    const db = openPostgres(url!, { quietMs: 300, maxMs: 10_000 }, 1);
    opened.push(db);
    const all = await Promise.all(
      Array.from({ length: 6 }, (_, i) => db.query<{ n: number }>(`SELECT ${i} AS n FROM pg_sleep(0.3)`)),
    );
    expect(all.map((rows) => rows[0]!.n)).toEqual([0, 1, 2, 3, 4, 5]);
    // Past the longest wait, a pool never freed fails as an outage too.
    const busy = openPostgres(url!, { quietMs: 300, maxMs: 600 }, 1);
    opened.push(busy);
    const long = busy.query('SELECT pg_sleep(1.5)');
    const waiting = await busy.query('SELECT 1').catch((e: unknown) => e);
    expect(isDatabaseOutage(waiting)).toBe(true);
    await long;
  });
});
