import net from 'node:net';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isDatabaseOutage } from './outage';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('isDatabaseOutage', () => {
  it('takes a refused connection of the real driver for an outage', async () => {
    const sql = postgres(`postgres://postgres@127.0.0.1:${await closedPort()}/x`, { connect_timeout: 2, max: 1 });
    const error = await sql`SELECT 1`.catch((e: unknown) => e);
    await sql.end({ timeout: 0 });
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it('reads SQLSTATE codes: shutting down, starting up, connection exceptions, too many connections', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', 'CONNECTION_CLOSED', 'ECONNRESET']) {
      expect(isDatabaseOutage(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    // One attempt of several, or the cause of another error.
    expect(isDatabaseOutage(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseOutage(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P03' }) }))).toBe(
      true,
    );
  });

  it('leaves errors of a request or its data alone', () => {
    for (const code of ['42601', '23505', '22P05', '40001', 'ENOENT', undefined]) {
      expect(isDatabaseOutage(Object.assign(new Error('x'), { code })), String(code)).toBe(false);
    }
    expect(isDatabaseOutage(new Error('connection refused'))).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
  });
});
