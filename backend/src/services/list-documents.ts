import type { Estado, ListaDocumentos } from '@folio/shared';
import type { Deps } from '../context';
import { listDocuments } from '../db/documents.repo';
import { invalidField } from '../errors';
import { foldText } from '../ids';
import { presentDocument } from './present-document';

export interface ListQuery {
  q?: string;
  estado?: Estado;
  biblioteca?: string;
  limite?: number;
  cursor?: string;
}

const encodeCursor = (seq: string) => Buffer.from(`s:${seq}`).toString('base64url');

function decodeCursor(cursor: string): string {
  const m = /^s:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m)
    throw invalidField(
      'cursor',
      'El cursor no es válido: usa el valor de `siguiente`.',
      'Invalid cursor: pass `siguiente`.',
    );
  return m[1]!;
}

/** The caller's library, newest first. The cursor is the position after the last document of a page. */
export async function listLibrary(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  query: ListQuery,
): Promise<ListaDocumentos> {
  const limit = query.limite ?? 50;
  const { rows, total } = await listDocuments(deps.db, userId, {
    q: query.q ? foldText(query.q) : undefined,
    estado: query.estado,
    biblioteca: query.biblioteca,
    limit: limit + 1,
    beforeSeq: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    documentos: page.map((r) => presentDocument(r, deps.config.publicUrl, { list: true })),
    total,
    ...(more && { siguiente: encodeCursor(page[page.length - 1]!.seq) }),
  };
}
