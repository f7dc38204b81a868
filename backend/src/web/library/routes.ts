import path from 'node:path';
import {
  ESTADOS,
  ListarQuery,
  SubirUrl,
  TIPOS_DOCUMENTO,
  type Documento,
  type Estado,
  type ListaDocumentos,
  type TipoDocumento,
} from '@folio/shared';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { acceptUpload, streamMultipart } from '../../http/upload-body';
import { foldText } from '../../text/fold';
import { assignCollection } from '../../services/collections/assign-collection';
import { createCollection } from '../../services/collections/create-collection';
import { deleteLibraryDocument } from '../../services/documents/delete-document';
import { exportLibrary } from '../../services/cite/export-references';
import { listCollections, type CollectionRow } from '../../services/collections/list-collections';
import { LIST_SORTS, listLibrary, type ListSort } from '../../services/documents/list-documents';
import { presentDocument } from '../../services/presenters/present-document';
import { renameCollection } from '../../services/collections/rename-collection';
import { submitUrl } from '../../services/documents/submit-url';
import { uploadFile, type UploadOutcome } from '../../services/documents/upload-document';
import { waitForDocument } from '../../services/documents/wait-for-document';
import { assertSessionToken, CSRF_FIELD, CSRF_HEADER, webCsrf } from '../csrf';
import { formOf, wantsJson } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderMessage, renderPage, takeFlash } from '../layout';
import { requireWebUser, sessionCsrfToken, type WebUser } from '../session';
import { securityHeaders } from '../security-headers';
import { errorText } from '../account/routes';
import { WEB_SUBIDAS_PATH } from './uploads-in-parts';

const PAGE_SIZE = 50;
const finished = (d: Documento) => d.estado === 'listo' || d.estado === 'error';

function label(s: Strings, prefix: 'estado' | 'fase' | 'tipo', value: string): string {
  const key = `${prefix}_${value}`;
  return s.has(key) ? s.t(key) : value;
}

/** Said above the library while no embedding model answers: what is missing and the command that fixes it. */
function semanticOffWarning(s: Strings, model: string) {
  const [before = '', after = ''] = s.t('semantic_off', { model, command: '\u0000' }).split('\u0000');
  return html`<p class="warning" id="semantica-desactivada" role="status">
    ${before}<code>npm run folio -- models pull embeddings</code>${after}
  </p>`;
}

/** One row of the library table; the page's script swaps it for a fresher one while it is in progress. */
export function documentRow(s: Strings, d: Documento, csrf: string | undefined) {
  const pct = Math.round((d.progreso ?? 0) * 100);
  return html`<tr id="doc-${d.id}" data-id="${d.id}" data-estado="${d.estado}">
    <th scope="row" class="title">
      <input
        type="checkbox"
        class="pick"
        name="ids"
        value="${d.id}"
        form="asignar"
        aria-label="${s.t('lib_select', { title: d.titulo })}"
      />
      <a href="/biblioteca/documentos/${encodeURIComponent(d.id)}">${d.titulo}</a>
      ${
        d.biblioteca
          ? html`<a class="tag" href="/biblioteca?biblioteca=${encodeURIComponent(d.biblioteca)}"
              ><span class="visually-hidden">${s.t('lib_collection')}: </span>${d.biblioteca}</a
            >`
          : ''
      }
      ${(d.etiquetas ?? []).map(
        (tag) =>
          html`<a class="tag etiqueta" href="/biblioteca?etiqueta=${encodeURIComponent(tag)}"
            ><span class="visually-hidden">${s.t('lib_tag')}: </span>#${tag}</a
          >`,
      )}
      ${d.estado === 'error' && d.error ? html`<p class="doc-error">${d.error}</p>` : ''}
    </th>
    <td class="authors">
      ${d.autores.join('; ')}${d.anio != null ? html` <span class="year">(${d.anio})</span>` : ''}
    </td>
    <td class="type">
      ${d.solo_referencia ? html`<span class="badge solo-referencia">${s.t('tipo_solo_referencia')}</span>` : label(s, 'tipo', d.tipo)}
    </td>
    <td class="state"><span class="badge estado-${d.estado}">${label(s, 'estado', d.estado)}</span></td>
    <td class="progress-cell">
      ${
        finished(d)
          ? html`<span aria-hidden="true">—</span>`
          : html`<progress
                max="100"
                value="${pct}"
                aria-label="${s.t('progress_label', { title: d.titulo })}"
              ></progress>
              <span class="phase">${label(s, 'fase', d.fase ?? d.estado)} · ${pct} %</span>`
      }
    </td>
    <td class="added"><time datetime="${d.creado}">${s.date(d.creado)}</time></td>
    <td class="row-actions">
      <a href="/biblioteca/documentos/${d.id}/editar" aria-label="${s.t('edit')}: ${d.titulo}">${s.t('edit')}</a>
      <form
        method="post"
        action="/biblioteca/documentos/${d.id}/borrar"
        data-confirm="${s.t('delete_confirm', { title: d.titulo })}"
        data-confirm-yes="${s.t('delete')}"
        data-cancel="${s.t('cancel')}"
      >
        ${csrfField(csrf)}
        <button type="submit" class="danger" aria-label="${s.t('delete')}: ${d.titulo}">${s.t('delete')}</button>
      </form>
    </td>
  </tr>`;
}

