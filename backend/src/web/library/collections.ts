// Collections on the library page: the block that lists them, and the forms that create, rename and assign.
import type { Context } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { assignCollection } from '../../services/collections/assign-collection';
import { createCollection } from '../../services/collections/create-collection';
import type { CollectionRow } from '../../services/collections/list-collections';
import { renameCollection } from '../../services/collections/rename-collection';
import { formOf } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderMessage } from '../layout';
import { sessionCsrfToken } from '../session';
import { errorText } from '../account/routes';
import { hrefOf, type Filters } from './list';

/** Where a form of this page goes back to: the library view it was posted from, nothing else. */
function safeBack(raw: unknown): string {
  return typeof raw === 'string' && /^\/biblioteca(\?[^#\s\\]*)?$/.test(raw) ? raw : '/biblioteca';
}

/** A refused collection form: a page saying why, with the way back. */
function failForm(c: Context<AppEnv>, s: Strings, err: unknown, back: string) {
  if (!(err instanceof AppError) || err.estado >= 500) throw err;
  return renderMessage(c, s, {
    title: s.t('error_title'),
    message: errorText(s, err),
    status: err.estado,
    back,
    user: c.var.webUser,
    csrf: sessionCsrfToken(c),
  });
}

/** The collections: each one to filter by and to rename, and a form to make a new one. */
export function collectionsBlock(
  s: Strings,
  csrf: string | undefined,
  collections: CollectionRow[],
  f: Filters,
  here: string,
) {
  return html`<section class="card" id="colecciones" aria-labelledby="colecciones-titulo">
    <h2 id="colecciones-titulo">${s.t('collections_title')}</h2>
    ${
      collections.length
        ? html`<ul class="collections">
            ${collections.map(
              (k, i) =>
                html`<li>
                  <a
                    href="${hrefOf({ orden: f.orden, biblioteca: k.name })}"
                    ${k.name === f.biblioteca ? html`aria-current="true"` : ''}
                    >${k.name}</a
                  >
                  <span class="count">${s.t('collection_docs', { n: k.documents })}</span>
                  <details>
                    <summary>${s.t('collection_rename')}<span class="visually-hidden">: ${k.name}</span></summary>
                    <form method="post" action="/biblioteca/colecciones/renombrar" class="inline-form">
                      ${csrfField(csrf)}
                      <input type="hidden" name="volver" value="${here}" />
                      <input type="hidden" name="desde" value="${k.name}" />
                      <label for="renombrar-${i}">${s.t('collection_rename_label', { name: k.name })}</label>
                      <input id="renombrar-${i}" name="nombre" type="text" value="${k.name}" required maxlength="200" />
                      <button type="submit">${s.t('collection_rename')}</button>
                    </form>
                  </details>
                </li>`,
            )}
          </ul>`
        : html`<p class="hint">${s.t('collections_none')}</p>`
    }
    <form method="post" action="/biblioteca/colecciones" class="inline-form" id="nueva-coleccion">
      ${csrfField(csrf)}
      <input type="hidden" name="volver" value="${here}" />
      <label for="coleccion-nombre">${s.t('collection_name')}</label>
      <input id="coleccion-nombre" name="nombre" type="text" required maxlength="200" />
      <button type="submit">${s.t('collection_create')}</button>
    </form>
  </section>`;
}

/** POST /biblioteca/colecciones: a new collection (an existing name is said, not an error). */
export async function createCollectionForm(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const form = await formOf(c);
  const back = safeBack(form.get('volver'));
  try {
    const { name, created } = await createCollection(c.var.deps, c.var.webUser!.userId, form.get('nombre'));
    flash(c, created ? 'collection_created' : 'collection_exists', { name });
    return c.redirect(back, 303);
  } catch (err) {
    return failForm(c, s, err, back);
  }
}

/** POST /biblioteca/colecciones/renombrar: a collection renamed, its documents moved with it. */
export async function renameCollectionForm(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const form = await formOf(c);
  const back = safeBack(form.get('volver'));
  try {
    const { from, to, moved } = await renameCollection(
      c.var.deps,
      c.var.webUser!.userId,
      form.get('desde'),
      form.get('nombre'),
    );
    flash(c, 'collection_renamed', { from, to, n: String(moved) });
    // Looking at the collection renamed: go on looking at it under its new name.
    const url = new URL(back, 'http://x');
    if (url.searchParams.get('biblioteca') === from) {
      url.searchParams.set('biblioteca', to);
      url.searchParams.delete('cursor');
    }
    return c.redirect(`${url.pathname}${url.search}`, 303);
  } catch (err) {
    if (err instanceof AppError && err.codigo === 'no_encontrado') {
      return renderMessage(c, s, {
        title: s.t('error_title'),
        message: s.t('collection_not_found'),
        status: 404,
        back,
        user: c.var.webUser,
        csrf: sessionCsrfToken(c),
      });
    }
    return failForm(c, s, err, back);
  }
}

/** POST /biblioteca/colecciones/asignar: the selected documents put in a collection, or taken out of theirs. */
export async function assignCollectionForm(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const form = await formOf(c);
  const back = safeBack(form.get('volver'));
  try {
    const remove = form.get('accion') === 'quitar';
    const { name, changed } = await assignCollection(
      c.var.deps,
      c.var.webUser!.userId,
      form.getAll('ids'),
      remove ? null : form.get('biblioteca'),
    );
    if (name === null) flash(c, 'unassigned', { n: String(changed.length) });
    else flash(c, 'assigned', { n: String(changed.length), name });
    return c.redirect(back, 303);
  } catch (err) {
    return failForm(c, s, err, back);
  }
}
