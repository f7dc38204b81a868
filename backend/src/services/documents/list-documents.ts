import type { Estado, ListaDocumentos, TipoDocumento } from '@folio/shared';
import type { Deps } from '../../context';
import { listDocuments, sortKeyTypes, type ListSort, type SortPosition } from '../../db/documents.repo';
import { invalidField } from '../../errors';
import { foldText } from '../../text/fold';
import { presentDocument } from '../presenters/present-document';

export type { ListSort } from '../../db/documents.repo';

/** The orders of a library list, as the contract names them (`orden`). */
export const LIST_SORTS: readonly ListSort[] = ['anadido', 'titulo', 'autor', 'anio'];

export interface ListQuery {
  q?: string;
  estado?: Estado;
  tipo?: TipoDocumento;
  biblioteca?: string;
  etiqueta?: string;
  /** Default `anadido` (newest first); `titulo` and `autor` A to Z; `anio` newest first, undated last. */
  orden?: ListSort;
  limite?: number;
  cursor?: string;
}

const badCursor = () =>
  invalidField('cursor', 'El cursor no es válido: usa el valor de `siguiente`.', 'Invalid cursor: pass `siguiente`.');

/**
 * A cursor names the order it was made in and the last row's keys plus its `seq` (unique), so that a page
 * starts exactly after the previous one whatever rows share a title or a year. The newest-first cursor
 * keeps its older, shorter form (`s:<seq>`), so cursors handed out before sorting existed still work.
 */
function encodeCursor(sort: ListSort, at: SortPosition): string {
  const raw = sort === 'anadido' ? `s:${at.seq}` : `o:${JSON.stringify({ o: sort, k: at.keys, s: at.seq })}`;
  return Buffer.from(raw).toString('base64url');
}

function decodeCursor(sort: ListSort, cursor: string): SortPosition {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const seq = /^s:(\d{1,19})$/.exec(raw);
  if (seq) {
    if (sort !== 'anadido') throw badCursor();
    return { keys: [], seq: seq[1]! };
  }
  if (!raw.startsWith('o:')) throw badCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.slice(2));
  } catch {
    throw badCursor();
  }
  const { o, k, s } = (parsed ?? {}) as { o?: unknown; k?: unknown; s?: unknown };
  const types = sortKeyTypes(sort);
  const typeOk = (v: unknown, i: number) =>
    types[i] === 'text'
      ? typeof v === 'string' && !v.includes('\u0000')
      : types[i] === 'int'
        ? Number.isSafeInteger(v)
        : typeof v === 'boolean';
  if (
    o !== sort ||
    typeof s !== 'string' ||
    !/^\d{1,19}$/.test(s) ||
    !Array.isArray(k) ||
    k.length !== types.length ||
    !k.every(typeOk)
  ) {
    throw badCursor();
  }
  return { keys: k as SortPosition['keys'], seq: s };
}

/**
 * The caller's library in the order asked (newest first by default), one page at a time. The cursor is
 * the position after the last document of a page, in that order; it is refused in another order.
 */
export async function listLibrary(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  query: ListQuery,
): Promise<ListaDocumentos> {
  const limit = query.limite ?? 50;
  const sort = query.orden ?? 'anadido';
  const { rows, total, positions } = await listDocuments(deps.db, userId, {
    q: query.q ? foldText(query.q) : undefined,
    estado: query.estado,
    tipo: query.tipo,
    biblioteca: query.biblioteca,
    etiqueta: query.etiqueta,
    sort,
    limit: limit + 1,
    after: query.cursor ? decodeCursor(sort, query.cursor) : undefined,
  });
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    documentos: page.map((r) => presentDocument(r, deps.config.publicUrl, { list: true })),
    total,
    ...(more && { siguiente: encodeCursor(sort, positions[page.length - 1]!) }),
  };
}
