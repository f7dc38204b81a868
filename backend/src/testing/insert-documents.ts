import type { Estado } from '@folio/shared';
import type { Db } from '../db/db';
import { insertDocument, updateDocument } from '../db/documents.repo';
import { findUserByEmail } from '../db/users.repo';
import { newId } from '../ids';
import { searchKeyOf } from '../services/documents/document-metadata';

/** A library row as a test wants it: its title, and where it stands. */
export interface DocumentSpec {
  titulo: string;
  estado?: Estado;
  biblioteca?: string;
}

/**
 * Inserts documents straight through the repository, in one transaction, in the order given (so their
 * sequence numbers rise in that order), without files or content: for tests of what lists a library,
 * where a thousand uploads would only be slow. Returns the new ids in the order inserted.
 */
export async function insertDocuments(db: Db, userId: string, specs: readonly DocumentSpec[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const spec of specs) {
      const id = newId();
      await insertDocument(tx, {
        id,
        userId,
        titulo: spec.titulo,
        autores: [],
        tipo: 'documento',
        ...(spec.biblioteca && { biblioteca: spec.biblioteca }),
        userMeta: {},
        searchKey: searchKeyOf(spec.titulo, []),
      });
      if (spec.estado && spec.estado !== 'en_cola') await updateDocument(tx, id, { estado: spec.estado });
      ids.push(id);
    }
    return ids;
  });
}

/** The id of the user with this e-mail (made by `server.key(email)`). */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user ${email}`);
  return user.id;
}
