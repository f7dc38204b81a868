// The library (or a collection, or a filtered view) exported as references.
import { ListarQuery } from '@folio/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { foldText } from '../../text/fold';
import { exportLibrary } from '../../services/cite/export-references';

/** A file name made of a collection name: letters, digits and dashes. */
function slugOf(name: string): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'coleccion';
}

/**
 * GET /biblioteca/exportar: the whole library as a file of references, like `GET /documentos?formato=…` of
 * the API; `biblioteca` narrows it to one collection.
 */
export async function exportReferences(c: Context<AppEnv>) {
  const formato = c.req.query('formato');
  if (formato !== 'bibtex' && formato !== 'ris' && formato !== 'csljson') return c.redirect('/biblioteca', 302);
  const parsed = ListarQuery.shape.biblioteca.safeParse(c.req.query('biblioteca') || undefined);
  const biblioteca = parsed.success && !parsed.data?.includes('\u0000') ? parsed.data : undefined;
  if (!parsed.success || biblioteca !== parsed.data) return c.redirect('/biblioteca', 302);
  const file = await exportLibrary(c.var.deps, c.var.webUser!.userId, { biblioteca }, formato);
  const fileName = biblioteca
    ? file.fileName.replace('folio-biblioteca', `folio-${slugOf(biblioteca)}`)
    : file.fileName;
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
  });
}