/** What our scripts get back for one document: the resource and its rendered row. */
async function rowJson(c: Context<AppEnv>, s: Strings, d: Documento, status: number, aviso?: string) {
  const fila = await documentRow(s, d, sessionCsrfToken(c));
  return c.json({ documento: d, fila: String(fila), ...(aviso && { aviso }) }, status as 200);
}

/** After an upload: the script gets JSON; a plain form post goes back to the library with a notice. */
async function answerAdded(c: Context<AppEnv>, s: Strings, d: Documento, outcome: UploadOutcome) {
  const duplicate = outcome !== 'created';
  const aviso = s.t(duplicate ? 'upload_duplicate' : 'upload_added', { title: d.titulo });
  if (wantsJson(c)) return rowJson(c, s, d, duplicate ? 200 : 201, aviso);
  flash(c, duplicate ? 'upload_duplicate' : 'upload_added', { title: d.titulo });
  return c.redirect('/biblioteca', 303);
}

/** A refused upload or URL: the error shape for scripts, a page for plain forms. */
function failAdd(c: Context<AppEnv>, s: Strings, err: unknown) {
  if (!(err instanceof AppError) || wantsJson(c)) throw err;
  return renderMessage(c, s, {
    title: s.t('error_title'),
    message: s.t('upload_failed', { reason: errorText(s, err) }),
    status: err.estado,
    user: c.var.webUser,
    csrf: sessionCsrfToken(c),
  });
}

/** What the list is narrowed and ordered by, read from the address. */
interface Filters {
  q?: string;
  orden: ListSort;
  tipo?: TipoDocumento;
  estado?: Estado;
  biblioteca?: string;
  etiqueta?: string;
  cursor?: string;
}

/**
 * The list's query as the API's `GET /documentos` takes it (the same schema). A value that does not
 * pass is left out, and named, so the page shows the library without it and says why.
 */
function readFilters(c: Context<AppEnv>): { filters: Filters; problems: string[] } {
  const problems: string[] = [];
  const filters: Filters = { orden: 'anadido' };
  const fields = ['q', 'orden', 'tipo', 'estado', 'biblioteca', 'etiqueta', 'cursor'] as const;
  for (const field of fields) {
    const raw = c.req.query(field);
    const value = field === 'q' || field === 'etiqueta' ? raw?.trim() : raw;
    if (!value) continue;
    const parsed = ListarQuery.shape[field].safeParse(value);
    // eslint-disable-next-line no-control-regex
    if (!parsed.success || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) {
      problems.push(field);
      continue;
    }
    Object.assign(filters, { [field]: parsed.data });
  }
  return { filters, problems };
}

