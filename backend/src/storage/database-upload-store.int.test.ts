import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { blobBytes, readBlobChunk, blobExtent } from '../db/blobs.repo';
import { useTestServer } from '../testing/harness';
import { DatabaseUploadStore, partsKey } from './database-upload-store';

const ctx = useTestServer({}, { workers: false });

const MB = 1024 * 1024;

/** A part that arrives in 1 MB pieces with a pause before each, as over a slow link. */
function slowPart(bytes: Buffer, pauseMs: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += MB) {
        await sleep(pauseMs);
        yield bytes.subarray(at, at + MB);
      }
    })(),
  );
}

async function storedBytes(id: string): Promise<Buffer> {
  const db = ctx.server.runtime.deps.db;
  const { chunks } = await blobExtent(db, partsKey(id));
  const rows: Uint8Array[] = [];
  for (let n = 0; n < chunks; n++) rows.push(await readBlobChunk(db, partsKey(id), n));
  return Buffer.concat(rows);
}

// Two stores over one database stand for two API processes behind one address, each with its own tus lock.
describe('the parts of an upload kept in the database, written by two processes at once', () => {
  it('keeps one writer whole when two send the same part from the same offset', async () => {
    const db = ctx.server.runtime.deps.db;
    const [a, b] = [new DatabaseUploadStore(db, 60_000), new DatabaseUploadStore(db, 60_000)];
    const id = crypto.randomUUID();
    const first = crypto.randomBytes(4 * MB);
    const second = crypto.randomBytes(4 * MB);
    const results = await Promise.allSettled([a.write(slowPart(first, 5), id, 0), b.write(slowPart(second, 7), id, 0)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const stored = await storedBytes(id);
    const winner = results[0]!.status === 'fulfilled' ? first : second;
    expect((won[0] as PromiseFulfilledResult<number>).value).toBe(stored.length);
    // Nothing of the other writer is mixed in: the rows are the winner's bytes from the start.
    expect(stored.equals(winner.subarray(0, stored.length))).toBe(true);
    expect(stored.length).toBe(4 * MB);
  });

  it('refuses a part that starts anywhere but where the rows end (409), writing nothing', async () => {
    const db = ctx.server.runtime.deps.db;
    const store = new DatabaseUploadStore(db, 60_000);
    const id = crypto.randomUUID();
    const bytes = crypto.randomBytes(3 * MB);
    expect(await store.write(Readable.from([bytes.subarray(0, 2 * MB)]), id, 0)).toBe(2 * MB);
    // A second process that checked the offset before the first part landed.
    await expect(store.write(Readable.from([bytes.subarray(0, MB)]), id, 0)).rejects.toMatchObject({
      status_code: 409,
    });
    await expect(store.write(Readable.from([bytes.subarray(0, MB)]), id, 3 * MB)).rejects.toMatchObject({
      status_code: 409,
    });
    expect(await blobBytes(db, partsKey(id))).toBe(2 * MB);
    expect(await store.write(Readable.from([bytes.subarray(2 * MB)]), id, 2 * MB)).toBe(3 * MB);
    expect((await storedBytes(id)).equals(bytes)).toBe(true);
  });
});
