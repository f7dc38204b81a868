// The library's list and its filters, rendered: a document's row, the results block, the filters form, the page of documents.
import {
  ESTADOS,
  ListarQuery,
  TIPOS_DOCUMENTO,
  type Documento,
  type Estado,
  type ListaDocumentos,
  type TipoDocumento,
} from '@folio/shared';
import type { Context } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import type { CollectionRow } from '../../services/collections/list-collections';
import { LIST_SORTS, listLibrary, type ListSort } from '../../services/documents/list-documents';
import { presentDocument } from '../../services/presenters/present-document';
import { waitForDocument } from '../../services/documents/wait-for-document';
import { pageStrings, type Strings } from '../i18n';
import { csrfField } from '../layout';
import { sessionCsrfToken } from '../session';
import { errorText } from '../account/routes';

const PAGE_SIZE = 50;

const finished = (d: Documento) => d.estado === 'listo' || d.estado === 'error';

export function label(s: Strings, prefix: 'estado' | 'fase' | 'tipo', value: string): string {
  const key = `${prefix}_${value}`;
  return s.has(key) ? s.t(key) : value;
}

/** Said above the library while no embedding model answers: what is missing and the command that fixes it. */
export function semanticOffWarning(s: Strings, model: string) {
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
export async function rowJson(c: Context<AppEnv>, s: Strings, d: Documento, status: number, aviso?: string) {
  const fila = await documentRow(s, d, sessionCsrfToken(c));
  return c.json({ documento: d, fila: String(fila), ...(aviso && { aviso }) }, status as 200);
}

/** What the list is narrowed and ordered by, read from the address. */
export interface Filters {
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
export function readFilters(c: Context<AppEnv>): { filters: Filters; problems: string[] } {
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
export function hrefOf(f: Partial<Filters>): string {
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

/** The part of the page our script swaps while you type: count, selection actions, table, pager, export. */
export function resultsBlock(
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

/** The form that narrows and orders the list (the page's script submits it as you type). */
export function filtersForm(s: Strings, filters: Filters, collections: CollectionRow[], filtered: boolean) {
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
export async function listPage(c: Context<AppEnv>, s: Strings, filters: Filters, problems: string[]) {
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

/** GET /biblioteca/documentos/:id: what our script polls while a document is in progress; `esperar` long-polls up to 25 s. */
export async function documentRowJson(c: Context<AppEnv, '/biblioteca/documentos/:id'>) {
  const s = pageStrings(c);
  const { deps } = c.var;
  const seconds = Math.min(25, Math.max(0, Number(c.req.query('esperar') ?? 0) || 0));
  const row = await waitForDocument(deps, c.var.webUser!.userId, c.req.param('id'), seconds, c.req.raw.signal);
  return rowJson(c, s, presentDocument(row, deps.config.publicUrl, { list: true }), 200);
}