/** The library's address for these filters (defaults left out). */
function hrefOf(f: Partial<Filters>): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.orden && f.orden !== 'anadido') params.set('orden', f.orden);
  if (f.tipo) params.set('tipo', f.tipo);
  if (f.estado) params.set('estado', f.estado);
  if (f.biblioteca) params.set('biblioteca', f.biblioteca);
  if (f.etiqueta) params.set('etiqueta', f.etiqueta);
  if (f.cursor) params.set('cursor', f.cursor);
  const query = params.toString();
  return query ? `/biblioteca?${query}` : '/biblioteca';
}

/** Where a form of this page goes back to: the library view it was posted from, nothing else. */
function safeBack(raw: unknown): string {
  return typeof raw === 'string' && /^\/biblioteca(\?[^#\s\\]*)?$/.test(raw) ? raw : '/biblioteca';
}

/** A file name made of a collection name: letters, digits and dashes. */
function slugOf(name: string): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'coleccion';
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

/** The part of the page our script swaps while you type: count, selection actions, table, pager, export. */
function resultsBlock(
  s: Strings,
  csrf: string | undefined,
  lista: ListaDocumentos,
  f: Filters,
  collections: CollectionRow[],
  here: string,
  filtered: boolean,
) {
  const any = lista.documentos.length > 0;
  const exportHref = (formato: string) =>
    `/biblioteca/exportar?formato=${formato}${f.biblioteca ? `&biblioteca=${encodeURIComponent(f.biblioteca)}` : ''}`;
  return html`<div id="lista" data-orden="${f.orden}" data-filtrada="${filtered || f.cursor ? '1' : ''}">
    <p class="count" id="total" data-n="${lista.total}" data-template="${s.t('docs_count')}">
      ${s.t('docs_count', { n: lista.total })}
    </p>
    <p class="empty" id="vacia" ${any ? 'hidden' : ''}>${filtered ? s.t('lib_no_match') : s.t('docs_none')}</p>
    ${
      any
        ? html`<form id="asignar" class="assign" method="post" action="/biblioteca/colecciones/asignar">
            ${csrfField(csrf)}
            <input type="hidden" name="volver" value="${here}" />
            <fieldset>
              <legend>${s.t('assign_legend')}</legend>
              ${
                collections.length
                  ? html`<label for="asignar-biblioteca">${s.t('assign_target')}</label>
                      <select id="asignar-biblioteca" name="biblioteca">
                        ${collections.map(
                          (k) =>
                            html`<option value="${k.name}" ${k.name === f.biblioteca ? 'selected' : ''}>
                              ${k.name}
                            </option>`,
                        )}
                      </select>
                      <button type="submit" name="accion" value="asignar">${s.t('assign_submit')}</button>`
                  : html`<p class="hint">${s.t('assign_first')}</p>`
              }
              <button type="submit" name="accion" value="quitar">${s.t('unassign_submit')}</button>
            </fieldset>
          </form>`
        : ''
    }
    <div class="table-wrap" ${any ? '' : 'hidden'} id="tabla-docs">
      <table class="docs">
        <thead>
          <tr>
            <th scope="col">${s.t('col_title')}</th>
            <th scope="col">${s.t('col_authors')}</th>
            <th scope="col">${s.t('col_type')}</th>
            <th scope="col">${s.t('col_state')}</th>
            <th scope="col">${s.t('col_progress')}</th>
            <th scope="col">${s.t('col_added')}</th>
            <th scope="col"><span class="visually-hidden">${s.t('col_actions')}</span></th>
          </tr>
        </thead>
        <tbody id="documentos">
          ${lista.documentos.map((d) => documentRow(s, d, csrf))}
        </tbody>
      </table>
    </div>
    ${
      f.cursor || lista.siguiente
        ? html`<nav class="pager" aria-label="${s.t('lib_pages')}">
            ${f.cursor ? html`<a href="${hrefOf({ ...f, cursor: undefined })}">${s.t('lib_first')}</a>` : ''}
            ${lista.siguiente ? html`<a href="${hrefOf({ ...f, cursor: lista.siguiente })}" rel="next">${s.t('lib_next')}</a>` : ''}
          </nav>`
        : ''
    }
    ${
      lista.total || f.biblioteca
        ? html`<p class="export" id="exportar">
            ${f.biblioteca ? s.t('export_collection', { name: f.biblioteca }) : s.t('export_label')}
            <a href="${exportHref('bibtex')}" download>BibTeX</a> · <a href="${exportHref('ris')}" download>RIS</a> ·
            <a href="${exportHref('csljson')}" download>CSL-JSON</a>
          </p>`
        : ''
    }
  </div>`;
}

/** The collections: each one to filter by and to rename, and a form to make a new one. */
function collectionsBlock(
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

/** The page's texts for its script (uploads and their states). */
function uploadTexts(s: Strings): string {
  return JSON.stringify({
    uploading: s.t('uploading'),
    sent: s.t('upload_sent'),
    failed: s.t('upload_failed'),
    urlInvalid: s.t('url_invalid'),
    fileMissing: s.t('file_missing'),
    added: s.t('upload_added'),
    duplicate: s.t('upload_duplicate'),
    resumed: s.t('upload_resumed'),
    waiting: s.t('upload_waiting'),
    reading: s.t('upload_reading'),
  });
}

/** The upload limit in MB as the page says it: one under 1 MB (a test's, or a small server's) not as 0 MB. */
function uploadLimitMb(maxUploadBytes: number): number {
  const megabytes = maxUploadBytes / (1024 * 1024);
  return megabytes >= 10 ? Math.round(megabytes) : Number(megabytes.toPrecision(2));
}

/** Adding to the library: files (many at once, dropped or chosen; big ones in parts) and a URL. */
function addSection(s: Strings, csrf: string | undefined, maxUploadBytes: number) {
  const texts = uploadTexts(s);
  const mb = uploadLimitMb(maxUploadBytes);
  return html`<section class="card" aria-labelledby="anadir-titulo" data-textos="${texts}" id="anadir">
    <h2 id="anadir-titulo">${s.t('add_title')}</h2>
    <div class="add-grid">
      <form
        id="subir-archivo"
        class="dropzone"
        method="post"
        action="/biblioteca/subir"
        enctype="multipart/form-data"
        data-max-bytes="${maxUploadBytes}"
        data-partes="${WEB_SUBIDAS_PATH}"
        data-drop="${s.t('lib_drop_now')}"
      >
        ${csrfField(csrf)}
        <label for="archivo">${s.t('upload_file')}</label>
        <input
          id="archivo"
          name="archivo"
          type="file"
          multiple
          required
          aria-describedby="archivo-ayuda archivo-arrastrar"
        />
        <p id="archivo-ayuda" class="hint">
          ${s.t('upload_file_hint', { mb: new Intl.NumberFormat(s.lang).format(mb) })}
        </p>
        <p id="archivo-arrastrar" class="hint drop-hint">${s.t('lib_drop_hint')}</p>
        <button type="submit" class="primary">${s.t('upload_submit')}</button>
      </form>
      <form id="subir-url" method="post" action="/biblioteca/url">
        ${csrfField(csrf)}
        <label for="url">${s.t('url_label')}</label>
        <input
          id="url"
          name="url"
          type="url"
          inputmode="url"
          placeholder="https://"
          required
          aria-describedby="url-ayuda"
        />
        <p id="url-ayuda" class="hint">${s.t('url_hint')}</p>
        <button type="submit" class="primary">${s.t('url_submit')}</button>
      </form>
    </div>
    <ul id="subidas" class="uploads" aria-live="polite"></ul>
  </section>`;
}

/** The form that narrows and orders the list (the page's script submits it as you type). */
function filtersForm(s: Strings, filters: Filters, collections: CollectionRow[], filtered: boolean) {
  const option = (value: string, text: string, current: string | undefined) =>
    html`<option value="${value}" ${value === (current ?? '') ? 'selected' : ''}>${text}</option>`;
  return html`<form
    id="filtros"
    class="filters"
    method="get"
    action="/biblioteca"
    role="search"
    aria-label="${s.t('lib_filters')}"
  >
    <div class="filter-q">
      <label for="q">${s.t('lib_search')}</label>
      <input id="q" name="q" type="search" value="${filters.q ?? ''}" maxlength="500" autocomplete="off" />
    </div>
    <div>
      <label for="orden">${s.t('lib_sort')}</label>
      <select id="orden" name="orden">
        ${LIST_SORTS.map((o) => option(o, s.t(`sort_${o}`), filters.orden))}
      </select>
    </div>
    <div>
      <label for="tipo">${s.t('lib_type')}</label>
      <select id="tipo" name="tipo">
        ${option('', s.t('lib_any_type'), filters.tipo)}
        ${TIPOS_DOCUMENTO.map((t) => option(t, label(s, 'tipo', t), filters.tipo))}
      </select>
    </div>
    <div>
      <label for="estado">${s.t('lib_state')}</label>
      <select id="estado" name="estado">
        ${option('', s.t('lib_any_state'), filters.estado)}
        ${ESTADOS.map((e) => option(e, label(s, 'estado', e), filters.estado))}
      </select>
    </div>
    <div>
      <label for="biblioteca">${s.t('lib_collection')}</label>
      <select id="biblioteca" name="biblioteca">
        ${option('', s.t('lib_any_collection'), filters.biblioteca)}
        ${collections.map((k) => option(k.name, k.name, filters.biblioteca))}
        ${
          filters.biblioteca && !collections.some((k) => k.name === filters.biblioteca)
            ? option(filters.biblioteca, filters.biblioteca, filters.biblioteca)
            : ''
        }
      </select>
    </div>
    <div>
      <label for="etiqueta">${s.t('lib_tag')}</label>
      <input
        id="etiqueta"
        name="etiqueta"
        type="search"
        value="${filters.etiqueta ?? ''}"
        maxlength="200"
        autocomplete="off"
      />
    </div>
    <div class="filter-actions">
      <button type="submit">${s.t('lib_apply')}</button>
      ${filtered ? html`<a href="${hrefOf({ orden: filters.orden })}">${s.t('lib_clear')}</a>` : ''}
    </div>
  </form>`;
}

/**
 * A page of the library for these filters. A cursor of another order or a mangled one gives the first page,
 * its problem added to `problems`.
 */
async function listPage(c: Context<AppEnv>, s: Strings, filters: Filters, problems: string[]) {
  const { deps } = c.var;
  const user = c.var.webUser!;
  try {
    return await listLibrary(deps, user.userId, { ...filters, limite: PAGE_SIZE });
  } catch (err) {
    if (!(err instanceof AppError) || err.codigo !== 'peticion_invalida') throw err;
    problems.push(errorText(s, err));
    filters.cursor = undefined;
    return listLibrary(deps, user.userId, { ...filters, limite: PAGE_SIZE });
  }
}

/** GET /biblioteca: the add section, the filters, the list and the collections. */
async function libraryPage(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const user = c.var.webUser!;
  const csrf = sessionCsrfToken(c);
  const { filters, problems } = readFilters(c);
  const lista = await listPage(c, s, filters, problems);
  const collections = await listCollections(deps, user.userId);
  const here = hrefOf(filters);
  const filtered = Boolean(filters.q || filters.tipo || filters.estado || filters.biblioteca || filters.etiqueta);
  return renderPage(c, s, {
    title: s.t('library_title'),
    user,
    csrf,
    active: 'biblioteca',
    // No \`path\`: the language links keep this view's filters and order.
    scripts: ['confirm.js', 'tus.min.js', 'library.js'],
    styles: ['library.css'],
    notice: takeFlash(c, s),
    error: problems.length ? s.t('lib_bad_query', { reason: problems.join(' ') }) : undefined,
    status: problems.length ? 400 : 200,
    body: html`${deps.engines.embedder ? '' : semanticOffWarning(s, deps.config.embeddings.localModel)}
      ${addSection(s, csrf, deps.config.maxUploadBytes)}
      <section aria-labelledby="docs-titulo" id="documentos-seccion">
        <h2 id="docs-titulo">${s.t('docs_title')}</h2>
        ${filtersForm(s, filters, collections, filtered)}
        ${resultsBlock(s, csrf, lista, filters, collections, here, filtered)}
      </section>
      ${collectionsBlock(s, csrf, collections, filters, here)}`,
  });
}

/** POST /biblioteca/colecciones: a new collection (an existing name is said, not an error). */
async function createCollectionForm(c: Context<AppEnv>) {
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
async function renameCollectionForm(c: Context<AppEnv>) {
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
async function assignCollectionForm(c: Context<AppEnv>) {
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

/** POST /biblioteca/subir: one file, multipart, its session token in a header or a field. */
async function uploadForm(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const user = c.var.webUser!;
  try {
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError('peticion_invalida', {
        mensaje: 'Elige un archivo.',
        message: 'Choose a file.',
        detalles: { campo: 'archivo' },
      });
    }
    const { file, fields } = await streamMultipart(
      c.req.raw,
      deps.config.maxUploadBytes,
      path.join(deps.config.dataDir, 'tmp'),
    );
    await acceptUpload(
      file,
      () => undefined,
      () => assertSessionToken(c, c.req.header(CSRF_HEADER) ?? fields[CSRF_FIELD]),
    );
    const { row, outcome } = await uploadFile(deps, user.userId, file, {});
    return answerAdded(c, s, presentDocument(row, deps.config.publicUrl, { list: true }), outcome);
  } catch (err) {
    if (err instanceof AppError && err.codigo === 'prohibido') throw err;
    return failAdd(c, s, err);
  }
}

/** POST /biblioteca/url: a web address for the server to fetch. */
async function urlForm(c: Context<AppEnv>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const user = c.var.webUser!;
  try {
    const parsed = SubirUrl.safeParse({ url: ((await formOf(c)).get('url') ?? '').trim() });
    if (!parsed.success) {
      throw new AppError('peticion_invalida', {
        mensaje: 'Escribe una dirección web completa (https://…).',
        message: 'Type a full web address (https://…).',
        detalles: { campo: 'url' },
      });
    }
    const { row, outcome } = await submitUrl(deps, user.userId, parsed.data);
    return answerAdded(c, s, presentDocument(row, deps.config.publicUrl, { list: true }), outcome);
  } catch (err) {
    return failAdd(c, s, err);
  }
}

/**
 * GET /biblioteca/exportar: the whole library as a file of references, like `GET /documentos?formato=…` of
 * the API; `biblioteca` narrows it to one collection.
 */
async function exportReferences(c: Context<AppEnv>) {
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

/** GET /biblioteca/documentos/:id: what our script polls while a document is in progress; `esperar` long-polls up to 25 s. */
async function documentRowJson(c: Context<AppEnv, '/biblioteca/documentos/:id'>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const seconds = Math.min(25, Math.max(0, Number(c.req.query('esperar') ?? 0) || 0));
  const row = await waitForDocument(deps, c.var.webUser!.userId, c.req.param('id'), seconds, c.req.raw.signal);
  return rowJson(c, s, presentDocument(row, deps.config.publicUrl, { list: true }), 200);
}

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
async function deleteDocumentForm(c: Context<AppEnv, '/biblioteca/documentos/:id/borrar'>) {
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

/**
 * /biblioteca: the user's documents, sorted, filtered and paged as `GET /documentos` does (the same
 * service); uploads by file (many at once) or URL with progress; collections; export; deletion.
 */
export function libraryRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;
  app.get('/biblioteca', ...guard, libraryPage);
  app.post('/biblioteca/colecciones', ...guard, webCsrf('session'), createCollectionForm);
  app.post('/biblioteca/colecciones/renombrar', ...guard, webCsrf('session'), renameCollectionForm);
  app.post('/biblioteca/colecciones/asignar', ...guard, webCsrf('session'), assignCollectionForm);
  app.post('/biblioteca/subir', ...guard, webCsrf('checked-by-handler'), uploadForm);
  app.post('/biblioteca/url', ...guard, webCsrf('session'), urlForm);
  app.get('/biblioteca/exportar', ...guard, exportReferences);
  app.get('/biblioteca/documentos/:id', ...guard, documentRowJson);
  app.post('/biblioteca/documentos/:id/borrar', ...guard, webCsrf('session'), deleteDocumentForm);
}
