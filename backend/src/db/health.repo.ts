import type { Db } from './db';

/** Whether the store answers a query: ok, or the driver's message. */
export async function pingDatabase(db: Db): Promise<{ ok: boolean; error?: string }> {
  try {
    await db.query('SELECT 1');
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}
