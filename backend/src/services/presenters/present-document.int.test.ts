import { Documento } from '@folio/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { findDocument, updateDocument, type DocumentPatch, type DocumentRow } from '../../db/documents.repo';
import { ensureUser } from '../../db/users.repo';
import { useTestStore } from '../../testing/harness';
import { insertDocuments } from '../../testing/insert-documents';
import { presentDocument } from './present-document';

const PUBLIC = 'https://folio.example';
const fx = useTestStore();
let db: Db;
let userId: string;
beforeAll(async () => {
  db = (await fx.openStore()).db;
  userId = (await ensureUser(db, 'ana@example.org')).id;
});

/** A stored row, as the repository reads it back, after `patch`. */
async function row(patch: DocumentPatch): Promise<DocumentRow> {
  const [id] = await insertDocuments(db, userId, [{ titulo: 'Calidad del agua', biblioteca: 'Tesis' }]);
  await updateDocument(db, id!, { autores: ['Pérez Canul, Lucía', 'Eich, Brendan'], ...patch });
  return (await findDocument(db, userId, id!))!;
}

/** The presented document, checked against the contract: no field the contract does not name. */
function present(r: DocumentRow, opts?: { list?: boolean }): Documento {
  const doc = presentDocument(r, PUBLIC, opts);
  expect(Documento.parse(doc)).toEqual(doc);
  expect(Object.keys(doc).filter((k) => !(k in Documento.shape))).toEqual([]);
  return doc;
}

describe('a document as the API shows it', () => {
  it('while it is read: its progress, its phase and where to poll; no reference yet', async () => {
    const r = await row({ estado: 'procesando', progreso: 0.4, fase: 'leyendo', referencia: 'Pérez Canul (2021).' });
    const doc = present(r);
    expect(doc).toMatchObject({ estado: 'procesando', progreso: 0.4, fase: 'leyendo', biblioteca: 'Tesis' });
    expect(doc.progreso_url).toBe(`${PUBLIC}/api/v1/documentos/${encodeURIComponent(r.id)}`);
    expect(doc.texto_url).toBe(`${doc.progreso_url}/texto`);
    expect(doc.enlace.startsWith(PUBLIC)).toBe(true);
    expect(doc).not.toHaveProperty('referencia');
    // Queued, with nothing recorded yet: progress 0, and its state as its phase.
    expect(present(await row({}))).toMatchObject({ estado: 'en_cola', progreso: 0, fase: 'en_cola' });
  });

  it('when ready: its reference and notice, and nothing of the progress', async () => {
    const doc = present(await row({ estado: 'listo', referencia: 'Pérez Canul (2021).', aviso: 'Sin texto.' }));
    expect(doc).toMatchObject({ estado: 'listo', referencia: 'Pérez Canul (2021).', aviso: 'Sin texto.' });
    for (const field of ['progreso', 'fase', 'progreso_url', 'error']) expect(doc).not.toHaveProperty(field);
  });

  it('when failed: why, a default when nothing was recorded; no reference nor notice', async () => {
    const failed = present(
      await row({ estado: 'error', error: 'El PDF está cifrado.', referencia: 'R.', aviso: 'A.' }),
    );
    expect(failed.error).toBe('El PDF está cifrado.');
    for (const field of ['referencia', 'aviso', 'progreso_url']) expect(failed).not.toHaveProperty(field);
    expect(present(await row({ estado: 'error' })).error).toBe('Error desconocido.');
  });

  it('gives its authors in full, and only their surnames in a list', async () => {
    const r = await row({ estado: 'listo' });
    expect(present(r).autores).toEqual(['Pérez Canul, Lucía', 'Eich, Brendan']);
    expect(present(r, { list: true }).autores).toEqual(['Pérez Canul', 'Eich']);
  });
});
