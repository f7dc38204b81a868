// Adding to the library: the add section, a file uploaded in one request, a URL (big files go in parts: uploads-in-parts.ts).
import path from 'node:path';
import { SubirUrl, type Documento } from '@folio/shared';
import type { Context } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/env';
import { acceptUpload, streamMultipart } from '../../http/upload-body';
import { presentDocument } from '../../services/presenters/present-document';
import { submitUrl } from '../../services/documents/submit-url';
import { uploadFile, type UploadOutcome } from '../../services/documents/upload-document';
import { assertSessionToken, CSRF_FIELD, CSRF_HEADER } from '../csrf';
import { formOf, wantsJson } from '../form';
import { pageStrings, type Strings } from '../i18n';
import { csrfField, flash, renderMessage } from '../layout';
import { sessionCsrfToken } from '../session';
import { errorText } from '../account/routes';
import { WEB_SUBIDAS_PATH } from './uploads-in-parts';
import { rowJson } from './list';

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
export function addSection(s: Strings, csrf: string | undefined, maxUploadBytes: number) {
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

/** POST /biblioteca/subir: one file, multipart, its session token in a header or a field. */
export async function uploadForm(c: Context<AppEnv>) {
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
export async function urlForm(c: Context<AppEnv>) {
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
