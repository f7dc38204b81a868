import fs from 'node:fs/promises';
import path from 'node:path';
import { SubirUrl, type Documento } from '@folio/shared';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { streamMultipart } from '../../http/upload-body';
import { deleteLibraryDocument } from '../../services/delete-document';
import { exportLibrary } from '../../services/export-references';
import { listLibrary } from '../../services/list-documents';
import { presentDocument } from '../../services/present-document';
import { submitUrl } from '../../services/submit-url';
import { uploadFile, type UploadOutcome } from '../../services/upload-document';
import { waitForDocument } from '../../services/wait-for-document';
import { assertSessionToken, CSRF_FIELD, CSRF_HEADER, webCsrf } from '../csrf';
import { formOf, wantsJson } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderMessage, renderPage, takeFlash } from '../layout';
import { requireWebUser, sessionCsrfToken } from '../session';
import { securityHeaders } from '../security-headers';
import { errorText } from './account';
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
      ${d.estado === 'listo' ? html`<a href="${d.enlace}">${d.titulo}</a>` : d.titulo}
      ${d.estado === 'error' && d.error ? html`<p class="doc-error">${d.error}</p>` : ''}
    </th>
    <td>${d.autores.join('; ')}${d.anio != null ? html` <span class="year">(${d.anio})</span>` : ''}</td>
    <td>${label(s, 'tipo', d.tipo)}</td>
    <td><span class="badge estado-${d.estado}">${label(s, 'estado', d.estado)}</span></td>
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
    <td><time datetime="${d.creado}">${s.date(d.creado)}</time></td>
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

