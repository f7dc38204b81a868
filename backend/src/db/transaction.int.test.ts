import { describe, expect, it } from 'vitest';
import type { Unit } from '../ingest/converter';
import { useTestServer } from '../testing/harness';
import { insertDocument, updateDocument } from './documents.repo';
import { replaceContent } from './units.repo';
import { ensureUser } from './users.repo';

/**
 * A repository function that opens its own transaction, called with a transaction, joins it: the ingest
 * job writes units, passages, vectors, postings and the ready state as one. Runs on whichever store the
 * tests use (PGlite, or the server of DATABASE_URL).
 */
const ctx = useTestServer({}, { workers: false });
const db = () => ctx.server.runtime.deps.db;

const units: Unit[] = [{ texto: 'Un párrafo.', ancla: { tipo: 'seccion', ruta: [], parrafo: 1 } }];

async function newDocument(id: string) {
  const { id: userId } = await ensureUser(db(), 'transacciones@example.org');
  await insertDocument(db(), { id, userId, titulo: id, autores: [], tipo: 'documento', userMeta: {}, searchKey: id });
}

async function state(id: string) {
  const [row] = await db().query<{ units: number; estado: string }>(
    `SELECT (SELECT count(*)::int FROM units WHERE document_id = $1) AS units, estado FROM documents WHERE id = $1`,
    [id],
  );
  return row;
}

describe('nested transactions', () => {
  it('roll back with the transaction they run in', async () => {
    await newDocument('deshecho');
    const failed = db().transaction(async (tx) => {
      await replaceContent(tx, 'deshecho', units, []);
      await updateDocument(tx, 'deshecho', { estado: 'listo' });
      const [seen] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM units WHERE document_id = $1', [
        'deshecho',
      ]);
      expect(seen!.n).toBe(1);
      throw new Error('después de escribir');
    });
    await expect(failed).rejects.toThrow('después de escribir');
    expect(await state('deshecho')).toEqual({ units: 0, estado: 'en_cola' });
  });

  it('commit with the transaction they run in', async () => {
    await newDocument('hecho');
    await db().transaction(async (tx) => {
      await replaceContent(tx, 'hecho', units, []);
      await updateDocument(tx, 'hecho', { estado: 'listo' });
    });
    expect(await state('hecho')).toEqual({ units: 1, estado: 'listo' });
  });
});
