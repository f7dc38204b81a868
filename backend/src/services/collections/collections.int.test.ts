import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { findDocument } from '../../db/documents.repo';
import { ensureUser } from '../../db/users.repo';
import { AppError } from '../../errors';
import { useTestStore } from '../../testing/harness';
import { insertDocuments } from '../../testing/insert-documents';
import { assignCollection } from './assign-collection';
import { collectionName, MAX_COLLECTION_NAME } from './collection-name';
import { createCollection } from './create-collection';
import { listCollections } from './list-collections';
import { renameCollection } from './rename-collection';

const fx = useTestStore();
let deps: { db: Db };
beforeAll(async () => {
  deps = { db: (await fx.openStore()).db };
});

/** A user of the test's own, so no test sees another's collections. */
const user = async (email: string) => (await ensureUser(deps.db, email)).id;

/** The AppError `run` throws, for its code and field. */
async function refusal(run: () => unknown): Promise<{ codigo: string; campo?: unknown }> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return { codigo: err.codigo, campo: err.detalles?.campo };
    throw err;
  }
  throw new Error('not refused');
}

describe('a collection name', () => {
  it('is trimmed with its spaces folded, from 1 to 200 characters, with no control characters', async () => {
    expect(collectionName('  Tesis   de  grado ')).toBe('Tesis de grado');
    expect(collectionName('x'.repeat(MAX_COLLECTION_NAME))).toHaveLength(MAX_COLLECTION_NAME);
    for (const bad of ['', '   ', 42, null, 'x'.repeat(MAX_COLLECTION_NAME + 1), 'a\u0000b', 'a\u007fb']) {
      expect(await refusal(() => collectionName(bad))).toEqual({ codigo: 'peticion_invalida', campo: 'nombre' });
    }
  });
});

describe('creating a collection', () => {
  it('makes a name once per user: the same name again, or one a document already names, is not made twice', async () => {
    const ana = await user('crea-ana@example.org');
    expect(await createCollection(deps, ana, ' Tesis ')).toEqual({ name: 'Tesis', created: true });
    expect(await createCollection(deps, ana, 'Tesis')).toEqual({ name: 'Tesis', created: false });
    await insertDocuments(deps.db, ana, [{ titulo: 'Archivado', biblioteca: 'Campo' }]);
    expect(await createCollection(deps, ana, 'Campo')).toEqual({ name: 'Campo', created: false });
    expect(await listCollections(deps, ana)).toEqual([
      { name: 'Campo', documents: 1 },
      { name: 'Tesis', documents: 0 },
    ]);
  });

  it("is the user's own: another user makes the same name, and neither lists the other's", async () => {
    const ana = await user('propia-ana@example.org');
    const ben = await user('propia-ben@example.org');
    expect((await createCollection(deps, ana, 'Secreta')).created).toBe(true);
    expect((await createCollection(deps, ben, 'Secreta')).created).toBe(true);
    await createCollection(deps, ana, 'Solo de Ana');
    expect((await listCollections(deps, ben)).map((c) => c.name)).toEqual(['Secreta']);
    expect((await listCollections(deps, ana)).map((c) => c.name)).toEqual(['Secreta', 'Solo de Ana']);
  });
});

describe('renaming a collection', () => {
  it("moves its documents, merging into a collection the new name already has; another user's is not found", async () => {
    const ana = await user('renombra-ana@example.org');
    const ben = await user('renombra-ben@example.org');
    const [a1, a2, a3] = await insertDocuments(deps.db, ana, [
      { titulo: 'Uno', biblioteca: 'Borrador' },
      { titulo: 'Dos', biblioteca: 'Borrador' },
      { titulo: 'Tres', biblioteca: 'Final' },
    ]);
    const [b1] = await insertDocuments(deps.db, ben, [{ titulo: 'De Ben', biblioteca: 'Borrador' }]);

    expect(await refusal(() => renameCollection(deps, ben, 'Final', 'Robada'))).toEqual({ codigo: 'no_encontrado' });
    expect(await renameCollection(deps, ana, 'Borrador', ' Final ')).toEqual({
      from: 'Borrador',
      to: 'Final',
      moved: 2,
    });
    for (const id of [a1!, a2!, a3!]) expect((await findDocument(deps.db, ana, id))?.biblioteca).toBe('Final');
    expect(await listCollections(deps, ana)).toEqual([{ name: 'Final', documents: 3 }]);
    // Ben's collection of the same old name is his, and stays as it was.
    expect((await findDocument(deps.db, ben, b1!))?.biblioteca).toBe('Borrador');
    expect(await refusal(() => renameCollection(deps, ana, 'Borrador', 'Otra'))).toEqual({ codigo: 'no_encontrado' });
  });
});

describe('filing documents under a collection', () => {
  it("changes only the caller's documents, makes the collection if new, and takes them out with null", async () => {
    const ana = await user('asigna-ana@example.org');
    const ben = await user('asigna-ben@example.org');
    const [mine, filed] = await insertDocuments(deps.db, ana, [
      { titulo: 'Mío' },
      { titulo: 'Ya archivado', biblioteca: 'Nueva' },
    ]);
    const [theirs] = await insertDocuments(deps.db, ben, [{ titulo: 'De Ben' }]);

    const assigned = await assignCollection(deps, ana, [mine, filed, theirs, mine], 'Nueva');
    // The one already there and Ben's are not changed; a repeated id counts once.
    expect(assigned).toEqual({ name: 'Nueva', changed: [mine] });
    expect((await findDocument(deps.db, ben, theirs!))?.biblioteca).toBeNull();
    expect(await listCollections(deps, ben)).toEqual([]);

    expect(await assignCollection(deps, ben, [mine, filed], null)).toEqual({ name: null, changed: [] });
    expect((await findDocument(deps.db, ana, filed!))?.biblioteca).toBe('Nueva');
    expect((await assignCollection(deps, ana, [filed], null)).changed).toEqual([filed]);
    // The collection stays, now with one document fewer.
    expect(await listCollections(deps, ana)).toEqual([{ name: 'Nueva', documents: 1 }]);
  });

  it('takes 1 to 200 well-formed ids at once', async () => {
    const ana = await user('limites-ana@example.org');
    const ids = await insertDocuments(
      deps.db,
      ana,
      Array.from({ length: 201 }, (_, i) => ({ titulo: `Documento ${i}` })),
    );
    for (const bad of [[], ['../otro', 7], ids]) {
      expect(await refusal(() => assignCollection(deps, ana, bad, 'Lote'))).toEqual({
        codigo: 'peticion_invalida',
        campo: 'ids',
      });
    }
    expect((await assignCollection(deps, ana, ids.slice(0, 200), 'Lote')).changed).toHaveLength(200);
    expect(await refusal(() => assignCollection(deps, ana, [ids[200]], ''))).toEqual({
      codigo: 'peticion_invalida',
      campo: 'biblioteca',
    });
  });
});