/** /biblioteca: the user's documents, uploads by file or URL with progress, deletion. */
export function libraryRoutes(app: Hono<AppEnv>): void {
  const guard = [securityHeaders(), requireWebUser()] as const;

  app.get('/biblioteca', ...guard, async (c) => {
    const s = pageStrings(c);
    const { deps } = c.var;
    const user = c.var.webUser!;
    const csrf = sessionCsrfToken(c);
    const cursor = c.req.query('cursor') || undefined;
    let lista;
    try {
      lista = await listLibrary(deps, user.userId, { limite: PAGE_SIZE, cursor });
    } catch (err) {
      if (err instanceof AppError && err.codigo === 'peticion_invalida') return c.redirect('/biblioteca', 302);
      throw err;
    }
    const mb = Math.round(deps.config.maxUploadBytes / (1024 * 1024));
    const texts = JSON.stringify({
      uploading: s.t('uploading'),
      sent: s.t('upload_sent'),
      failed: s.t('upload_failed'),
      urlInvalid: s.t('url_invalid'),
      fileMissing: s.t('file_missing'),
      added: s.t('upload_added'),
      duplicate: s.t('upload_duplicate'),
      resumed: s.t('upload_resumed'),
    });
    return renderPage(c, s, {
      title: s.t('library_title'),
      user,
      csrf,
      active: 'biblioteca',
      path: '/biblioteca',
      scripts: ['confirm.js', 'tus.min.js', 'library.js'],
      notice: takeFlash(c, s),
      body: html`${deps.engines.embedder ? '' : semanticOffWarning(s, deps.config.embeddings.localModel)}
        <section class="card" aria-labelledby="anadir-titulo" data-textos="${texts}" id="anadir">
          <h2 id="anadir-titulo">${s.t('add_title')}</h2>
          <div class="add-grid">
            <form
              id="subir-archivo"
              method="post"
              action="/biblioteca/subir"
              enctype="multipart/form-data"
              data-max-bytes="${deps.config.maxUploadBytes}"
              data-partes="${WEB_SUBIDAS_PATH}"
            >
              ${csrfField(csrf)}
              <label for="archivo">${s.t('upload_file')}</label>
              <input id="archivo" name="archivo" type="file" required aria-describedby="archivo-ayuda" />
              <p id="archivo-ayuda" class="hint">${s.t('upload_file_hint', { mb })}</p>
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
        </section>
        <section aria-labelledby="docs-titulo">
          <h2 id="docs-titulo">
            ${s.t('docs_title')}
            <small class="count" id="total" data-n="${lista.total}" data-template="${s.t('docs_count')}"
              >${s.t('docs_count', { n: lista.total })}</small
            >
          </h2>
          <p class="empty" id="vacia" ${lista.documentos.length ? 'hidden' : ''}>${s.t('docs_none')}</p>
          <div class="table-wrap" ${lista.documentos.length ? '' : 'hidden'} id="tabla-docs">
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
            lista.total
              ? html`<p class="export" id="exportar">
                  ${s.t('export_label')}
                  <a href="/biblioteca/exportar?formato=bibtex" download>BibTeX</a> ·
                  <a href="/biblioteca/exportar?formato=ris" download>RIS</a> ·
                  <a href="/biblioteca/exportar?formato=csljson" download>CSL-JSON</a>
                </p>`
              : ''
          }
          <nav class="pager" aria-label="${s.t('docs_title')}">
            ${cursor ? html`<a href="/biblioteca">${s.t('newest')}</a>` : ''}
            ${
              lista.siguiente
                ? html`<a href="/biblioteca?cursor=${encodeURIComponent(lista.siguiente)}">${s.t('older')}</a>`
                : ''
            }
          </nav>
        </section>`,
    });
  });

  app.post('/biblioteca/subir', ...guard, webCsrf('checked-by-handler'), async (c) => {
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
      try {
        assertSessionToken(c, c.req.header(CSRF_HEADER) ?? fields[CSRF_FIELD]);
        if (file.size === 0) {
          throw new AppError('peticion_invalida', {
            mensaje: 'El archivo está vacío.',
            message: 'The file is empty.',
            detalles: { campo: 'archivo' },
          });
        }
      } catch (err) {
        await fs.rm(file.tmpPath, { force: true });
        throw err;
      }
      const { row, outcome } = await uploadFile(deps, user.userId, file, {});
      return answerAdded(c, s, presentDocument(row, deps.config.publicUrl, { list: true }), outcome);
    } catch (err) {
      if (err instanceof AppError && err.codigo === 'prohibido') throw err;
      return failAdd(c, s, err);
    }
  });

  app.post('/biblioteca/url', ...guard, webCsrf('session'), async (c) => {
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
  });

  // The whole library as a file of references, like `GET /documentos?formato=…` of the API.
  app.get('/biblioteca/exportar', ...guard, async (c) => {
    const formato = c.req.query('formato');
    if (formato !== 'bibtex' && formato !== 'ris' && formato !== 'csljson') return c.redirect('/biblioteca', 302);
    const file = await exportLibrary(c.var.deps, c.var.webUser!.userId, {}, formato);
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
    });
  });

  // Our script polls this while a document is in progress; `esperar` long-polls up to 25 s.
  app.get('/biblioteca/documentos/:id', ...guard, async (c) => {
    const s = pageStrings(c);
    const { deps } = c.var;
    const seconds = Math.min(25, Math.max(0, Number(c.req.query('esperar') ?? 0) || 0));
    const row = await waitForDocument(deps, c.var.webUser!.userId, c.req.param('id'), seconds, c.req.raw.signal);
    return rowJson(c, s, presentDocument(row, deps.config.publicUrl, { list: true }), 200);
  });

  app.post('/biblioteca/documentos/:id/borrar', ...guard, webCsrf('session'), async (c) => {
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
    if ((await formOf(c)).get('confirmado') !== '1') {
      return renderPage(c, s, {
        title: s.t('confirm_title'),
        user,
        csrf: sessionCsrfToken(c),
        active: 'biblioteca',
        path: '/biblioteca',
        body: html`<form class="card narrow" method="post" action="/biblioteca/documentos/${id}/borrar">
          <p>${s.t('delete_confirm', { title: row.titulo })}</p>
          ${csrfField(sessionCsrfToken(c))}
          <input type="hidden" name="confirmado" value="1" />
          <div class="actions">
            <a href="/biblioteca">${s.t('cancel')}</a>
            <button type="submit" class="danger">${s.t('delete')}</button>
          </div>
        </form>`,
      });
    }
    await deleteLibraryDocument(deps, user.userId, id);
    flash(c, 'deleted', { title: row.titulo });
    return c.redirect('/biblioteca', 303);
  });
}
