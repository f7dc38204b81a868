// Deleting a document from the library, asked first.
import type { Context } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { deleteLibraryDocument } from '../../services/documents/delete-document';
import { waitForDocument } from '../../services/documents/wait-for-document';
import { formOf } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderMessage, renderPage } from '../layout';
import { sessionCsrfToken, type WebUser } from '../session';

/** The page that asks before deleting, for a form posted without `confirmado`. */
function confirmDeletion(c: Context<AppEnv>, s: Strings, user: WebUser, id: string, title: string) {
  return renderPage(c, s, {
    title: s.t('confirm_title'),
    user,
    csrf: sessionCsrfToken(c),
    active: 'biblioteca',
    path: '/biblioteca',
    body: html`<form class="card narrow" method="post" action="/biblioteca/documentos/${id}/borrar">
      <p>${s.t('delete_confirm', { title })}</p>
      ${csrfField(sessionCsrfToken(c))}
      <input type="hidden" name="confirmado" value="1" />
      <div class="actions">
        <a href="/biblioteca">${s.t('cancel')}</a>
        <button type="submit" class="danger">${s.t('delete')}</button>
      </div>
    </form>`,
  });
}

/** POST /biblioteca/documentos/:id/borrar: a document deleted once confirmed. */
export async function deleteDocumentForm(c: Context<AppEnv, '/biblioteca/documentos/:id/borrar'>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const user = c.var.webUser!;
  const id = c.req.param('id');
  const row = await waitForDocument(deps, user.userId, id, 0).catch((err: unknown) => {
    if (err instanceof AppError && err.codigo === 'no_encontrado') return undefined;
    throw err;
  });
  if (!row) {
    return renderMessage(c, s, {
      title: s.t('error_title'),
      message: s.t('doc_not_found'),
      status: 404,
      user,
      csrf: sessionCsrfToken(c),
    });
  }
  if ((await formOf(c)).get('confirmado') !== '1') return confirmDeletion(c, s, user, id, row.titulo);
  await deleteLibraryDocument(deps, user.userId, id);
  flash(c, 'deleted', { title: row.titulo });
  return c.redirect('/biblioteca', 303);
}
