import type { Deps } from '../../context';
import { canonicalStyleId } from '../../cite/csl/registry';
import { deleteCslStyle } from '../../db/csl-styles.repo';
import { notFound } from '../../errors';

/** Deletes one of the caller's own styles (bundled styles cannot be); 404 when there is none. */
export async function deleteStyle(deps: Pick<Deps, 'db'>, userId: string, estilo: string) {
  const id = canonicalStyleId(estilo);
  if (!(await deleteCslStyle(deps.db, userId, id))) throw notFound();
  return { ok: true, id, borrado: true };
}
